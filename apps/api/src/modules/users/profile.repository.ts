import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** SQL of My Profile: the user's own fields, their brand's name, and deactivation. */
export function createProfileRepository(db: Kysely<DB>) {
  return {
    async updateProfile(
      userId: string,
      fields: { firstName: string; lastName: string; phone: string; address: string | null },
      executor: Executor = db,
    ) {
      await executor
        .updateTable('users')
        .set((eb) => ({
          first_name: fields.firstName,
          last_name: fields.lastName,
          phone: fields.phone,
          address: fields.address,
          updated_at: new Date(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', userId)
        .execute();
    },

    async renameBrand(brandId: string, name: string, executor: Executor = db) {
      await executor
        .updateTable('brands')
        .set({ name, updated_at: new Date() })
        .where('id', '=', brandId)
        .execute();
    },

    /** Marks the user deactivated; answers whether it was active until now. */
    async deactivate(userId: string, executor: Executor = db) {
      const row = await executor
        .updateTable('users')
        .set((eb) => ({ status: 'deactivated', updated_at: new Date(), version: eb('version', '+', 1) }))
        .where('id', '=', userId)
        .where('status', '=', 'active')
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
