import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import { merchantIdHoldingStatuses } from '@krowd/domain/branch/branch.rules';
import {
  firstTransactionDays,
  liveBranchStatuses,
  midHealthStatuses,
  type MidActivity,
  type MidHealthStatus,
} from '@krowd/domain/branch/mid-health.rules';
import type { BranchSortField } from '@krowd/domain/branch/branch.schema';
import type { SortDirection } from '@krowd/domain/list/list.schema';
import type { DB } from '../../db/database.generated.ts';
import type { BranchStatus } from '@krowd/domain/branch/branch.schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** The advisory lock every claim of merchant IDs takes ('MIDS' in ASCII). */
const merchantIdClaimLock = 0x4d494453;

/** What a branch's MID health is judged against: today (local, YYYY-MM-DD), the zone and the setting. */
export interface MidHealthClock {
  today: string;
  timeZone: string;
  silentDays: number;
}

export interface BranchListQuery {
  /** The brands to list, or every brand. */
  brandIds: string[] | 'all';
  search?: string;
  status?: BranchStatus;
  /** Only the branches whose MID health is this (their worst MID's, decision 0115). */
  tracking?: MidHealthStatus;
  sort?: { sortfield: BranchSortField; direction: SortDirection };
  /** Needed to filter or sort by MID health. */
  health: MidHealthClock;
  page: number;
  limit: number;
}

/**
 * A branch's MID health as its place in `midHealthStatuses` (0 neverSeen … 4 notLive), in SQL: the
 * rules of `midHealthOf` (packages/domain/src/branch/mid-health.rules.ts) over the MID health store,
 * so the list can be filtered and sorted by it before it is paged. Per MID: seen, it is silent past
 * the setting's days since its last day, else tracking; never seen, it is never seen 14 days after
 * the branch went live (local day), else awaiting its first. The branch takes its worst MID's; one
 * with no MID awaits its first; one that does not earn is not live. The list's tests hold the
 * two to the same answers (mid-health.routes.test.ts).
 */
function midHealthRank(health: MidHealthClock) {
  const rank = (status: MidHealthStatus) => midHealthStatuses.indexOf(status);
  const today = sql`${health.today}::date`;
  const liveSince = sql`(b.activated_at AT TIME ZONE ${health.timeZone})::date`;
  const ofMid = (column: 'mastercard_merchant_id' | 'amex_merchant_id' | 'zettle_merchant_id') => sql`
    CASE WHEN coalesce(${sql.ref(`b.${column}`)}, '') = '' THEN NULL ELSE (
      SELECT CASE
        WHEN max(d.day) IS NOT NULL THEN
          CASE WHEN ${today} - max(d.day) > ${health.silentDays}::int THEN ${rank('silent')}::int
          ELSE ${rank('tracking')}::int END
        WHEN b.activated_at IS NOT NULL AND ${today} - ${liveSince} >= ${firstTransactionDays}::int
          THEN ${rank('neverSeen')}::int
        ELSE ${rank('awaitingFirst')}::int END
      FROM mid_activity_days d WHERE d.mid = ${sql.ref(`b.${column}`)}
    ) END`;
  return sql<number>`CASE
    WHEN b.status NOT IN (${sql.join(liveBranchStatuses)}) THEN ${rank('notLive')}::int
    ELSE coalesce(
      least(${ofMid('mastercard_merchant_id')}, ${ofMid('amex_merchant_id')}, ${ofMid('zettle_merchant_id')}),
      ${rank('awaitingFirst')}::int
    ) END`;
}

/** The columns each sort field orders by; the id breaks ties so pages never overlap. */
const sortColumns = {
  name: 'b.name',
  status: 'b.status',
  created: 'b.created_at',
  activatedDate: 'b.activated_at',
  brandName: 'br.name',
  merchantId: 'b.mastercard_merchant_id',
} as const satisfies Record<Exclude<BranchSortField, 'tracking'>, string>;

/** A LIKE pattern that matches the text literally, wherever it appears. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const startingWith = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const branchColumns = [
  'b.id',
  'b.brand_id',
  'br.name as brand_name',
  'br.group_id',
  'b.name',
  'b.kmid',
  'b.status',
  'b.address',
  'b.postcode',
  'b.postal_town',
  'b.city',
  'b.contact_name',
  'b.contact_email',
  'b.contact_phone',
  'b.tripadvisor_url',
  'b.mastercard_merchant_id',
  'b.amex_merchant_id',
  'b.zettle_merchant_id',
  'b.proposed_mastercard_merchant_id',
  'b.proposed_amex_merchant_id',
  'b.proposed_zettle_merchant_id',
  'b.status_before_update',
  'b.merchant_ids_proposed_at',
  'b.block',
  'b.comments',
  'b.approved_by',
  'b.created_at',
  'b.activated_at',
  'b.created_by_brand_user',
  'b.default_branch',
] as const;

function selectBranches() {
  return (executor: Executor) =>
    executor
      .selectFrom('branches as b')
      .innerJoin('brands as br', 'br.id', 'b.brand_id')
      .select(branchColumns);
}

/** Sort fields whose column may be empty: empty values go last in either direction. */
const nullableSortFields = new Set<BranchSortField>(['activatedDate', 'merchantId']);

type BranchWhere = ExpressionBuilder<DB & { b: DB['branches'] }, 'b'>;

/**
 * The list's filters: brands, status, and search on the name (anywhere) and merchant IDs (from the
 * start). Every arm of the search is an ILIKE a trigram index serves (migration 0011).
 */
function branchFilters(query: BranchListQuery) {
  return (eb: BranchWhere) => {
    const conditions: Expression<SqlBool>[] = [];
    if (query.brandIds !== 'all') conditions.push(eb('b.brand_id', 'in', query.brandIds));
    if (query.status) conditions.push(eb('b.status', '=', query.status));
    if (query.tracking) {
      conditions.push(eb(midHealthRank(query.health), '=', midHealthStatuses.indexOf(query.tracking)));
    }
    if (query.search) {
      const anywhere = containing(query.search);
      const start = startingWith(query.search);
      conditions.push(
        eb.or([
          eb('b.name', 'ilike', anywhere),
          eb('b.mastercard_merchant_id', 'ilike', start),
          eb('b.amex_merchant_id', 'ilike', start),
          eb('b.zettle_merchant_id', 'ilike', start),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

export function createBranchesRepository(db: Kysely<DB>) {
  const branches = selectBranches();

  return {
    /**
     * What the MID health store (migration 0054) holds of these merchant IDs: first and last day
     * seen, transactions on the 7 and 30 local days to `today` (YYYY-MM-DD), and by hour of day.
     */
    async midActivity(mids: readonly string[], today: string): Promise<Map<string, MidActivity>> {
      const found = new Map<string, MidActivity>();
      if (mids.length === 0) return found;
      const [days, hours] = await Promise.all([
        sql<{ mid: string; first: string; last: string; last7: number; last30: number }>`
          SELECT mid, min(day)::text AS first, max(day)::text AS last,
            coalesce(sum(transactions) FILTER (WHERE day > ${today}::date - 7), 0)::int AS last7,
            coalesce(sum(transactions) FILTER (WHERE day > ${today}::date - 30), 0)::int AS last30
          FROM mid_activity_days WHERE mid = ANY(${mids}::text[]) GROUP BY mid`.execute(db),
        sql<{ mid: string; hour: number; transactions: number }>`
          SELECT mid, hour, transactions FROM mid_activity_hours WHERE mid = ANY(${mids}::text[])`.execute(
          db,
        ),
      ]);
      for (const row of days.rows) {
        found.set(row.mid, {
          firstSeenDay: row.first,
          lastSeenDay: row.last,
          last7Days: row.last7,
          last30Days: row.last30,
          hours: new Array<number>(24).fill(0),
        });
      }
      for (const row of hours.rows) {
        (found.get(row.mid)?.hours as number[] | undefined)?.splice(row.hour, 1, row.transactions);
      }
      return found;
    },

    /** A brand's branches other than deleted ones, by name. */
    branchesOfBrand(brandId: string, executor: Executor = db) {
      return executor
        .selectFrom('branches')
        .select([
          'id',
          'brand_id',
          'name',
          'kmid',
          'status',
          'mastercard_merchant_id',
          'amex_merchant_id',
          'zettle_merchant_id',
          'postcode',
          'address',
          'created_by_brand_user',
        ])
        .where('brand_id', '=', brandId)
        .where('status', '!=', 'Deleted')
        .orderBy('name')
        .execute();
    },

    /**
     * One page of branches and the total in one statement: search on the name (anywhere) and on
     * the merchant IDs (from their start), the status filter, and the sort (newest first unless
     * asked). The page stops after its rows along an index instead of numbering every match, and
     * the total is a count of its own that never joins the brands. A page past the end has no row
     * to carry the total, so it is counted apart.
     */
    async listPage(query: BranchListQuery) {
      if (query.brandIds !== 'all' && query.brandIds.length === 0) return { rows: [], total: 0 };
      const sort = query.sort ?? { sortfield: 'created', direction: 'desc' };
      const nullable = nullableSortFields.has(sort.sortfield);
      const counted = db
        .selectFrom('branches as b')
        .where(branchFilters(query))
        .select((eb) => eb.fn.countAll<number>().as('total'));
      const rows = await branches(db)
        .select(counted.as('total'))
        .where(branchFilters(query))
        .orderBy(
          sort.sortfield === 'tracking' ? midHealthRank(query.health) : sortColumns[sort.sortfield],
          (order) => (nullable ? order[sort.direction]().nullsLast() : order[sort.direction]()),
        )
        .orderBy('b.id', sort.direction)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      if (rows.length > 0) {
        const total = Number(rows[0]!.total);
        return { rows: rows.map(({ total: _total, ...row }) => row), total };
      }
      if (query.page === 1) return { rows: [], total: 0 };
      return { rows: [], total: Number((await counted.executeTakeFirstOrThrow()).total) };
    },

    /** Every branch that earns and has a merchant ID: those MID health watches (mid-health-alerts.ts). */
    liveWithMerchantIds() {
      return branches(db)
        .where('b.status', 'in', liveBranchStatuses)
        .where((eb) =>
          eb.or([
            eb('b.mastercard_merchant_id', 'is not', null),
            eb('b.amex_merchant_id', 'is not', null),
            eb('b.zettle_merchant_id', 'is not', null),
          ]),
        )
        .orderBy('b.brand_id')
        .orderBy('b.name')
        .execute();
    },

    findById(id: string, executor: Executor = db) {
      return branches(executor).where('b.id', '=', id).executeTakeFirst();
    },

    /** The branches with these ids, locked until the transaction ends. */
    lockByIds(ids: string[], trx: Transaction<DB>) {
      return branches(trx).where('b.id', 'in', ids).forUpdate(['b']).execute();
    },

    async insert(values: Insertable<DB['branches']>, executor: Executor = db) {
      const row = await executor
        .insertInto('branches')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async insertMany(values: Insertable<DB['branches']>[], executor: Executor = db) {
      if (values.length === 0) return [];
      const rows = await executor.insertInto('branches').values(values).returning('id').execute();
      return rows.map((row) => row.id);
    },

    /**
     * Which of the merchant IDs a branch holding MIDs (merchantIdHoldingStatuses) other than the
     * given ones already has, in any of its three columns, for any brand. Takes the claim lock
     * first and keeps it to the transaction's end, so a check and the write after it are one step
     * for every claim: two brands racing for one MID cannot both get it.
     */
    async heldMerchantIds(ids: string[], exceptBranchIds: string[], trx: Transaction<DB>): Promise<string[]> {
      if (ids.length === 0) return [];
      await sql`SELECT pg_advisory_xact_lock(${merchantIdClaimLock})`.execute(trx);
      // A branch holds its reviewed IDs and, while Updated, the ones it proposes (migration 0033).
      const columns = [
        'mastercard_merchant_id',
        'amex_merchant_id',
        'zettle_merchant_id',
        'proposed_mastercard_merchant_id',
        'proposed_amex_merchant_id',
        'proposed_zettle_merchant_id',
      ] as const;
      let query = trx
        .selectFrom('branches')
        .select(columns)
        .where('status', 'in', merchantIdHoldingStatuses)
        .where((eb) => eb.or(columns.map((column) => eb(column, 'in', ids))));
      if (exceptBranchIds.length > 0) query = query.where('id', 'not in', exceptBranchIds);
      const rows = await query.execute();
      const held = new Set(rows.flatMap((row) => columns.map((column) => row[column])));
      return ids.filter((id) => held.has(id));
    },

    /**
     * The operator side's decision on Updated branches' proposed merchant IDs (migration 0033):
     * approved, they become the branch's own and it is Approved; rejected, it keeps its reviewed IDs
     * and goes back to its status before. Either way the proposal is cleared (every right-hand side
     * reads the row as it was).
     */
    async settleProposals(
      ids: string[],
      approved: boolean,
      values: Updateable<DB['branches']>,
      now: Date,
      executor: Executor = db,
    ) {
      if (ids.length === 0) return;
      await executor
        .updateTable('branches')
        .set((eb) => ({
          ...values,
          ...(approved
            ? {
                mastercard_merchant_id: eb.ref('proposed_mastercard_merchant_id'),
                amex_merchant_id: eb.ref('proposed_amex_merchant_id'),
                zettle_merchant_id: eb.ref('proposed_zettle_merchant_id'),
                status: 'Approved' as const,
                activated_at: now,
              }
            : { status: sql<BranchStatus>`coalesce(status_before_update, 'Active')` }),
          proposed_mastercard_merchant_id: null,
          proposed_amex_merchant_id: null,
          proposed_zettle_merchant_id: null,
          status_before_update: null,
          merchant_ids_proposed_at: null,
          updated_at: now,
        }))
        .where('id', 'in', ids)
        .where('status', '=', 'Updated')
        .execute();
    },

    async update(ids: string[], values: Updateable<DB['branches']>, executor: Executor = db) {
      if (ids.length === 0) return;
      await executor
        .updateTable('branches')
        .set({ ...values, updated_at: new Date() })
        .where('id', 'in', ids)
        .execute();
    },
  };
}

export type BranchesRepository = ReturnType<typeof createBranchesRepository>;
export type BranchRecord = NonNullable<Awaited<ReturnType<BranchesRepository['findById']>>>;
