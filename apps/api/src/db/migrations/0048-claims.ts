import { sql, type Kysely } from 'kysely';

/**
 * Missing-transaction claims (docs/decisions/0108).
 *
 * claims: a purchase a publisher (its API key, publisher_id) or a brand's user (brand_id, the user
 * in filed_by_user_id) expected to qualify: the card (token, last four or both), the merchant ID,
 * the amount in pence and the time. brand_id is the brand the MID belongs to for a publisher's
 * claim (null when no branch has it). Matched, it names the transaction and the score; resolved,
 * the code and reason. The deadline is fixed at filing (ten business days in the zone).
 *
 * claim_events: the history both sides read, one row a step, in the order written (its id: steps
 * of one transaction share their time).
 */
const statements = [
  sql`CREATE TABLE claims (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    source text NOT NULL CHECK (source IN ('publisher', 'brand')),
    publisher_id uuid REFERENCES publishers (id),
    brand_id uuid REFERENCES brands (id),
    filed_by_user_id uuid REFERENCES users (id),
    card_token text,
    card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
    mid text NOT NULL,
    amount_pence bigint NOT NULL CHECK (amount_pence > 0),
    occurred_at timestamptz NOT NULL,
    reference text,
    note text,
    status text NOT NULL CHECK (status IN ('open', 'in_review', 'matched', 'resolved')),
    transaction_id uuid REFERENCES transactions (id),
    match_score integer,
    not_qualified_reason text,
    resolution text CHECK (resolution IN
      ('qualified_after_review', 'not_eligible', 'duplicate', 'no_such_transaction')),
    resolution_reason text,
    resolved_by_user_id uuid REFERENCES users (id),
    deadline timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (card_token IS NOT NULL OR card_last4 IS NOT NULL),
    CHECK ((source = 'publisher') = (publisher_id IS NOT NULL AND filed_by_user_id IS NULL)),
    CHECK (source = 'publisher' OR brand_id IS NOT NULL),
    CHECK ((status = 'resolved') = (resolution IS NOT NULL)),
    CHECK (status <> 'matched' OR transaction_id IS NOT NULL)
  )`,
  sql`CREATE INDEX claims_pending_idx ON claims (deadline) WHERE status IN ('open', 'in_review')`,
  sql`CREATE INDEX claims_brand_idx ON claims (brand_id, created_at DESC)`,
  sql`CREATE INDEX claims_publisher_idx ON claims (publisher_id, created_at DESC)`,
  sql`CREATE INDEX claims_open_mid_idx ON claims (lower(mid)) WHERE status = 'open'`,
  sql`CREATE TABLE claim_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
    at timestamptz NOT NULL,
    status text NOT NULL,
    text text NOT NULL
  )`,
  sql`CREATE INDEX claim_events_claim_idx ON claim_events (claim_id, at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
