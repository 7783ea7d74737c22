import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/database.generated.ts';

/** A caller's key: whose and which. */
interface KeyOf {
  caller: string;
  key: string;
}

/** One claim of a caller's key: the token tells it from a later claim of the same key (decision 0104). */
export interface HeldClaim extends KeyOf {
  token: string;
}

/** The Idempotency-Key claims and the answers kept for them (idempotency_keys, decision 0077). SQL only. */
export function createIdempotencyKeysRepository(db: Kysely<DB>) {
  return {
    /** Deletes every key expired by `now`. */
    async purgeExpired(now: Date) {
      await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).execute();
    },

    /**
     * Frees the caller's key when it expired, or its first call was claimed before `abandonedBefore`,
     * never answered and did nothing (no effect marked: a lost call that did it is never run again).
     */
    async freeStale(trx: Transaction<DB>, held: KeyOf, now: Date, abandonedBefore: Date) {
      await trx
        .deleteFrom('idempotency_keys')
        .where('caller', '=', held.caller)
        .where('key', '=', held.key)
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', now),
            eb.and([
              eb('status_code', 'is', null),
              eb('effect_at', 'is', null),
              eb('created_at', '<=', abandonedBefore),
            ]),
          ]),
        )
        .execute();
    },

    /** Claims the key for a call with this digest: the key when claimed, undefined when a call holds it. */
    async insertClaim(trx: Transaction<DB>, held: HeldClaim, digest: string, now: Date, expiresAt: Date) {
      return trx
        .insertInto('idempotency_keys')
        .values({
          caller: held.caller,
          key: held.key,
          claim_token: held.token,
          request_digest: digest,
          created_at: now,
          expires_at: expiresAt,
        })
        .onConflict((oc) => oc.columns(['caller', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
    },

    /** What the first call of the key left: its digest, whether it did its effect, once answered its answer. */
    async firstCall(trx: Transaction<DB>, held: KeyOf) {
      return trx
        .selectFrom('idempotency_keys')
        .select(['request_digest', 'status_code', 'content_type', 'body', 'effect_at', 'created_at'])
        .where('caller', '=', held.caller)
        .where('key', '=', held.key)
        .executeTakeFirstOrThrow();
    },

    /**
     * In the call's own transaction (decision 0104): marks that its effect is being written, so the
     * key's record commits, or rolls back, with the effect. False when the row is no longer this
     * claim's (taken as abandoned and claimed again, or already answered).
     */
    async markEffect(trx: Transaction<DB>, held: HeldClaim) {
      const marked = await trx
        .updateTable('idempotency_keys')
        .set({ effect_at: sql`now()` })
        .where('caller', '=', held.caller)
        .where('key', '=', held.key)
        .where('claim_token', '=', held.token)
        .where('status_code', 'is', null)
        .returning('key')
        .executeTakeFirst();
      return marked !== undefined;
    },

    /** Keeps the answer beside the key, for a retry to get, while the claim is still this call's. */
    async keepAnswer(held: HeldClaim, answer: { statusCode: number; contentType: string; body: string }) {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: answer.statusCode, content_type: answer.contentType, body: answer.body })
        .where('caller', '=', held.caller)
        .where('key', '=', held.key)
        .where('claim_token', '=', held.token)
        .execute();
    },

    /**
     * Frees the key: its call answered that it did nothing. Not when its effect was marked (an
     * answer that failed after the effect committed): the claim is kept, the effect is done.
     */
    async release(held: HeldClaim) {
      await db
        .deleteFrom('idempotency_keys')
        .where('caller', '=', held.caller)
        .where('key', '=', held.key)
        .where('claim_token', '=', held.token)
        .where('effect_at', 'is', null)
        .execute();
    },
  };
}
