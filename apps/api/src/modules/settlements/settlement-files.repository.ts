import { sql, type Kysely } from 'kysely';
import type { SettlementKind } from '@krowd/domain/settlement/settlement.rules';
import type { DB } from '../../db/database.generated.ts';

/** Whose files a list reads: every publisher's (system admin) or the named ones. */
export type PublisherReach = 'all' | readonly string[];

export interface SettlementFileFilter {
  kind?: SettlementKind;
  /** A month (its monthly file and its days' files) or a date (that day's file). */
  period?: string;
}

const listed = [
  'f.id',
  'f.publisher_id',
  'p.display_name as publisher_name',
  'f.kind',
  'f.period',
  'f.row_count',
  'f.cashback_pence',
  'f.success_fee_pence',
  'f.sha256',
  'f.generated_at',
] as const;

/** The stored settlement files as their lists and downloads read them (docs/decisions/0107). SQL only. */
export function createSettlementFilesRepository(db: Kysely<DB>) {
  return {
    /** The publisher a bank belongs to (banks.publisher_id), or null. */
    async publisherOfBank(bankId: string): Promise<string | null> {
      const row = await db
        .selectFrom('banks')
        .select('publisher_id')
        .where('id', '=', bankId)
        .executeTakeFirst();
      return row?.publisher_id ?? null;
    },

    /** A page of the files, newest period first, and how many match (in the same query). */
    async list(reach: PublisherReach, filter: SettlementFileFilter, page: { limit: number; offset: number }) {
      if (reach !== 'all' && reach.length === 0) return { rows: [], total: 0 };
      let query = db
        .selectFrom('settlement_files as f')
        .innerJoin('publishers as p', 'p.id', 'f.publisher_id')
        .select([...listed, sql<number>`count(*) OVER ()`.as('total')]);
      if (reach !== 'all') query = query.where('f.publisher_id', 'in', reach);
      if (filter.kind) query = query.where('f.kind', '=', filter.kind);
      const { period } = filter;
      // The schema allows digits and dashes only, so the pattern holds no wildcard of the caller's.
      if (period) {
        query = query.where((eb) =>
          eb.or([eb('f.period', '=', period), eb('f.period', 'like', `${period}-%`)]),
        );
      }
      const rows = await query
        .orderBy('f.period', 'desc')
        .orderBy('f.kind')
        .orderBy('f.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      if (rows.length === 0 && page.offset > 0) {
        // Past the last page: the total still comes from the filter alone.
        const counted = await query
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow();
        return { rows, total: Number(counted.total) };
      }
      return { rows, total: Number(rows[0]?.total ?? 0) };
    },

    /** One file with its content, whoever's it is (the service checks reach). */
    async find(id: string) {
      return db
        .selectFrom('settlement_files as f')
        .innerJoin('publishers as p', 'p.id', 'f.publisher_id')
        .select([...listed, 'f.content'])
        .where('f.id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type SettlementFilesRepository = ReturnType<typeof createSettlementFilesRepository>;
export type SettlementFileRow = Awaited<ReturnType<SettlementFilesRepository['list']>>['rows'][number];
