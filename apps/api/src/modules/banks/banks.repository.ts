import { sql, type Kysely, type Transaction } from 'kysely';
import type { BankSortField, BankUpdate } from '@krowd/domain/bank/bank.schema';
import type { SortDirection } from '@krowd/domain/list/list.schema';
import type { DB } from '../../db/database.generated.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export interface BankListQuery {
  search?: string;
  sort?: { sortfield: BankSortField; direction: SortDirection };
  page: number;
  limit: number;
}

/** A LIKE pattern that matches the text literally, wherever it appears. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const bankColumns = [
  'id',
  'name',
  'contact_email',
  'contact_phone',
  'address',
  'website',
  'created_at',
] as const;

export type BankRecord = NonNullable<Awaited<ReturnType<BanksRepository['findById']>>>;

export function createBanksRepository(db: Kysely<DB>) {
  /** Banks with the number of their active users, searched by name (anywhere). */
  const listed = (search: string | undefined) => {
    let query = db.selectFrom('banks as k').select([
      'k.id',
      'k.name',
      'k.contact_email',
      'k.contact_phone',
      'k.created_at',
      (eb) =>
        eb
          .selectFrom('users as u')
          .select((count) => count.fn.countAll<number>().as('n'))
          .whereRef('u.bank_id', '=', 'k.id')
          .where('u.status', '=', 'active')
          .as('users_count'),
    ]);
    if (search) query = query.where('k.name', 'ilike', containing(search));
    return query;
  };

  return {
    findById(id: string, executor: Executor = db) {
      return executor.selectFrom('banks').select(bankColumns).where('id', '=', id).executeTakeFirst();
    },

    /** One page of banks with the total in the same query; newest first unless asked otherwise. */
    async listPage(query: BankListQuery) {
      const sort = query.sort ?? { sortfield: 'created', direction: 'desc' };
      const column = { name: 'k.name', created: 'k.created_at', usersCount: 'users_count' } as const;
      const rows = await listed(query.search)
        .select(sql<number>`count(*) OVER ()`.as('total'))
        .orderBy(column[sort.sortfield], sort.direction)
        .orderBy('k.id', sort.direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      if (rows[0] || query.page === 1) return { rows, total: rows[0]?.total ?? 0 };
      // A page past the end has no row to carry the total.
      const counted = await listed(query.search)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(counted.total) };
    },

    /** Whether a bank already has this name, whatever its case. */
    async nameExists(name: string, executor: Executor = db) {
      const row = await executor
        .selectFrom('banks')
        .select('id')
        .where(sql`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(name: string, executor: Executor = db) {
      return executor.insertInto('banks').values({ name }).returning(bankColumns).executeTakeFirstOrThrow();
    },

    /** The bank, locked until the transaction ends, so two saves of its brands happen one after the other. */
    lockById(id: string, trx: Transaction<DB>) {
      return trx.selectFrom('banks').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** The brands linked to the bank, by name. */
    linkedBrands(bankId: string, executor: Executor = db) {
      return executor
        .selectFrom('brand_banks as bb')
        .innerJoin('brands as b', 'b.id', 'bb.brand_id')
        .leftJoin('groups as g', 'g.id', 'b.group_id')
        .select(['b.id', 'b.name', 'g.name as group_name', 'bb.created_at'])
        .where('bb.bank_id', '=', bankId)
        .orderBy('b.name')
        .orderBy('b.id')
        .execute();
    },

    /** Makes the bank's links exactly these brands: the others are removed, the new ones added. */
    async replaceLinks(bankId: string, brandIds: string[], userId: string, trx: Transaction<DB>) {
      let removed = trx.deleteFrom('brand_banks').where('bank_id', '=', bankId);
      if (brandIds.length > 0) removed = removed.where('brand_id', 'not in', brandIds);
      await removed.execute();
      if (brandIds.length === 0) return;
      await trx
        .insertInto('brand_banks')
        .values(brandIds.map((brandId) => ({ bank_id: bankId, brand_id: brandId, created_by: userId })))
        .onConflict((conflict) => conflict.columns(['bank_id', 'brand_id']).doNothing())
        .execute();
    },

    async update(id: string, details: BankUpdate, executor: Executor = db) {
      await executor
        .updateTable('banks')
        .set({
          name: details.name,
          contact_email: details.contactEmail ?? null,
          contact_phone: details.contactPhone ?? null,
          address: details.address ?? null,
          website: details.website ?? null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type BanksRepository = ReturnType<typeof createBanksRepository>;
