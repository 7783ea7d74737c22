import { sql, type Kysely } from 'kysely';

/**
 * The backtest (docs/decisions/0131) replays a brand's stored transactions of one month in time
 * order, page after page (keyset on occurred_at, id): one index range scan a page, reading from the
 * index alone the few columns the replay needs. None of them is one an update changes (refunds
 * change `refunded_pence` of their purchase), so those updates stay HOT (docs/decisions/0064).
 */
const statements = [
  sql`CREATE INDEX transactions_brand_time_idx ON transactions (brand_id, occurred_at, id)
    INCLUDE (amount_pence, card_id, branch_id, original_transaction_id) WHERE brand_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
