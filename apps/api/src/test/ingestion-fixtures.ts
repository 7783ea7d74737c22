import { sql } from 'kysely';
import type { TestApp } from './test-app.ts';

/**
 * Fixtures of the ingestion tests that compare two ways of storing one file: campaigns for every
 * row to qualify against, and the stored outcome of each row.
 */

/** The demo publisher ATR, as ingestion takes a publisher. */
export function atrPublisher(app: TestApp) {
  return app.db
    .selectFrom('publishers')
    .select(['id', 'code'])
    .where('code', '=', 'ATR')
    .executeTakeFirstOrThrow();
}

/** Every brand with a deal runs a 10% campaign every month of the year to `now`, every day and hour. */
export async function addMonthlyCampaigns(app: TestApp, label: string, now: Date) {
  await sql`
    INSERT INTO campaigns (brand_id, name, status, customer_type, discount_type, discount_percent,
      success_fee, week_days, start_date, opening_time, closing_time, all_branches)
    SELECT b.id, b.name || ' ' || ${label} || ' ' || to_char(m, 'YYYY-MM'), 'Active', 'all', 'dp', 10, 10,
      '["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"]'::jsonb, m::date, m,
      m + interval '1 month' - interval '1 millisecond', true
    FROM brands b
    CROSS JOIN generate_series(date_trunc('month', ${now}::timestamptz - interval '13 months'),
      date_trunc('month', ${now}::timestamptz), interval '1 month') AS m
    WHERE EXISTS (SELECT 1 FROM distributor_deals d WHERE d.brand_id = b.id)`.execute(app.db);
}

/** The outcome of each stored row whose transaction id starts with `prefix`, by transaction id. */
export async function storedOutcomes(app: TestApp, prefix: string) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.publisher_transaction_id, t.outcome, t.reason, t.capped_reason, c.name AS campaign, t.cashback_pence,
      t.success_fee_pence, t.customer_type, t.refunded_pence, o.publisher_transaction_id AS original
    FROM transactions t LEFT JOIN transactions o ON o.id = t.original_transaction_id
    LEFT JOIN campaigns c ON c.id = t.campaign_id
    WHERE t.publisher_transaction_id LIKE ${`${prefix}%`}
    ORDER BY t.publisher_transaction_id`.execute(app.db);
  return rows;
}

/**
 * The reporting store beside the same figures summed from the stored rows by one GROUP BY: each
 * reporting_daily row with its card list as the sorted card tokens of its qualified purchases. The
 * two must be equal, whatever the way the store was summed.
 */
export async function storeAndRows(app: TestApp) {
  const dimensions = sql.raw(
    'day, brand_id, branch_id, publisher_id, campaign_id, customer_type, offer_type',
  );
  const { rows: store } = await sql<Record<string, unknown>>`
    SELECT d.${dimensions}, d.conversions, d.refunds, d.spend_pence::bigint AS spend,
      d.cashback_pence::bigint AS cashback, d.success_fee_pence::bigint AS fee,
      d.max_spend_pence::bigint AS max_spend, d.min_spend_pence::bigint AS min_spend,
      (SELECT array_agg(c.token ORDER BY c.token)
       FROM generate_series(0, octet_length(l.cards) / 4 - 1) AS i
       JOIN cards c ON c.id = get_byte(l.cards, 4 * i) << 24 | get_byte(l.cards, 4 * i + 1) << 16
         | get_byte(l.cards, 4 * i + 2) << 8 | get_byte(l.cards, 4 * i + 3)) AS cards
    FROM reporting_daily d LEFT JOIN reporting_daily_cards l USING (${dimensions})
    ORDER BY ${dimensions}`.execute(app.db);
  const { rows: fromRows } = await sql<Record<string, unknown>>`
    SELECT local_datetime::date AS day, brand_id, branch_id, publisher_id, campaign_id, customer_type,
      offer_type, count(*) FILTER (WHERE outcome = 'qualified')::int AS conversions,
      count(*) FILTER (WHERE outcome = 'refund')::int AS refunds, sum(amount_pence)::bigint AS spend,
      sum(cashback_pence)::bigint AS cashback, sum(success_fee_pence)::bigint AS fee,
      max(amount_pence) FILTER (WHERE outcome = 'qualified')::bigint AS max_spend,
      min(amount_pence) FILTER (WHERE outcome = 'qualified')::bigint AS min_spend,
      array_agg(card_token ORDER BY card_token) FILTER (WHERE outcome = 'qualified') AS cards
    FROM transactions WHERE outcome <> 'notQualified'
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 1, 2, 3, 4, 5, 6, 7`.execute(app.db);
  return { store, fromRows };
}

/**
 * The MID health store (migration 0054) beside the same counts from the stored rows: the two must
 * be equal, whatever the pages the uploads were stored in.
 */
export async function midActivityAndRows(app: TestApp) {
  const { rows: days } = await sql<Record<string, unknown>>`
    SELECT mid, day::text, transactions FROM mid_activity_days ORDER BY mid, day`.execute(app.db);
  const { rows: daysFromRows } = await sql<Record<string, unknown>>`
    SELECT mid, local_datetime::date::text AS day, count(*)::int AS transactions FROM transactions
    WHERE branch_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`.execute(app.db);
  const { rows: hours } = await sql<Record<string, unknown>>`
    SELECT mid, hour, transactions FROM mid_activity_hours ORDER BY mid, hour`.execute(app.db);
  const { rows: hoursFromRows } = await sql<Record<string, unknown>>`
    SELECT mid, extract(hour FROM local_datetime)::smallint AS hour, count(*)::int AS transactions
    FROM transactions WHERE branch_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`.execute(app.db);
  return { days, daysFromRows, hours, hoursFromRows };
}
