import { sql, type Kysely } from 'kysely';

/**
 * Transactions sent by publishers (brief §6) and the publishers' API keys.
 *
 * publishers.api_key_hash: the SHA-256 (hex) of the publisher's API key. Keys are long random
 * strings, so a fast unsalted hash is enough to make a leaked table useless and lets the key be
 * found by an indexed lookup (a slow salted hash is for low-entropy passwords).
 *
 * transactions: one row a transaction of a file, whatever its outcome, unique per publisher by the
 * publisher's transaction id (re-sending a file changes nothing). `mid` is kept as sent; `branch_id`
 * and `brand_id` are null when no branch has the MID (stored and reported, never dropped).
 * `occurred_at` is the instant, `local_datetime` its wall time in the timezone setting the outcome
 * was computed in. The outcome of the qualification engine is stored whole: `outcome`, the
 * campaign, cashback and success fee in pence (negative for a refund), customer type, offer type
 * and the terms a refund reverses, or the reason code of messages.qualification. A refund names
 * its original; `refunded_pence` on the original is what its refunds took back so far.
 *
 * Indexes for the engine's lookups: MID → branch uses the equality of the MID indexes of 0003;
 * the card's history at a brand (and a refund's original) reads transactions_card_history_idx;
 * a campaign's budget spent sums transactions_campaign_spent_idx.
 */
const statements = [
  sql`ALTER TABLE publishers ADD COLUMN api_key_hash text UNIQUE`,
  sql`CREATE TABLE transactions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    publisher_id uuid NOT NULL REFERENCES publishers (id),
    publisher_transaction_id text NOT NULL,
    ingestion_log_id uuid NOT NULL REFERENCES ingestion_logs (id),
    mid text NOT NULL,
    branch_id uuid REFERENCES branches (id),
    brand_id uuid REFERENCES brands (id),
    card_token text NOT NULL,
    card_last4 text NOT NULL CHECK (card_last4 ~ '^[0-9]{4}$'),
    amount_pence bigint NOT NULL,
    refunded_pence bigint NOT NULL DEFAULT 0 CHECK (refunded_pence >= 0),
    original_transaction_id uuid REFERENCES transactions (id),
    occurred_at timestamptz NOT NULL,
    local_datetime timestamp NOT NULL,
    postcode text,
    outcome text NOT NULL CHECK (outcome IN ('qualified', 'refund', 'notQualified')),
    campaign_id uuid REFERENCES campaigns (id),
    cashback_pence bigint NOT NULL DEFAULT 0,
    success_fee_pence bigint NOT NULL DEFAULT 0,
    customer_type text CHECK (customer_type IN ('new', 'existing', 'lapsed')),
    offer_type text CHECK (offer_type IN ('dp', 'dv', 'ss')),
    terms jsonb,
    reason text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (publisher_id, publisher_transaction_id),
    CHECK ((branch_id IS NULL) = (brand_id IS NULL)),
    CHECK ((outcome = 'notQualified') = (reason IS NOT NULL)),
    CHECK (outcome = 'notQualified' OR (campaign_id IS NOT NULL AND customer_type IS NOT NULL
      AND offer_type IS NOT NULL AND terms IS NOT NULL)),
    CHECK (outcome <> 'notQualified' OR (cashback_pence = 0 AND success_fee_pence = 0)),
    CHECK (original_transaction_id IS NULL OR amount_pence < 0)
  )`,
  sql`CREATE INDEX transactions_card_history_idx
    ON transactions (brand_id, card_token, occurred_at) INCLUDE (amount_pence, refunded_pence)
    WHERE amount_pence > 0`,
  sql`CREATE INDEX transactions_campaign_spent_idx
    ON transactions (campaign_id) INCLUDE (cashback_pence, success_fee_pence)
    WHERE outcome <> 'notQualified'`,
  sql`CREATE INDEX transactions_ingestion_log_idx ON transactions (ingestion_log_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
