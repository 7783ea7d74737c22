import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import { countingHit, verdictOf, type CountedHit } from '../../http/rate-limiter.repository.ts';

/**
 * A publisher's API keys as stored (migration 0037): the SHA-256 of each secret, never the secret.
 * A key is found by its hash in one indexed read; a key's last use is written by a statement that
 * changes nothing when it was written within the minute.
 */

/** The stored form of a key's secret: SHA-256, hex (secrets are 32 random bytes; see 0012, 0037). */
export function keySecretHashOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export type PublisherKeyRecord = Selectable<DB['publisher_api_keys']>;

export interface NewPublisherKey {
  publisherId: string;
  mode: PublisherKeyRecord['mode'];
  prefix: string;
  secret: string;
  name: string;
  createdBy: string;
}

/** What a key-authenticated call needs of its key and publisher. */
export interface KeyHolder {
  keyId: string;
  mode: PublisherKeyRecord['mode'];
  publisherId: string;
  publisherCode: string;
  revokedAt: Date | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export function createPublisherKeysRepository(db: Kysely<DB>) {
  return {
    /**
     * The key of `secret` with one call counted against its limit (`counter` + its id, in windows
     * of `windowMs`, as the rate limiter counts), in one statement: a call with a key makes one
     * round trip before its work (docs/decisions/0119). A key revoked or expired is counted too;
     * the caller refuses it.
     */
    async holderCounted(
      secret: string,
      counter: { prefix: string; max: number; windowMs: number },
    ): Promise<(KeyHolder & { limit: ReturnType<typeof verdictOf> }) | undefined> {
      const { rows } = await sql<
        Pick<
          PublisherKeyRecord,
          'id' | 'mode' | 'publisher_id' | 'revoked_at' | 'expires_at' | 'last_used_at'
        > &
          CountedHit & { code: string }
      >`
        WITH holder AS (
          SELECT k.id, k.mode, k.publisher_id, p.code, k.revoked_at, k.expires_at, k.last_used_at
          FROM publisher_api_keys k JOIN publishers p ON p.id = k.publisher_id
          WHERE k.secret_hash = ${keySecretHashOf(secret)}
        ), counted AS (
          INSERT INTO rate_limit_counters AS c (key, window_started_at, hits)
          SELECT ${counter.prefix} || holder.id, now(), 1 FROM holder
          ${countingHit(counter.windowMs)}
        )
        SELECT holder.*, counted.hits, counted.retry_after FROM holder CROSS JOIN counted
      `.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      return {
        keyId: row.id,
        mode: row.mode,
        publisherId: row.publisher_id,
        publisherCode: row.code,
        revokedAt: row.revoked_at,
        expiresAt: row.expires_at,
        lastUsedAt: row.last_used_at,
        limit: verdictOf(row, counter.max),
      };
    },

    /** Marks the key used now, unless another instance did within `intervalMs`. */
    async touch(keyId: string, intervalMs: number): Promise<void> {
      const interval = `${Math.ceil(intervalMs)} milliseconds`;
      await db
        .updateTable('publisher_api_keys')
        .set({ last_used_at: sql<Date>`now()` })
        .where('id', '=', keyId)
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<', sql<Date>`now() - ${interval}::interval`),
          ]),
        )
        .execute();
    },

    /** The publisher's keys, newest first, each with the e-mail of who made it. */
    listOf(publisherId: string): Promise<(PublisherKeyRecord & { created_by_email: string | null })[]> {
      return db
        .selectFrom('publisher_api_keys as k')
        .leftJoin('users as u', 'u.id', 'k.created_by')
        .selectAll('k')
        .select('u.email as created_by_email')
        .where('k.publisher_id', '=', publisherId)
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id')
        .execute();
    },

    /** The key, locked until the transaction ends, so a rotation and a revocation happen one after the other. */
    lock(publisherId: string, keyId: string, trx: Transaction<DB>): Promise<PublisherKeyRecord | undefined> {
      return trx
        .selectFrom('publisher_api_keys')
        .selectAll()
        .where('publisher_id', '=', publisherId)
        .where('id', '=', keyId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The publisher, locked: its keys are counted and made one save after the other. */
    async lockPublisher(publisherId: string, trx: Transaction<DB>) {
      await trx.selectFrom('publishers').select('id').where('id', '=', publisherId).forUpdate().execute();
    },

    /** Keys of the publisher that still work: neither revoked nor past their end. */
    async workingCount(publisherId: string, trx: Transaction<DB>): Promise<number> {
      const row = await trx
        .selectFrom('publisher_api_keys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('publisher_id', '=', publisherId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    insert(values: NewPublisherKey, trx: Transaction<DB>): Promise<PublisherKeyRecord> {
      return trx
        .insertInto('publisher_api_keys')
        .values({
          publisher_id: values.publisherId,
          mode: values.mode,
          prefix: values.prefix,
          secret_hash: keySecretHashOf(values.secret),
          name: values.name,
          created_by: values.createdBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The old key of a rotation: working until `expiresAt`, replaced by `replacedBy`. */
    endAt(keyId: string, expiresAt: Date, replacedBy: string, trx: Transaction<DB>) {
      return trx
        .updateTable('publisher_api_keys')
        .set({ expires_at: expiresAt, replaced_by: replacedBy })
        .where('id', '=', keyId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    revoke(keyId: string, at: Date, trx: Transaction<DB>) {
      return trx
        .updateTable('publisher_api_keys')
        .set({ revoked_at: at })
        .where('id', '=', keyId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type PublisherKeysRepository = ReturnType<typeof createPublisherKeysRepository>;
