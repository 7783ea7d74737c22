import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The reporting store (migration 0013): written by ingestion inside its transaction, read by the
 * dashboard. Every read below touches only reporting_daily and reporting_card_days (plus names of
 * branches and publishers), never transactions.
 */

const dimensions = sql.raw('day, brand_id, branch_id, publisher_id, campaign_id, customer_type, offer_type');
/** The dimensions brand first: the tenant key leads the primary key (and a distribution key). */
const key = sql.raw('brand_id, day, branch_id, publisher_id, campaign_id, customer_type, offer_type');

/** What the dashboard filters on, resolved to ids; an absent field filters nothing. */
export interface ReportingFilter {
  startDate: string;
  endDate: string;
  /** 'all' for every brand; an empty list matches nothing. */
  brandIds: string[] | 'all';
  branchId?: string;
  /** null: the publisher named matches none. */
  publisherId?: string | null;
  campaignId?: string;
  customerTypes?: readonly ('new' | 'existing' | 'lapsed')[];
  offerType?: 'dp' | 'dv' | 'ss';
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The WHERE of a filter over either table, as alias `r`; `without` leaves one condition out.
 * `cardDays`: for reporting_card_days, the branch and publisher are always named (the chosen one,
 * else every branch the brands have rows for in the range and every publisher), so the read is a
 * range of reporting_card_days_read_idx (migration 0017) per branch and publisher: the same rows.
 */
function whereOf(
  filter: ReportingFilter,
  without?: 'customerTypes' | 'offerType',
  cardDays = false,
): RawBuilder<unknown> {
  const days = (alias: string) =>
    sql`${sql.ref(`${alias}.day`)} BETWEEN ${filter.startDate}::date AND ${filter.endDate}::date`;
  const conditions: RawBuilder<unknown>[] = [days('r')];
  if (filter.brandIds !== 'all') {
    const brands = sql.join(filter.brandIds.map((id) => sql`${id}::uuid`));
    conditions.push(filter.brandIds.length === 0 ? sql`false` : sql`r.brand_id IN (${brands})`);
    if (cardDays && !filter.branchId && filter.brandIds.length > 0) {
      conditions.push(sql`r.branch_id = ANY (ARRAY(SELECT DISTINCT d.branch_id FROM reporting_daily d
        WHERE d.brand_id IN (${brands}) AND ${days('d')}))`);
    }
  }
  if (filter.branchId) conditions.push(sql`r.branch_id = ${filter.branchId}::uuid`);
  if (filter.publisherId === null) conditions.push(sql`false`);
  else if (filter.publisherId) conditions.push(sql`r.publisher_id = ${filter.publisherId}::uuid`);
  else if (cardDays) conditions.push(sql`r.publisher_id = ANY (ARRAY(SELECT id FROM publishers))`);
  if (filter.campaignId) conditions.push(sql`r.campaign_id = ${filter.campaignId}::uuid`);
  if (filter.customerTypes && without !== 'customerTypes') {
    conditions.push(sql`r.customer_type IN (${sql.join([...filter.customerTypes])})`);
  }
  if (filter.offerType && without !== 'offerType') conditions.push(sql`r.offer_type = ${filter.offerType}`);
  return sql`WHERE ${sql.join(conditions, sql` AND `)}`;
}

/**
 * The Monday of a day's ISO week: rows are grouped by it (a date, cheap per row) and labelled
 * once per week, e.g. '2025-W23', by `weekLabel`.
 */
const weekOf = sql`date_trunc('week', r.day)::date`;
const weekLabel = (column: string) => sql`to_char(${sql.ref(column)}, 'IYYY-"W"IW')`;

export interface ReportingTotals {
  conversions: number;
  spendPence: number;
  cashbackPence: number;
  successFeePence: number;
  maxSpendPence: number | null;
  minSpendPence: number | null;
  campaigns: number;
}

export function createReportingRepository(db: Kysely<DB>) {
  /**
   * A read of many card-day rows (distinct cards over a long range of a big brand): its own
   * transaction with 64 MB of work_mem, as hashing or sorting that many cards in the default 4 MB
   * spills to disk.
   */
  const withRoomToHash = <T>(query: (trx: Transaction<DB>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
      return query(trx);
    });

  return {
    /**
     * Adds an upload's stored transactions to the store: two INSERT … SELECT … ON CONFLICT DO
     * UPDATE statements over the upload's rows (transactions_ingestion_log_idx), run in the
     * upload's own transaction, so the store and the raw rows commit or roll back together.
     * Qualified purchases and refunds only: unqualified transactions earn and cost nothing.
     */
    async recordUpload(trx: Transaction<DB>, ingestionLogId: string) {
      await sql`
        INSERT INTO reporting_daily (${dimensions}, conversions, refunds, spend_pence, cashback_pence,
          success_fee_pence, max_spend_pence, min_spend_pence)
        SELECT local_datetime::date, brand_id, branch_id, publisher_id, campaign_id, customer_type,
          offer_type, count(*) FILTER (WHERE outcome = 'qualified'),
          count(*) FILTER (WHERE outcome = 'refund'), sum(amount_pence), sum(cashback_pence),
          sum(success_fee_pence), max(amount_pence) FILTER (WHERE outcome = 'qualified'),
          min(amount_pence) FILTER (WHERE outcome = 'qualified')
        FROM transactions
        WHERE ingestion_log_id = ${ingestionLogId} AND outcome <> 'notQualified'
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT (${key}) DO UPDATE SET
          conversions = reporting_daily.conversions + excluded.conversions,
          refunds = reporting_daily.refunds + excluded.refunds,
          spend_pence = reporting_daily.spend_pence + excluded.spend_pence,
          cashback_pence = reporting_daily.cashback_pence + excluded.cashback_pence,
          success_fee_pence = reporting_daily.success_fee_pence + excluded.success_fee_pence,
          max_spend_pence = greatest(reporting_daily.max_spend_pence, excluded.max_spend_pence),
          min_spend_pence = least(reporting_daily.min_spend_pence, excluded.min_spend_pence)`.execute(trx);
      await sql`
        INSERT INTO reporting_card_days (${dimensions}, card_token, purchases)
        SELECT local_datetime::date, brand_id, branch_id, publisher_id, campaign_id, customer_type,
          offer_type, card_token, count(*)
        FROM transactions
        WHERE ingestion_log_id = ${ingestionLogId} AND outcome = 'qualified'
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
        ON CONFLICT (${key}, card_token) DO UPDATE SET
          purchases = reporting_card_days.purchases + excluded.purchases`.execute(trx);
    },

    /** The id of the publisher with this code (any case), or null. */
    async publisherIdOf(code: string): Promise<string | null> {
      const row = await db
        .selectFrom('publishers')
        .select('id')
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async totals(filter: ReportingFilter): Promise<ReportingTotals> {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT coalesce(sum(conversions), 0) AS conversions, coalesce(sum(spend_pence), 0) AS spend,
          coalesce(sum(cashback_pence), 0) AS cashback, coalesce(sum(success_fee_pence), 0) AS fee,
          max(max_spend_pence) AS max_spend, min(min_spend_pence) AS min_spend,
          count(DISTINCT campaign_id) AS campaigns
        FROM reporting_daily r ${whereOf(filter)}`.execute(db);
      const row = rows[0]!;
      return {
        conversions: Number(row.conversions),
        spendPence: Number(row.spend),
        cashbackPence: Number(row.cashback),
        successFeePence: Number(row.fee),
        maxSpendPence: num(row.max_spend),
        minSpendPence: num(row.min_spend),
        campaigns: Number(row.campaigns),
      };
    },

    /** Distinct cards with a qualified purchase, and those with two or more, exactly. */
    async cards(filter: ReportingFilter): Promise<{ reach: number; repeat: number }> {
      const { rows } = await withRoomToHash((trx) =>
        sql<{ reach: unknown; repeat: unknown }>`
          SELECT count(*) AS reach, count(*) FILTER (WHERE purchases >= 2) AS repeat
          FROM (SELECT card_token, sum(purchases) AS purchases
                FROM reporting_card_days r ${whereOf(filter, undefined, true)} GROUP BY card_token) cards`.execute(
          trx,
        ),
      );
      return { reach: Number(rows[0]!.reach), repeat: Number(rows[0]!.repeat) };
    },

    /** Conversions, revenue and reach (distinct cards that week) by ISO year-week. */
    async weekly(filter: ReportingFilter) {
      const [sums, reach] = await Promise.all([
        sql<{ week: string; conversions: unknown; spend: unknown }>`
          SELECT ${weekLabel('week')} AS week, conversions, spend
          FROM (SELECT ${weekOf} AS week, sum(conversions) AS conversions, sum(spend_pence) AS spend
                FROM reporting_daily r ${whereOf(filter)} GROUP BY 1) weeks
          ORDER BY weeks.week`.execute(db),
        withRoomToHash((trx) =>
          sql<{ week: string; reach: unknown }>`
            SELECT ${weekLabel('week')} AS week, reach
            FROM (SELECT ${weekOf} AS week, count(DISTINCT card_token) AS reach
                  FROM reporting_card_days r ${whereOf(filter, undefined, true)} GROUP BY 1) weeks`.execute(
            trx,
          ),
        ),
      ]);
      const reachOf = new Map(reach.rows.map((row) => [row.week, Number(row.reach)]));
      return sums.rows.map((row) => ({
        week: row.week,
        reach: reachOf.get(row.week) ?? 0,
        conversions: Number(row.conversions),
        spendPence: Number(row.spend),
      }));
    },

    /** Revenue per branch and per publisher (display name), largest first. */
    async distribution(filter: ReportingFilter) {
      const [branches, publishers] = await Promise.all([
        sql<{ label: string; value: unknown }>`
          SELECT b.name AS label, sum(r.spend_pence) AS value
          FROM reporting_daily r JOIN branches b ON b.id = r.branch_id ${whereOf(filter)}
          GROUP BY b.id, b.name ORDER BY value DESC, b.name`.execute(db),
        sql<{ label: string; value: unknown }>`
          SELECT p.display_name AS label, sum(r.spend_pence) AS value
          FROM reporting_daily r JOIN publishers p ON p.id = r.publisher_id ${whereOf(filter)}
          GROUP BY p.id, p.display_name ORDER BY value DESC, p.display_name`.execute(db),
      ]);
      const labelled = (rows: { label: string; value: unknown }[]) =>
        rows.map((row) => ({ label: row.label, value: Number(row.value) }));
      return { branches: labelled(branches.rows), publishers: labelled(publishers.rows) };
    },

    /** The customer types and offer types present, each ignoring its own filter (the selectors). */
    async kinds(filter: ReportingFilter) {
      const [customerTypes, offerTypes] = await Promise.all([
        sql<{ value: 'new' | 'existing' | 'lapsed' }>`
          SELECT DISTINCT customer_type AS value FROM reporting_daily r
          ${whereOf(filter, 'customerTypes')}`.execute(db),
        sql<{ value: 'dp' | 'dv' | 'ss' }>`
          SELECT DISTINCT offer_type AS value FROM reporting_daily r
          ${whereOf(filter, 'offerType')} ORDER BY 1`.execute(db),
      ]);
      return {
        customerTypes: customerTypes.rows.map((row) => row.value),
        offerTypes: offerTypes.rows.map((row) => row.value),
      };
    },
  };
}

export type ReportingRepository = ReturnType<typeof createReportingRepository>;
