import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

type Executor = Kysely<DB> | Transaction<DB>;

const publisherCodesLock = 5_000_101;

/** A publisher with its bank and counts, as the system admin's list reads it. */
export interface PublisherRecord {
  id: string;
  code: string;
  display_name: string;
  created_at: Date;
  bank_id: string | null;
  bank_name: string | null;
  brands_count: number;
  working_keys_count: number;
}

/**
 * Publishers as accounts (decision 0088): the system admin's list, each publisher's bank (whose
 * bank admins administer its keys: banks.publisher_id) and the brands in its feed (publisher_brands).
 */
export function createPublishersRepository(db: Kysely<DB>) {
  const withCounts = (executor: Executor) =>
    executor
      .selectFrom('publishers as p')
      .leftJoin('banks as b', 'b.publisher_id', 'p.id')
      .select([
        'p.id',
        'p.code',
        'p.display_name',
        'p.created_at',
        'b.id as bank_id',
        'b.name as bank_name',
        sql<number>`(SELECT count(*)::int FROM publisher_brands pb WHERE pb.publisher_id = p.id)`.as(
          'brands_count',
        ),
        sql<number>`(SELECT count(*)::int FROM publisher_api_keys k WHERE k.publisher_id = p.id
          AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()))`.as(
          'working_keys_count',
        ),
      ]);

  return {
    async listPage(query: { page: number; limit: number; search?: string }) {
      let listed = withCounts(db);
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        listed = listed.where((eb) =>
          eb.or([eb('p.code', 'ilike', pattern), eb('p.display_name', 'ilike', pattern)]),
        );
      }
      const rows: (PublisherRecord & { total: number })[] = await listed
        .select(sql<number>`count(*) OVER ()`.as('total'))
        .orderBy('p.display_name')
        .orderBy('p.id')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      return { rows, total: rows[0]?.total ?? (query.page === 1 ? 0 : await this.count(query.search)) };
    },

    async count(search?: string): Promise<number> {
      let counted = db.selectFrom('publishers as p').select((eb) => eb.fn.countAll<number>().as('total'));
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        counted = counted.where((eb) =>
          eb.or([eb('p.code', 'ilike', pattern), eb('p.display_name', 'ilike', pattern)]),
        );
      }
      return Number((await counted.executeTakeFirstOrThrow()).total);
    },

    find(id: string, executor: Executor = db): Promise<PublisherRecord | undefined> {
      return withCounts(executor).where('p.id', '=', id).executeTakeFirst();
    },

    /** The publisher a bank belongs to. */
    async publisherOfBank(bankId: string): Promise<string | null> {
      const row = await db
        .selectFrom('banks')
        .select('publisher_id')
        .where('id', '=', bankId)
        .executeTakeFirst();
      return row?.publisher_id ?? null;
    },

    /** Held while a code is checked and taken, so two creations cannot take one code in two cases. */
    async lockCodes(trx: Transaction<DB>) {
      await sql`SELECT pg_advisory_xact_lock(${publisherCodesLock}::bigint)`.execute(trx);
    },

    async codeExists(code: string, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('publishers')
        .select('id')
        .where(sql`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(values: { code: string; displayName: string }, trx: Transaction<DB>) {
      const row = await trx
        .insertInto('publishers')
        .values({ code: values.code, display_name: values.displayName })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async lockById(id: string, trx: Transaction<DB>) {
      return trx.selectFrom('publishers').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async rename(id: string, displayName: string, trx: Transaction<DB>) {
      await trx
        .updateTable('publishers')
        .set({ display_name: displayName, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** The bank locked, with the publisher it belongs to now. */
    lockBank(bankId: string, trx: Transaction<DB>) {
      return trx
        .selectFrom('banks')
        .select(['id', 'publisher_id'])
        .where('id', '=', bankId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Makes `bankId` (or no bank) the one bank of the publisher. */
    async setBank(publisherId: string, bankId: string | null, trx: Transaction<DB>) {
      let released = trx
        .updateTable('banks')
        .set({ publisher_id: null })
        .where('publisher_id', '=', publisherId);
      if (bankId) released = released.where('id', '<>', bankId);
      await released.execute();
      if (bankId) {
        await trx.updateTable('banks').set({ publisher_id: publisherId }).where('id', '=', bankId).execute();
      }
    },

    linkedBrands(publisherId: string) {
      return db
        .selectFrom('publisher_brands as pb')
        .innerJoin('brands as b', 'b.id', 'pb.brand_id')
        .leftJoin('groups as g', 'g.id', 'b.group_id')
        .select(['b.id', 'b.name', 'g.name as group_name', 'pb.created_at'])
        .where('pb.publisher_id', '=', publisherId)
        .orderBy('b.name')
        .orderBy('b.id')
        .execute();
    },

    /** Makes the publisher's feed exactly these brands: the others are removed, the new ones added. */
    async replaceBrands(publisherId: string, brandIds: string[], userId: string, trx: Transaction<DB>) {
      let removed = trx.deleteFrom('publisher_brands').where('publisher_id', '=', publisherId);
      if (brandIds.length > 0) removed = removed.where('brand_id', 'not in', brandIds);
      await removed.execute();
      if (brandIds.length === 0) return;
      await trx
        .insertInto('publisher_brands')
        .values(
          brandIds.map((brandId) => ({ publisher_id: publisherId, brand_id: brandId, created_by: userId })),
        )
        .onConflict((conflict) => conflict.columns(['publisher_id', 'brand_id']).doNothing())
        .execute();
    },
  };
}

export type PublishersRepository = ReturnType<typeof createPublishersRepository>;
