import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../db/database.generated.ts';
import { errorBodySchema } from '../http/envelope.ts';
import { conflict, HttpError, unprocessable } from '../http/errors.ts';
import { createIdempotencyKeysRepository, type HeldClaim } from './idempotency.repository.ts';
import type { JobQueue } from './jobs.ts';
import { idempotencyKeyHeader, idempotencyKeyMaxLength } from './openapi-contract.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route honours an Idempotency-Key header (decision 0077): a retry with the same key
     * and body answers the first answer again and does nothing twice. One line turns it on.
     */
    idempotent?: boolean;
  }
}

const m = messages.idempotency;

/** How long a key's answer is kept, and so how long a retry is safe. */
export const idempotencyWindowMs = 24 * 3_600_000;
/**
 * A first call still unanswered after this was lost with its process. Without its effect marked
 * (markIdempotentEffect, in its transaction) nothing was done and the key may be used again; with
 * it, the effect was done and only the answer lost (decision 0104).
 */
export const abandonedClaimMs = 10 * 60_000;
export const idempotencyPurgeJob = 'idempotency.purge';

const validKey = new RegExp(`^[\\x21-\\x7E]{1,${idempotencyKeyMaxLength}}$`);

/** What makes two calls the same call: method, address (the query included) and the body read. */
export function requestDigest(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, url, body ?? null]))
    .digest('base64url');
}

type Claim = HeldClaim;

/** The claims of the calls running now, by request. */
const claims = new WeakMap<FastifyRequest, Claim>();

/**
 * Writes, in `trx` — the transaction that makes the call's effect — that the call holding an
 * Idempotency-Key did it, so the key's record exists exactly when the effect does (decision 0104).
 * Throws 409 idempotency_key_in_progress, rolling the effect back, when the claim is no longer this
 * call's. Does nothing for a call without a key. Every idempotent route's transaction calls it.
 */
export async function markIdempotentEffect(request: FastifyRequest, trx: Transaction<DB>) {
  const held = claims.get(request);
  if (held && !(await createIdempotencyKeysRepository(trx).markEffect(trx, held))) {
    throw conflict(m.keyInProgress, 'idempotency_key_in_progress');
  }
}

/**
 * Idempotency-Key on the routes with `config.idempotent`. The key is kept per caller (an account,
 * or the holder of the API key the route accepted: request.keyHolder), so one tenant never sees
 * another's answer. After validation, before the handler, the key is claimed in one statement
 * (the primary key decides between concurrent calls); the route's transaction marks the effect on
 * it (markIdempotentEffect); the answer, once sent, is kept beside it. Answers that did nothing
 * (5xx, 409, 429, with no effect marked) are not kept: the key is free for a retry.
 */
export async function registerIdempotency(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; jobs: Pick<JobQueue, 'enqueue' | 'handle'>; clock: () => Date },
) {
  const { db, jobs, clock } = deps;
  const keys = createIdempotencyKeysRepository(db);

  jobs.handle(idempotencyPurgeJob, async () => {
    await keys.purgeExpired(clock());
  });

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent || !route.schema?.response) return;
    // The refusals of a reused or busy key are answers of the route too.
    route.schema.response = {
      ...(route.schema.response as object),
      409: errorBodySchema,
      422: errorBodySchema,
    };
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = request.headers[idempotencyKeyHeader];
    if (key === undefined) return;
    if (typeof key !== 'string' || !validKey.test(key)) {
      throw new HttpError(400, m.keyInvalid, undefined, undefined, 'idempotency_key_invalid');
    }
    const caller = request.auth ? `account:${request.auth.account.id}` : request.keyHolder;
    if (!caller) return;
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '')) {
      throw new HttpError(400, m.csvNotSupported, undefined, undefined, 'idempotency_key_invalid');
    }
    const digest = requestDigest(request.method, request.url, request.body);
    const kept = await claim(request, { caller, key, token: randomUUID() }, digest);
    if (kept) return replay(reply, kept);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = claims.get(request);
    if (!held) return payload;
    claims.delete(request);
    await settle(request, reply, held, payload);
    return payload;
  });

  /** Claims the key for this call, or answers the row a first call left (a replay or a refusal). */
  async function claim(request: FastifyRequest, held: Claim, digest: string) {
    const now = clock();
    const expiresAt = new Date(now.getTime() + idempotencyWindowMs);
    const existing = await db.transaction().execute(async (trx) => {
      await keys.freeStale(trx, held, now, new Date(now.getTime() - abandonedClaimMs));
      const inserted = await keys.insertClaim(trx, held, digest, now, expiresAt);
      if (inserted) return undefined;
      return keys.firstCall(trx, held);
    });
    if (!existing) {
      claims.set(request, held);
      // One purge an hour of expiries at most: the job deletes every key expired by then.
      const hour = Math.ceil(expiresAt.getTime() / 3_600_000);
      await jobs.enqueue(idempotencyPurgeJob, undefined, {
        runAt: new Date(hour * 3_600_000),
        dedupeKey: `${idempotencyPurgeJob}:${hour}`,
      });
      return undefined;
    }
    if (existing.request_digest !== digest) throw unprocessable(m.keyReused, 'idempotency_key_reused');
    if (existing.status_code === null) {
      const lost = existing.effect_at && existing.created_at.getTime() <= now.getTime() - abandonedClaimMs;
      if (lost) throw conflict(m.answerLost, 'idempotency_key_answer_lost');
      throw conflict(m.keyInProgress, 'idempotency_key_in_progress');
    }
    return existing;
  }

  /** Keeps the answer of a call that did what it answers; frees the key of one that did nothing. */
  async function settle(request: FastifyRequest, reply: FastifyReply, held: Claim, payload: unknown) {
    const status = reply.statusCode;
    const keepable = status < 500 && status !== 409 && status !== 429;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    try {
      if (keepable && body !== null) {
        await keys.keepAnswer(held, {
          statusCode: status,
          contentType: String(reply.getHeader('content-type') ?? ''),
          body,
        });
      } else {
        await keys.release(held);
      }
    } catch (error) {
      // The answer still goes; the claim is taken as abandoned after abandonedClaimMs.
      request.log.warn({ err: error }, 'idempotency key not settled');
    }
  }
}

function replay(
  reply: FastifyReply,
  kept: { status_code: number | null; content_type: string | null; body: string | null },
) {
  reply.code(kept.status_code ?? 200).header('idempotent-replayed', 'true');
  if (kept.content_type) reply.type(kept.content_type);
  return reply.send(kept.body ?? '');
}
