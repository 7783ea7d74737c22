import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { countCards, type CardCounts, type CardList } from './card-lists.ts';

/**
 * The reporting store (migrations 0013, 0018): written by ingestion inside its transaction, read by
 * the dashboard. Every read below touches only reporting_daily and reporting_daily_cards (plus names
 * of branches and publishers), never transactions.
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

/** The WHERE of a filter over either table, as alias `r`; `without` leaves one condition out. */
function whereOf(filter: ReportingFilter, without?: 'customerTypes' | 'offerType'): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [
    sql`r.day BETWEEN ${filter.startDate}::date AND ${filter.endDate}::date`,
  ];
  if (filter.brandIds !== 'all') {
    const brands = sql.join(filter.brandIds.map((id) => sql`${id}::uuid`));
    conditions.push(filter.brandIds.length === 0 ? sql`false` : sql`r.brand_id IN (${brands})`);
  }
  if (filter.branchId) conditions.push(sql`r.branch_id = ${filter.branchId}::uuid`);
  if (filter.publisherId === null) conditions.push(sql`false`);
  else if (filter.publisherId) conditions.push(sql`r.publisher_id = ${filter.publisherId}::uuid`);
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
  return {
    /**
     * Adds an upload's stored transactions to the store, in the upload's own transaction, so the
     * store and the raw rows commit or roll back together: the sums by INSERT … SELECT … ON
     * CONFLICT DO UPDATE over the upload's rows (transactions_ingestion_log_idx); the new cards
     * numbered (under the ingestion lock, so none is skipped); each row's card list extended by
     * the card numbers of its new qualified purchases. Qualified purchases and refunds only:
     * unqualified transactions earn and cost nothing.
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
        INSERT INTO cards (token)
        SELECT DISTINCT t.card_token FROM transactions t
        WHERE t.ingestion_log_id = ${ingestionLogId} AND t.outcome = 'qualified'
          AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.token = t.card_token)
        ORDER BY 1`.execute(trx);
      await sql`
        INSERT INTO reporting_daily_cards (${dimensions}, cards)
        SELECT local_datetime::date, brand_id, branch_id, publisher_id, campaign_id, customer_type,
          offer_type, string_agg(int4send(c.id), ''::bytea)
        FROM transactions t JOIN cards c ON c.token = t.card_token
        WHERE t.ingestion_log_id = ${ingestionLogId} AND t.outcome = 'qualified'
        GROUP BY 1, 2, 3, 4, 5, 6, 7
        ON CONFLICT (${key}) DO UPDATE SET
          cards = reporting_daily_cards.cards || excluded.cards`.execute(trx);
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

    /**
     * Distinct cards with a qualified purchase, those with two or more, and the distinct cards of
     * each ISO year-week, exactly: one read of the filter's card lists, counted in the API. The
     * largest card number comes in the same statement (the same snapshot as the lists).
     */
    async cards(filter: ReportingFilter): Promise<CardCounts> {
      const { rows } = await sql<CardList & { largest: number }>`
        SELECT ${weekLabel('week')} AS period, cards, (SELECT max(id) FROM cards) AS largest
        FROM (SELECT ${weekOf} AS week, r.cards FROM reporting_daily_cards r ${whereOf(filter)}) lists`.execute(
        db,
      );
      return countCards(rows, rows[0]?.largest);
    },

    /** Conversions and revenue by ISO year-week (reach per week comes with `cards`). */
    async weekly(filter: ReportingFilter) {
      const { rows } = await sql<{ week: string; conversions: unknown; spend: unknown }>`
        SELECT ${weekLabel('week')} AS week, conversions, spend
        FROM (SELECT ${weekOf} AS week, sum(conversions) AS conversions, sum(spend_pence) AS spend
              FROM reporting_daily r ${whereOf(filter)} GROUP BY 1) weeks
        ORDER BY weeks.week`.execute(db);
      return rows.map((row) => ({
        week: row.week,
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
