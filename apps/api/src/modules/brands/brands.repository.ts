import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

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

    /** Every brand, or the brands of the ids given, by name (the dashboard's brand list). */
    listBrands(ids?: readonly string[]) {
      let query = db.selectFrom('brands').select(['id', 'name', 'group_id']).orderBy('name').orderBy('id');
      if (ids) {
        if (ids.length === 0) return Promise.resolve([]);
        query = query.where('id', 'in', ids);
      }
      return query.execute();
    },

    groupById(groupId: string) {
      return db.selectFrom('groups').select(['id', 'name']).where('id', '=', groupId).executeTakeFirst();
    },

    brandsOfGroup(groupId: string) {
      return db
        .selectFrom('brands')
        .select(['id', 'name', 'group_id'])
        .where('group_id', '=', groupId)
        .orderBy('name')
        .execute();
    },

    /** Groups with their brands; all groups, or only the one given. */
    async groupsWithBrands(groupId?: string) {
      let query = db
        .selectFrom('groups as g')
        .leftJoin('brands as b', 'b.group_id', 'g.id')
        .select(['g.id as group_id', 'g.name as group_name', 'b.id as brand_id', 'b.name as brand_name'])
        .orderBy('g.name')
        .orderBy('b.name');
      if (groupId) query = query.where('g.id', '=', groupId);
      return query.execute();
    },

    /** Those of the ids that are brands, locked until the transaction ends (a write decides on them). */
    async lockExisting(ids: readonly string[], trx: Transaction<DB>) {
      if (ids.length === 0) return [];
      const rows = await trx.selectFrom('brands').select('id').where('id', 'in', ids).forUpdate().execute();
      return rows.map((row) => row.id);
    },

    /** Whether a group already has this name, whatever its case. */
    async groupNameExists(name: string) {
      const row = await db
        .selectFrom('groups')
        .select('id')
        .where(sql`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    insertGroup(name: string, trx: Transaction<DB>) {
      return trx
        .insertInto('groups')
        .values({ name })
        .returning(['id', 'name', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** Moves the brands into the group, out of any group they were in. */
    async moveToGroup(brandIds: readonly string[], groupId: string, trx: Transaction<DB>) {
      await trx
        .updateTable('brands')
        .set({ group_id: groupId, updated_at: new Date() })
        .where('id', 'in', brandIds)
        .execute();
    },

    async projectionRecord(brandId: string) {
      const row = await db
        .selectFrom('projection_records')
        .select('record')
        .where('brand_id', '=', brandId)
        .executeTakeFirst();
      return row?.record ?? null;
    },
  };
}

export type BrandsRepository = ReturnType<typeof createBrandsRepository>;
