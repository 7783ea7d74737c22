import { sql, type Kysely } from 'kysely';

/**
 * Authorisations of the single-transaction API (docs/decisions/0109): a purchase a publisher's
 * card scheme has authorised but not yet cleared. It is not a transaction: nothing qualifies on it
 * and no figure reads it. Its clearing (the same publisher transaction id, as a cleared
 * transaction) marks it `cleared`; one still `authorised` at `expires_at` is marked `expired` by
 * the recurring sweep, which reads the partial index below.
 */
const statements = [
  sql`CREATE TABLE transaction_authorisations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    publisher_id uuid NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
    publisher_transaction_id text NOT NULL,
    occurred_at timestamptz NOT NULL,
    amount_pence bigint NOT NULL CHECK (amount_pence > 0),
    mid text NOT NULL,
    card_token text NOT NULL,
    card_last4 text NOT NULL,
    postcode text,
    status text NOT NULL DEFAULT 'authorised' CHECK (status IN ('authorised', 'cleared', 'expired')),
    expires_at timestamptz NOT NULL,
    settled_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (publisher_id, publisher_transaction_id)
  )`,
  sql`CREATE INDEX transaction_authorisations_due_idx
    ON transaction_authorisations (expires_at) WHERE status = 'authorised'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
