import { sql } from 'kysely';
import type { TestApp } from './test-app.ts';

/**
 * Fixtures of the ingestion tests that compare two ways of storing one file: campaigns for every
 * row to qualify against, and the stored outcome of each row.
 */

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
    SELECT t.publisher_transaction_id, t.outcome, t.reason, c.name AS campaign, t.cashback_pence,
      t.success_fee_pence, t.customer_type, t.refunded_pence, o.publisher_transaction_id AS original
    FROM transactions t LEFT JOIN transactions o ON o.id = t.original_transaction_id
    LEFT JOIN campaigns c ON c.id = t.campaign_id
    WHERE t.publisher_transaction_id LIKE ${`${prefix}%`}
    ORDER BY t.publisher_transaction_id`.execute(app.db);
  return rows;
}
