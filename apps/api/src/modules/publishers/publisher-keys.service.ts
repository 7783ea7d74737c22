import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { diffRecords, type AuditChanges } from '@krowd/domain/audit/audit-diff.rules';
import type { AuditAction } from '@krowd/domain/audit/audit.schema';
import { messages } from '@krowd/domain/messages/messages';
import type {
  PublisherKey,
  PublisherKeyMade,
  PublisherKeysAnswer,
} from '@krowd/domain/publisher/publisher-response.schema';
import {
  keyPrefixOf,
  keySecretOf,
  keyStatusOf,
  keyWorks,
  maxWorkingKeys,
  rotatedKeyEnd,
  type PublisherKeyMode,
} from '@krowd/domain/publisher/publisher-key.rules';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { PublisherKeyRecord, PublisherKeysRepository } from './publisher-keys.repository.ts';
import type { PublishersService } from './publishers.service.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

const k = messages.publisherKey;

function toKey(row: PublisherKeyRecord & { created_by_email?: string | null }, now: Date): PublisherKey {
  return {
    _id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    status: keyStatusOf({ revokedAt: row.revoked_at, expiresAt: row.expires_at }, now),
    created: row.created_at.toISOString(),
    createdBy: row.created_by_email ?? null,
    lastUsed: row.last_used_at?.toISOString() ?? null,
    expires: row.expires_at?.toISOString() ?? null,
    revoked: row.revoked_at?.toISOString() ?? null,
  };
}

/** A new secret of `mode`: 32 random bytes, shown once and stored only as its hash. */
function newSecret(mode: PublisherKeyMode): string {
  return keySecretOf(mode, randomBytes(32).toString('base64url'));
}

/**
 * A publisher's keys, made, listed, rotated and revoked by whoever administers the publisher
 * (PublishersService.administeredPublisher; decision 0089). A revoked key stops at once: the key
 * check reads the key on every call and keeps nothing (publisher-key-auth.ts).
 */
export function createPublisherKeysService(deps: {
  db: Kysely<DB>;
  keys: PublisherKeysRepository;
  publishers: Pick<PublishersService, 'administeredPublisher'>;
  clock: () => Date;
  /** Each change recorded in its own transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, keys, publishers, clock } = deps;
  /** A key's event: the system admin's log (a publisher is no brand's); never its secret. */
  const audited = (
    trx: Transaction<DB>,
    caller: AuthContext,
    keyId: string,
    action: AuditAction,
    changes: AuditChanges,
  ) =>
    deps.audit?.record(trx, caller, {
      entityType: 'publisher_key',
      entityId: keyId,
      action,
      brandId: null,
      changes,
    });

  async function make(
    publisherId: string,
    caller: AuthContext,
    values: { name: string; mode: PublisherKeyMode },
    trx: Parameters<PublisherKeysRepository['insert']>[1],
  ) {
    if ((await keys.workingCount(publisherId, trx)) >= maxWorkingKeys)
      throw conflict(k.tooMany(maxWorkingKeys));
    const secret = newSecret(values.mode);
    const row = await keys.insert(
      { publisherId, ...values, prefix: keyPrefixOf(secret), secret, createdBy: caller.account.id },
      trx,
    );
    const made = {
      publisher_id: publisherId,
      name: row.name,
      mode: row.mode,
      prefix: row.prefix,
      expires_at: row.expires_at,
    };
    await audited(trx, caller, row.id, 'created', diffRecords(null, made));
    return { row, secret };
  }

  return {
    async list(caller: AuthContext, publisherId: string): Promise<PublisherKeysAnswer> {
      const publisher = await publishers.administeredPublisher(caller, publisherId);
      const now = clock();
      return {
        publisher: { _id: publisher.id, code: publisher.code, displayName: publisher.display_name },
        keys: (await keys.listOf(publisherId)).map((row) => toKey(row, now)),
      };
    },

    async create(
      caller: AuthContext,
      publisherId: string,
      values: { name: string; mode: PublisherKeyMode },
    ): Promise<PublisherKeyMade> {
      await publishers.administeredPublisher(caller, publisherId);
      const { row, secret } = await db.transaction().execute(async (trx) => {
        await keys.lockPublisher(publisherId, trx);
        return make(publisherId, caller, values, trx);
      });
      return { key: toKey({ ...row, created_by_email: caller.account.email }, clock()), secret };
    },

    /**
     * A new key of the same mode; the old one keeps working for `overlapHours` (never longer than
     * it would have), so the publisher's systems can switch without a failed call.
     */
    async rotate(
      caller: AuthContext,
      publisherId: string,
      keyId: string,
      options: { overlapHours: number; name?: string },
    ): Promise<PublisherKeyMade> {
      await publishers.administeredPublisher(caller, publisherId);
      const now = clock();
      const made = await db.transaction().execute(async (trx) => {
        await keys.lockPublisher(publisherId, trx);
        const old = await keys.lock(publisherId, keyId, trx);
        if (!old) throw notFound(k.notFound);
        if (old.revoked_at) throw conflict(k.alreadyRevoked);
        if (!keyWorks({ revokedAt: old.revoked_at, expiresAt: old.expires_at }, now))
          throw conflict(k.expired);
        const { row, secret } = await make(
          publisherId,
          caller,
          { name: options.name ?? old.name, mode: old.mode },
          trx,
        );
        const end = rotatedKeyEnd(now, options.overlapHours, old.expires_at);
        const replaced = await keys.endAt(old.id, end, row.id, trx);
        const ended = { expires_at: replaced.expires_at, replaced_by: row.id };
        await audited(
          trx,
          caller,
          old.id,
          'rotated',
          diffRecords({ expires_at: old.expires_at, replaced_by: null }, ended),
        );
        return { row, secret, replaced };
      });
      return {
        key: toKey({ ...made.row, created_by_email: caller.account.email }, now),
        secret: made.secret,
        replaced: toKey(made.replaced, now),
      };
    },

    async revoke(caller: AuthContext, publisherId: string, keyId: string): Promise<PublisherKey> {
      await publishers.administeredPublisher(caller, publisherId);
      const now = clock();
      const row = await db.transaction().execute(async (trx) => {
        const key = await keys.lock(publisherId, keyId, trx);
        if (!key) throw notFound(k.notFound);
        if (key.revoked_at) throw conflict(k.alreadyRevoked);
        const revoked = await keys.revoke(key.id, now, trx);
        await audited(trx, caller, key.id, 'revoked', diffRecords({ revoked_at: null }, { revoked_at: now }));
        return revoked;
      });
      return toKey(row, now);
    },
  };
}

export type PublisherKeysService = ReturnType<typeof createPublisherKeysService>;
