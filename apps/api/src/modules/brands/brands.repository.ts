import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export function createBrandsRepository(db: Kysely<DB>) {
  return {
    findById(id: string) {
      return db
        .selectFrom('brands as b')
        .leftJoin('groups as g', 'g.id', 'b.group_id')
        .select(['b.id', 'b.name', 'b.group_id', 'g.name as group_name', 'b.created_at'])
        .where('b.id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type BrandsRepository = ReturnType<typeof createBrandsRepository>;
