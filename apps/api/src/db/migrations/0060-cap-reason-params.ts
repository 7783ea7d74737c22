import { sql, type Kysely } from 'kysely';

/**
 * A cap's reason names its number (docs/decisions/0116): beside the reason code (`reason` when the
 * transaction earned nothing, `capped_reason` when it earned less), the cap as the campaign had it
 * when the transaction was qualified, `{"limit": n, "interval": "day" | "week" | "month" | null}`
 * (limit a count, or pence for the spend and cashback caps), so the text shown later names the cap
 * that applied, whatever the campaign's caps are by then. Rows stored before are filled in from
 * their campaign's caps as they are now (caps were added the day before, so those are the caps that
 * applied unless changed since).
 */
const code = sql`coalesce(t.capped_reason, t.reason)`;
const limit = sql`CASE ${code}
  WHEN 'cappedTransactionsPerCard' THEN c.max_transactions_per_card
  WHEN 'cappedTransactionsPerInterval' THEN c.max_transactions_per_interval
  WHEN 'cappedCashbackPerTransaction' THEN c.max_cashback_pence
  ELSE c.max_spend_per_interval_pence END`;

const statements = [
  sql`ALTER TABLE transactions
    ADD COLUMN reason_params jsonb,
    ADD CONSTRAINT transactions_reason_params_check
      CHECK (reason_params IS NULL OR reason IS NOT NULL OR capped_reason IS NOT NULL)`,
  sql`UPDATE transactions t SET reason_params = jsonb_build_object(
      'limit', ${limit},
      'interval', CASE WHEN ${code} IN ('cappedTransactionsPerCard', 'cappedCashbackPerTransaction')
        THEN NULL ELSE c.cap_interval END)
    FROM campaigns c
    WHERE c.id = t.campaign_id
      AND ${code} IN ('cappedTransactionsPerCard', 'cappedTransactionsPerInterval',
        'cappedSpendPerInterval', 'cappedSpendPartly', 'cappedCashbackPerTransaction')
      AND ${limit} IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
