import { sql, type Kysely } from 'kysely';

/**
 * Pending and final rewards (docs/decisions/0117) are derived at read time from the purchase's
 * local date; a refund counts with its purchase. Two small partial indexes over refund rows only
 * (a few per cent of transactions), so neither read scans purchases:
 *
 * - the dashboard's split takes out of its pending part the refunds of the last 31 days whose
 *   purchase is already final: refunds by local time (and brand);
 * - the export's reward status sums, for a refunded purchase, what its refunds inside the return
 *   period took back: refunds by their original.
 *
 * Neither indexes a column an update changes (refunds change `refunded_pence` of their purchase),
 * so those updates stay HOT (docs/decisions/0064).
 */
const statements = [
  sql`CREATE INDEX transactions_refund_time_idx
    ON transactions (local_datetime, brand_id) WHERE outcome = 'refund'`,
  sql`CREATE INDEX transactions_refund_original_idx
    ON transactions (original_transaction_id) WHERE outcome = 'refund'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
