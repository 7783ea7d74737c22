import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/** A client admin's saved lists of brands (client_lists, client_list_brands; decision 0094). SQL only. */
export function createClientListsRepository(db: Kysely<DB>) {
  return {
    /** The owner's list of that name, whatever its case. */
    async namedList(trx: Transaction<DB>, ownerUserId: string, name: string) {
      return trx
        .selectFrom('client_lists')
        .select('id')
        .where('owner_user_id', '=', ownerUserId)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirst();
    },

    /** The brands of those ids that exist, share-locked so none is deleted before the list is written. */
    async lockBrands(trx: Transaction<DB>, brandIds: readonly string[]) {
      return trx
        .selectFrom('brands')
        .select(['id', 'group_id'])
        .where('id', 'in', brandIds)
        .forShare()
        .execute();
    },

    /** Writes the list and its brands. */
    async insertList(trx: Transaction<DB>, ownerUserId: string, name: string, brandIds: readonly string[]) {
      const inserted = await trx
        .insertInto('client_lists')
        .values({ owner_user_id: ownerUserId, name })
        .returning(['id', 'name', 'created_at'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('client_list_brands')
        .values(brandIds.map((brandId) => ({ client_list_id: inserted.id, brand_id: brandId })))
        .execute();
      return inserted;
    },

    /** The brands in a list, by name. */
    async brandsOf(listId: string) {
      return db
        .selectFrom('client_list_brands as l')
        .innerJoin('brands as b', 'b.id', 'l.brand_id')
        .select(['b.id', 'b.name'])
        .where('l.client_list_id', '=', listId)
        .orderBy('b.name')
        .orderBy('b.id')
        .execute();
    },
  };
}

export type ClientListsRepository = ReturnType<typeof createClientListsRepository>;
