import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '@krowd/domain/messages/messages';
import {
  keyWorks,
  lastUseDue,
  lastUseWriteIntervalMs,
  type PublisherKeyMode,
} from '@krowd/domain/publisher/publisher-key.rules';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import type { PublisherCaller } from '../../http/publisher-caller.ts';
import { createPublisherKeysRepository, type PublisherKeysRepository } from './publisher-keys.repository.ts';

export type { PublisherCaller };

/** The header a publisher's system sends its key in (declared as `publisherKey` in the OpenAPI document). */
export const publisherKeyHeader = 'x-api-key';

/** Each key's calls are counted in windows of a minute. */
const rateWindowMs = 60_000;

/**
 * Authenticates a publisher-facing call by its X-Api-Key (decision 0089): one indexed read of the
 * key by its hash, every time, so a revoked key is refused at the next call on every instance (no
 * cache to outlive a revocation), which counts the call against the key's own rate limit in the
 * same statement (429 with Retry-After; decision 0119); then its last use, written at most once a
 * minute. A key of the wrong mode for the operation answers 403.
 */
export function createPublisherKeyAuth(deps: {
  keys: Pick<PublisherKeysRepository, 'holderCounted' | 'touch'>;
  callsPerMinute: number;
  clock: () => Date;
}) {
  const { keys, callsPerMinute, clock } = deps;
  return {
    async authenticate(
      request: FastifyRequest,
      modes: readonly PublisherKeyMode[],
    ): Promise<PublisherCaller> {
      const secret = request.headers[publisherKeyHeader];
      const holder =
        typeof secret === 'string' && secret
          ? await keys.holderCounted(secret, {
              prefix: 'publisher-key:',
              max: callsPerMinute,
              windowMs: rateWindowMs,
            })
          : undefined;
      const now = clock();
      if (!holder || !keyWorks(holder, now))
        throw unauthorized(messages.publisherKey.invalid, 'api_key_invalid');
      if (!holder.limit.allowed) throw tooManyRequests(undefined, holder.limit.retryAfterSeconds);
      if (lastUseDue(holder.lastUsedAt, now)) await keys.touch(holder.keyId, lastUseWriteIntervalMs);
      if (!modes.includes(holder.mode)) {
        throw forbidden(
          holder.mode === 'test' ? messages.publisherKey.liveOnly : messages.publisherKey.testOnly,
          'api_key_wrong_mode',
        );
      }
      return {
        keyId: holder.keyId,
        mode: holder.mode,
        publisherId: holder.publisherId,
        publisherCode: holder.publisherCode,
      };
    },
  };
}

export type PublisherKeyAuth = ReturnType<typeof createPublisherKeyAuth>;

/** The app's key authentication: the keys table, the shared rate limiter, the configured limit. */
export function publisherKeyAuthOf(deps: {
  db: Kysely<DB>;
  config: Pick<Config, 'rateLimit'>;
  clock: () => Date;
}): PublisherKeyAuth {
  return createPublisherKeyAuth({
    keys: createPublisherKeysRepository(deps.db),
    callsPerMinute: deps.config.rateLimit.publisherKeyCallsPerMinute,
    clock: deps.clock,
  });
}
