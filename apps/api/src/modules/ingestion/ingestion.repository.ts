import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { IngestionSortField } from '@krowd/domain/ingestion/ingestion.schema';
import type { SortDirection } from '@krowd/domain/list/list.schema';
import type { DB } from '../../db/database.generated.ts';
import type { ListedBrands } from '../../http/listed-brands.ts';

export interface IngestionListQuery {
  /** 'all': each file's totals; brand ids: those brands' share of each file that has any. */
  brandIds: ListedBrands;
  /** Part of the data source's name (its display name or its code). */
  search?: string;
  sort?: { sortfield: IngestionSortField; direction: SortDirection };
  page: number;
  limit: number;
}

/** What each sort field orders by (names without regard to case); the id breaks ties. */
const sortColumns = {
  dataSource: sql`lower(data_source)`,
  uploadedDate: sql`uploaded_at`,
  GMV: sql`gmv_pence`,
  txnCount: sql`transaction_count`,
} as const satisfies Record<IngestionSortField, RawBuilder<unknown>>;

/** What the log dates read of each log, besides its last transaction. */
const logColumns = [
  'l.id',
  'l.publisher_id',
  'p.code',
  'p.display_name',
  'l.uploaded_at',
  'l.next_ingestion_at',
] as const;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function createIngestionRepository(db: Kysely<DB>) {
  /** One row a file: its totals, or the listed brands' share of it summed. */
  function logRows(query: IngestionListQuery) {
    const withPublisher = db
      .selectFrom('ingestion_logs as l')
      .innerJoin('publishers as p', 'p.id', 'l.publisher_id')
      .$if(query.search !== undefined, (select) =>
        select.where((eb) =>
          eb.or([
            eb('p.display_name', 'ilike', containing(query.search!)),
            eb('p.code', 'ilike', containing(query.search!)),
          ]),
        ),
      );
    if (query.brandIds === 'all') {
      return withPublisher.select([
        'l.id',
        'p.display_name as data_source',
        'l.uploaded_at',
        'l.gmv_pence',
        'l.transaction_count',
      ]);
    }
    return withPublisher
      .innerJoin('ingestion_log_brands as s', 's.ingestion_log_id', 'l.id')
      .where('s.brand_id', 'in', query.brandIds)
      .groupBy(['l.id', 'p.display_name', 'l.uploaded_at'])
      .select((eb) => [
        'l.id',
        'p.display_name as data_source',
        'l.uploaded_at',
        sql<number>`sum(${eb.ref('s.gmv_pence')})::bigint`.as('gmv_pence'),
        sql<number>`sum(${eb.ref('s.transaction_count')})::bigint`.as('transaction_count'),
      ]);
  }

  /** Logs of the listed brands (their share's last transaction), or every log with its own. */
  function logsOf(brandIds: ListedBrands) {
    const logs = db.selectFrom('ingestion_logs as l').innerJoin('publishers as p', 'p.id', 'l.publisher_id');
    if (brandIds === 'all') return logs.select([...logColumns, 'l.last_transaction_at']);
    return logs
      .innerJoin('ingestion_log_brands as s', 's.ingestion_log_id', 'l.id')
      .where('s.brand_id', 'in', brandIds)
      .groupBy(logColumns)
      .select((eb) => [...logColumns, eb.fn.max('s.last_transaction_at').as('last_transaction_at')]);
  }

  return {
    /**
     * The ingestion log dates (spec 3 §3, §7 getUploadedDate): the latest upload with a share for
     * the listed brands (of one publisher, by code or display name, when given), and each
     * publisher's latest transaction date among them.
     */
    async uploadedDates(brandIds: ListedBrands, publisher: string | undefined) {
      if (brandIds !== 'all' && brandIds.length === 0) return { latest: undefined, publishers: [] };
      const named = publisher?.toLowerCase();
      const latest = await db
        .selectFrom(logsOf(brandIds).as('log'))
        .selectAll()
        .$if(named !== undefined, (select) =>
          select.where((eb) =>
            eb.or([
              eb(eb.fn('lower', ['code']), '=', named!),
              eb(eb.fn('lower', ['display_name']), '=', named!),
            ]),
          ),
        )
        .orderBy('uploaded_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const publishers = await db
        .selectFrom(logsOf(brandIds).as('log'))
        .groupBy(['publisher_id', 'display_name'])
        .select((eb) => ['display_name', eb.fn.max('last_transaction_at').as('last_transaction_at')])
        .orderBy('display_name')
        .execute();
      return { latest, publishers };
    },

    /** One page of ingestion logs with the total in the same query; newest upload first unless asked. */
    async listPage(query: IngestionListQuery) {
      if (query.brandIds !== 'all' && query.brandIds.length === 0) return { rows: [], total: 0 };
      const sort = query.sort ?? { sortfield: 'uploadedDate', direction: 'desc' };
      const rows = await db
        .selectFrom(logRows(query).as('log'))
        .selectAll()
        .select(sql<number>`count(*) OVER ()`.as('total'))
        .orderBy(sql`${sortColumns[sort.sortfield]} ${sql.raw(sort.direction)}`)
        .orderBy('id', sort.direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      if (rows[0] || query.page === 1) return { rows, total: rows[0]?.total ?? 0 };
      // A page past the end has no row to carry the total.
      const counted = await db
        .selectFrom(logRows(query).as('log'))
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(counted.total) };
    },
  };
}

export type IngestionRepository = ReturnType<typeof createIngestionRepository>;
