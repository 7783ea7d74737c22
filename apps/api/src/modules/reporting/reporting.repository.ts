import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { ReportingFilter } from '@krowd/domain/dashboard/dashboard.schema';
import type { TallyCell } from '@krowd/domain/qualification/reporting-tally';
import type { DB } from '../../db/database.generated.ts';
import type { Attribution } from '../../db/committed-writes.ts';
import { countCards, type CardCounts, type CardList } from './card-lists.ts';

/**
 * The reporting store (migrations 0013, 0018): written by ingestion inside its transaction, read by
 * the dashboard. Every read below touches only reporting_daily and reporting_daily_cards (plus names
 * of branches and publishers), never transactions, but for a chosen invoice's view, which reads the
 * transactions the invoice billed (`invoiceRows`). The pending part's correction for refunds of final
 * purchases reads the last 31 days' refunds (pending-rewards.repository.ts, docs/decisions/0117).
 */

export const dimensions = sql.raw(
  'day, brand_id, branch_id, publisher_id, campaign_id, customer_type, offer_type',
);
/** The dimensions brand first: the tenant key leads the primary key (and a distribution key). */
const key = sql.raw('brand_id, day, branch_id, publisher_id, campaign_id, customer_type, offer_type');

/** The end of an INSERT INTO reporting_daily: each row's sums added to the stored row of its key. */
export const addedToStoredSums = sql`
  ON CONFLICT (${key}) DO UPDATE SET
    conversions = reporting_daily.conversions + excluded.conversions,
    refunds = reporting_daily.refunds + excluded.refunds,
    spend_pence = reporting_daily.spend_pence + excluded.spend_pence,
    cashback_pence = reporting_daily.cashback_pence + excluded.cashback_pence,
    success_fee_pence = reporting_daily.success_fee_pence + excluded.success_fee_pence,
    max_spend_pence = greatest(reporting_daily.max_spend_pence, excluded.max_spend_pence),
    min_spend_pence = least(reporting_daily.min_spend_pence, excluded.min_spend_pence)`;

/** The end of an INSERT INTO reporting_daily_cards: each row's list appended to the stored row's. */
export const appendedToStoredLists = sql`
  ON CONFLICT (${key}) DO UPDATE SET cards = reporting_daily_cards.cards || excluded.cards`;

const tallyWrite =
  /^\s*INSERT INTO reporting_daily(?:_cards)? \(day, brand_id,[^]*?\bunnest\(\$\d+::int\[\],\s*\$(\d+)::uuid\[\]/;

/**
 * The brands a write of `addTally` below touches, read from its statement: the parameter cast to
 * uuid[] second in its unnest. Any other statement names none (undefined), so a write to the store
 * by other means (the demo data, the benchmark's seeding) counts as touching every brand.
 */
export const brandsOfTallyWrite: Attribution = (text, parameters) => {
  const brandList = tallyWrite.exec(text)?.[1];
  const brands = brandList ? parameters?.[Number(brandList) - 1] : undefined;
  return Array.isArray(brands) && brands.every((brand) => typeof brand === 'string') ? brands : undefined;
};

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The publisher, customer type and offer type chosen, as conditions on alias `r` (true when none is). */
export function kindsChosen(filter: ReportingFilter) {
  return {
    publisher:
      filter.publisherId === null
        ? sql`false`
        : filter.publisherId
          ? sql`r.publisher_id = ${filter.publisherId}::uuid`
          : sql`true`,
    customerType: filter.customerTypes
      ? sql`r.customer_type IN (${sql.join([...filter.customerTypes])})`
      : sql`true`,
    offerType: filter.offerType ? sql`r.offer_type = ${filter.offerType}` : sql`true`,
  };
}

/**
 * A chosen invoice's transactions (invoice_transactions) summed as the store sums them
 * (reporting-tally.ts: one row a day, branch, publisher, campaign, customer type and offer type;
 * spend, cashback and fee net of refunds; the card of each qualified purchase, 4-byte big-endian as
 * int4send writes it): the dashboard's invoice view reads exactly what the invoice billed.
 */
const invoiceRows = (invoiceId: string) => sql`(
  SELECT t.local_datetime::date AS day, t.brand_id, t.branch_id, t.publisher_id, t.campaign_id,
    t.customer_type, t.offer_type,
    count(*) FILTER (WHERE t.outcome = 'qualified') AS conversions,
    count(*) FILTER (WHERE t.outcome = 'refund') AS refunds,
    sum(t.amount_pence) AS spend_pence, sum(t.cashback_pence) AS cashback_pence,
    sum(t.success_fee_pence) AS success_fee_pence,
    max(t.amount_pence) FILTER (WHERE t.outcome = 'qualified') AS max_spend_pence,
    min(t.amount_pence) FILTER (WHERE t.outcome = 'qualified') AS min_spend_pence,
    coalesce(string_agg(int4send(t.card_id), ''::bytea ORDER BY t.occurred_at, t.id)
      FILTER (WHERE t.outcome = 'qualified' AND t.card_id IS NOT NULL), ''::bytea) AS cards
  FROM invoice_transactions it JOIN transactions t ON t.id = it.transaction_id
  WHERE it.invoice_id = ${invoiceId}::uuid
  GROUP BY 1, 2, 3, 4, 5, 6, 7)`;

/** The rows a filter reads, as alias `r`: the store's table, or a chosen invoice's transactions. */
const rowsOf = (filter: ReportingFilter, table: 'reporting_daily' | 'reporting_daily_cards') =>
  filter.invoiceId ? sql`${invoiceRows(filter.invoiceId)} r` : sql`${sql.table(table)} r`;

/**
 * The WHERE of a filter over either table, as alias `r`; `withoutKinds` leaves the publisher,
 * customer type and offer type out (the caller applies them itself). A chosen invoice's rows are its
 * own, whatever their day.
 */
export function whereOf(
  filter: ReportingFilter,
  withoutKinds = false,
  days: RawBuilder<unknown> = sql`r.day BETWEEN ${filter.startDate}::date AND ${filter.endDate}::date`,
): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [filter.invoiceId ? sql`true` : days];
  if (filter.brandIds !== 'all') {
    const brands = sql.join(filter.brandIds.map((id) => sql`${id}::uuid`));
    conditions.push(filter.brandIds.length === 0 ? sql`false` : sql`r.brand_id IN (${brands})`);
  }
  if (filter.branchId) conditions.push(sql`r.branch_id = ${filter.branchId}::uuid`);
  if (filter.campaignId) conditions.push(sql`r.campaign_id = ${filter.campaignId}::uuid`);
  if (!withoutKinds) {
    const chosen = kindsChosen(filter);
    conditions.push(chosen.publisher, chosen.customerType, chosen.offerType);
  }
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

/** The totals of reporting_daily rows, as `totalsOf` reads them. */
const totalsColumns = sql`coalesce(sum(conversions), 0) AS conversions, coalesce(sum(spend_pence), 0) AS spend,
  coalesce(sum(cashback_pence), 0) AS cashback, coalesce(sum(success_fee_pence), 0) AS fee,
  max(max_spend_pence) AS max_spend, min(min_spend_pence) AS min_spend,
  count(DISTINCT campaign_id) AS campaigns`;

function totalsOf(row: Record<string, unknown>): ReportingTotals {
  return {
    conversions: Number(row.conversions),
    spendPence: Number(row.spend),
    cashbackPence: Number(row.cashback),
    successFeePence: Number(row.fee),
    maxSpendPence: num(row.max_spend),
    minSpendPence: num(row.min_spend),
    campaigns: Number(row.campaigns),
  };
}

/** The number of each of these card tokens that has one, by token. */
async function cardNumbers(trx: Transaction<DB>, tokens: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (tokens.length === 0) return found;
  // One probe of the token's key each, whatever the statistics say (mid-upload they count none
  // of the cards the upload numbered, and hashing every card would be chosen).
  const { rows } = await sql<{ token: string; id: number }>`
      SELECT u.token, c.id FROM unnest(${tokens}::text[]) AS u (token)
      CROSS JOIN LATERAL (SELECT id FROM cards WHERE cards.token = u.token LIMIT 1) c`.execute(trx);
  for (const row of rows) found.set(row.token, row.id);
  return found;
}

export function createReportingRepository(db: Kysely<DB>) {
  return {
    /** A campaign's name and brand: the dashboard's title for a single campaign. */
    async campaignNamed(campaignId: string) {
      return db
        .selectFrom('campaigns')
        .select(['name', 'brand_id'])
        .where('id', '=', campaignId)
        .executeTakeFirst();
    },

    /**
     * Adds an upload's tally (reporting-tally.ts) to the store, in the upload's transaction, so the
     * store and the raw rows commit or roll back together: reporting_daily by INSERT … ON CONFLICT
     * DO UPDATE, and each row's card list extended by its cells' card numbers. The cells' lists go
     * as one bytea (4-byte big-endian numbers) with each cell's place in it.
     */
    async addTally(trx: Transaction<DB>, publisherId: string, cells: readonly TallyCell[]) {
      if (cells.length === 0) return;
      const column = <T>(value: (cell: TallyCell) => T) => cells.map(value);
      const lists = Buffer.allocUnsafe(4 * cells.reduce((total, cell) => total + cell.cards.length, 0));
      const starts: number[] = [];
      let at = 0;
      for (const cell of cells) {
        starts.push(at);
        for (const card of cell.cards) at = lists.writeInt32BE(card, at);
      }
      await sql`
        INSERT INTO reporting_daily (${dimensions}, conversions, refunds, spend_pence, cashback_pence,
          success_fee_pence, max_spend_pence, min_spend_pence)
        SELECT date '1970-01-01' + c.day, c.brand_id, c.branch_id, ${publisherId}::uuid, c.campaign_id,
          c.customer_type, c.offer_type, c.conversions, c.refunds, c.spend, c.cashback, c.fee,
          c.max_spend, c.min_spend
        FROM unnest(${column((cell) => cell.day)}::int[], ${column((cell) => cell.brandId)}::uuid[],
          ${column((cell) => cell.branchId)}::uuid[], ${column((cell) => cell.campaignId)}::uuid[],
          ${column((cell) => cell.customerType)}::text[], ${column((cell) => cell.offerType)}::text[],
          ${column((cell) => cell.conversions)}::int[], ${column((cell) => cell.refunds)}::int[],
          ${column((cell) => cell.spendPence)}::bigint[], ${column((cell) => cell.cashbackPence)}::bigint[],
          ${column((cell) => cell.successFeePence)}::bigint[], ${column((cell) => cell.maxSpendPence)}::bigint[],
          ${column((cell) => cell.minSpendPence)}::bigint[])
          AS c (day, brand_id, branch_id, campaign_id, customer_type, offer_type, conversions, refunds,
            spend, cashback, fee, max_spend, min_spend)
        ${addedToStoredSums}`.execute(trx);
      const listed = cells.flatMap((cell, index) => (cell.cards.length > 0 ? [index] : []));
      if (listed.length === 0) return;
      const of = <T>(value: (cell: TallyCell, index: number) => T) =>
        listed.map((index) => value(cells[index]!, index));
      await sql`
        INSERT INTO reporting_daily_cards (${dimensions}, cards)
        SELECT date '1970-01-01' + c.day, c.brand_id, c.branch_id, ${publisherId}::uuid, c.campaign_id,
          c.customer_type, c.offer_type, substring(${lists}::bytea FROM c.start + 1 FOR c.length)
        FROM unnest(${of((cell) => cell.day)}::int[], ${of((cell) => cell.brandId)}::uuid[],
          ${of((cell) => cell.branchId)}::uuid[], ${of((cell) => cell.campaignId)}::uuid[],
          ${of((cell) => cell.customerType)}::text[], ${of((cell) => cell.offerType)}::text[],
          ${of((_, index) => starts[index]!)}::int[], ${of((cell) => 4 * cell.cards.length)}::int[])
          AS c (day, brand_id, branch_id, campaign_id, customer_type, offer_type, start, length)
        ${appendedToStoredLists}`.execute(trx);
    },

    /** The number of each of these card tokens that has one, by token. */
    cardNumbers,

    /**
     * Numbers the cards of these tokens that have none, from the cards' sequence (migration 0053),
     * and gives each token's number and whether this call gave it. A token another upload numbered
     * meanwhile keeps that number: its insert waits for the other upload to end, then is skipped,
     * and the number is read after.
     */
    async numberCards(
      trx: Transaction<DB>,
      tokens: readonly string[],
    ): Promise<Map<string, { id: number; numberedNow: boolean }>> {
      const numbers = new Map<string, { id: number; numberedNow: boolean }>();
      if (tokens.length === 0) return numbers;
      const { rows } = await sql<{ token: string; id: number }>`
        INSERT INTO cards (token) SELECT token FROM unnest(${tokens}::text[]) AS u (token)
        ON CONFLICT (token) DO NOTHING RETURNING token, id`.execute(trx);
      for (const row of rows) numbers.set(row.token, { id: row.id, numberedNow: true });
      if (numbers.size < new Set(tokens).size) {
        const missing = tokens.filter((token) => !numbers.has(token));
        for (const [token, id] of await cardNumbers(trx, missing)) {
          numbers.set(token, { id, numberedNow: false });
        }
      }
      return numbers;
    },

    /** The id of the publisher with this code (any case), or null. */
    /** The brand a campaign or branch belongs to, or null when there is no such row. */
    async brandOf(table: 'campaigns' | 'branches', id: string): Promise<string | null> {
      const row = await db.selectFrom(table).select('brand_id').where('id', '=', id).executeTakeFirst();
      return row?.brand_id ?? null;
    },

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
        SELECT ${totalsColumns} FROM ${rowsOf(filter, 'reporting_daily')} ${whereOf(filter)}`.execute(db);
      return totalsOf(rows[0]!);
    },

    /**
     * Everything the dashboard reads of reporting_daily in one statement: the totals, conversions and
     * revenue by ISO year-week (with `weekly`), revenue per branch and per publisher largest first
     * (with `distribution`), and the customer types and offer types present, each ignoring its own
     * filter (the selectors). The customer types also ignore the publisher: the Customer Type filter
     * shows only once the ATR publisher is chosen (spec 3 §2.4), so whether the overview has two
     * customer types must not hang on that choice. The filter's rows are read once, then summed
     * each way.
     */
    async summary(
      filter: ReportingFilter,
      parts: { weekly: boolean; distribution: boolean },
      finalThrough: string,
    ) {
      const chosen = kindsChosen(filter);
      const none = sql`NULL`;
      const revenueBy = (table: string, id: string, label: string) => sql`(
        SELECT coalesce(json_agg(json_build_object('label', n.${sql.ref(label)}, 'value', s.value)
          ORDER BY s.value DESC, n.${sql.ref(label)}), '[]')
        FROM (SELECT ${sql.ref(id)} AS id, sum(spend_pence) AS value FROM chosen GROUP BY 1) s
        JOIN ${sql.table(table)} n ON n.id = s.id)`;
      const { rows } = await sql<{
        totals: Record<string, unknown>;
        after_final: { cashback: number; fee: number };
        weekly: { week: string; conversions: number; spend: number }[] | null;
        branches: { label: string; value: number }[] | null;
        publishers: { label: string; value: number }[] | null;
        customer_types: ('new' | 'existing' | 'lapsed')[];
        offer_types: ('dp' | 'dv' | 'ss')[];
      }>`
        WITH base AS (
          SELECT r.day, r.branch_id, r.publisher_id, r.campaign_id, r.customer_type, r.offer_type,
            r.conversions, r.spend_pence, r.cashback_pence, r.success_fee_pence, r.max_spend_pence,
            r.min_spend_pence, ${chosen.publisher} AS publisher_chosen,
            ${chosen.customerType} AS customer_type_chosen, ${chosen.offerType} AS offer_type_chosen
          FROM ${rowsOf(filter, 'reporting_daily')} ${whereOf(filter, true)}
        ), chosen AS (
          SELECT * FROM base WHERE publisher_chosen AND customer_type_chosen AND offer_type_chosen
        )
        SELECT (SELECT row_to_json(t) FROM (SELECT ${totalsColumns} FROM chosen) t) AS totals,
          (SELECT json_build_object('cashback', coalesce(sum(cashback_pence), 0),
            'fee', coalesce(sum(success_fee_pence), 0)) FROM chosen WHERE day > ${finalThrough}::date)
            AS after_final,
          ${
            parts.weekly
              ? sql`(SELECT coalesce(json_agg(json_build_object('week', ${weekLabel('week')},
                  'conversions', conversions, 'spend', spend) ORDER BY week), '[]')
                FROM (SELECT date_trunc('week', day)::date AS week, sum(conversions) AS conversions,
                  sum(spend_pence) AS spend FROM chosen GROUP BY 1) weeks)`
              : none
          } AS weekly,
          ${parts.distribution ? revenueBy('branches', 'branch_id', 'name') : none} AS branches,
          ${parts.distribution ? revenueBy('publishers', 'publisher_id', 'display_name') : none} AS publishers,
          (SELECT coalesce(json_agg(DISTINCT customer_type), '[]') FROM base WHERE offer_type_chosen)
            AS customer_types,
          (SELECT coalesce(json_agg(DISTINCT offer_type ORDER BY offer_type), '[]') FROM base
            WHERE publisher_chosen AND customer_type_chosen) AS offer_types`.execute(db);
      const row = rows[0]!;
      const labelled = (entries: { label: string; value: number }[]) =>
        entries.map((entry) => ({ label: entry.label, value: Number(entry.value) }));
      return {
        totals: totalsOf(row.totals),
        /** Cashback and fee of the days after `finalThrough`: the pending part, with some refunds. */
        afterFinal: {
          cashbackPence: Number(row.after_final.cashback),
          successFeePence: Number(row.after_final.fee),
        },
        weekly:
          row.weekly?.map((week) => ({
            week: week.week,
            conversions: Number(week.conversions),
            spendPence: Number(week.spend),
          })) ?? null,
        distribution:
          row.branches && row.publishers
            ? { branches: labelled(row.branches), publishers: labelled(row.publishers) }
            : null,
        kinds: { customerTypes: row.customer_types, offerTypes: row.offer_types },
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
        FROM (SELECT ${weekOf} AS week, r.cards FROM ${rowsOf(filter, 'reporting_daily_cards')} ${whereOf(filter)}) lists`.execute(
        db,
      );
      return countCards(rows, rows[0]?.largest);
    },
  };
}

export type ReportingRepository = ReturnType<typeof createReportingRepository>;
