import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export function createBanksRepository(db: Kysely<DB>) {
  return {
    findById(id: string) {
      return db
        .selectFrom('banks')
        .select(['id', 'name', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type BanksRepository = ReturnType<typeof createBanksRepository>;
