import { sql, type Kysely } from 'kysely';

/**
 * Test transactions (brief §5 'Test keys never touch live figures'; decision 0091): what a test
 * key sends goes through the real qualification engine and is stored here, a table no figure,
 * invoice, file or dashboard reads. `transactions` never holds a test row, so no live query needs
 * a filter to keep them out. The card's history for a test purchase is this table's, per publisher.
 */
const statements = [
  sql`CREATE TABLE publisher_test_transactions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    publisher_id uuid NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
    api_key_id uuid REFERENCES publisher_api_keys (id) ON DELETE SET NULL,
    publisher_transaction_id text NOT NULL,
    occurred_at timestamptz NOT NULL,
    amount_pence bigint NOT NULL,
    mid text NOT NULL,
    card_token text NOT NULL,
    card_last4 text NOT NULL,
    branch_id uuid REFERENCES branches (id) ON DELETE SET NULL,
    brand_id uuid REFERENCES brands (id) ON DELETE SET NULL,
    outcome text NOT NULL CHECK (outcome IN ('qualified', 'notQualified')),
    campaign_id uuid REFERENCES campaigns (id) ON DELETE SET NULL,
    cashback_pence bigint NOT NULL DEFAULT 0,
    success_fee_pence bigint NOT NULL DEFAULT 0,
    reason text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (publisher_id, publisher_transaction_id)
  )`,
  sql`CREATE INDEX publisher_test_transactions_card_idx
    ON publisher_test_transactions (publisher_id, card_token, brand_id, occurred_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
