import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** SQL for two-step sign-in: the user's TOTP secret, recovery codes and login challenges. */
export function createMultiFactorRepository(db: Kysely<DB>) {
  return {
    find(userId: string, executor: Executor = db) {
      return executor
        .selectFrom('user_multi_factor')
        .select(['secret', 'enabled_at', 'last_used_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A new secret waiting for its first code; replaces an unconfirmed one, never an enabled one. */
    async savePending(userId: string, secret: string, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .insertInto('user_multi_factor')
        .values({ user_id: userId, secret, enabled_at: null, last_used_step: null })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ secret, last_used_step: null })
            .where('user_multi_factor.enabled_at', 'is', null),
        )
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async enable(userId: string, now: Date, step: number, executor: Executor) {
      await executor
        .updateTable('user_multi_factor')
        .set({ enabled_at: now, last_used_step: step })
        .where('user_id', '=', userId)
        .execute();
    },

    /**
     * Records `step` as the last used, only when it is later than the last: false means the code's
     * step was used already (a replay, or the same code sent twice at once).
     */
    async useStep(userId: string, step: number, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .updateTable('user_multi_factor')
        .set({ last_used_step: step })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async remove(userId: string, executor: Executor) {
      await executor.deleteFrom('multi_factor_recovery_codes').where('user_id', '=', userId).execute();
      await executor.deleteFrom('user_multi_factor').where('user_id', '=', userId).execute();
    },

    async replaceRecoveryCodes(
      userId: string,
      codes: readonly { salt: string; codeHash: string }[],
      executor: Executor,
    ) {
      await executor.deleteFrom('multi_factor_recovery_codes').where('user_id', '=', userId).execute();
      await executor
        .insertInto('multi_factor_recovery_codes')
        .values(codes.map((code) => ({ user_id: userId, salt: code.salt, code_hash: code.codeHash })))
        .execute();
    },

    unusedRecoveryCodes(userId: string) {
      return db
        .selectFrom('multi_factor_recovery_codes')
        .select(['id', 'salt', 'code_hash'])
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },

    /** Spends a recovery code; false when it was spent meanwhile. */
    async useRecoveryCode(id: string, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('multi_factor_recovery_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A new challenge; the user's expired ones go, so the table holds only live ones. */
    async insertChallenge(input: { userId: string; tokenHash: string; now: Date; expiresAt: Date }) {
      await db
        .deleteFrom('multi_factor_challenges')
        .where('user_id', '=', input.userId)
        .where('expires_at', '<=', input.now)
        .execute();
      await db
        .insertInto('multi_factor_challenges')
        .values({ user_id: input.userId, token_hash: input.tokenHash, expires_at: input.expiresAt })
        .execute();
    },

    async findChallenge(tokenHash: string, now: Date): Promise<string | undefined> {
      const row = await db
        .selectFrom('multi_factor_challenges')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Marks a challenge used; false when it was used or expired meanwhile. */
    async useChallenge(tokenHash: string, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('multi_factor_challenges')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type MultiFactorRepository = ReturnType<typeof createMultiFactorRepository>;
