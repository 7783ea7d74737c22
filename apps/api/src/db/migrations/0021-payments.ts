import { sql, type Kysely } from 'kysely';

/**
 * Direct debit (spec 2 §2.10, brief §4; docs/decisions.md 'Payments').
 *
 * payment_mandates: one row a setup started. `flow_id` is the provider's hosted-page id (a
 * GoCardless redirect flow), `session_token` the random value the setup must be completed with
 * (GoCardless checks it). After completion the row holds the provider's mandate and customer ids
 * and what the payer may see of the bank account. A brand has at most one live (pending or
 * active) mandate: the partial unique index holds it so.
 *
 * payment_collections: the payment collected for one direct-debit invoice, with the provider's
 * payment id; its status follows the provider's payment events.
 *
 * payment_events: every webhook event received, once: (provider, provider_event_id) is unique, so
 * a replayed event is recognised and changes nothing. `outcome` says what it did.
 *
 * test_provider_*: the built-in test provider's own state, as a remote provider would keep it:
 * its hosted-page flows (with the mandate and customer ids it made), its payments, the events it
 * has yet to deliver, and its webhook secret (made randomly at first use, never a constant).
 */
const statements = [
  sql`CREATE TABLE payment_mandates (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id uuid NOT NULL REFERENCES brands (id),
    provider text NOT NULL CHECK (provider IN ('test', 'gocardless')),
    status text NOT NULL DEFAULT 'awaiting_customer'
      CHECK (status IN ('awaiting_customer', 'pending', 'active', 'failed', 'cancelled')),
    flow_id text NOT NULL UNIQUE,
    session_token text NOT NULL,
    return_to text NOT NULL CHECK (return_to IN ('payments', 'onboarding')),
    provider_mandate_id text UNIQUE,
    provider_customer_id text,
    account_holder_name text,
    account_number_ending text,
    bank_name text,
    created_by uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (status = 'awaiting_customer' OR provider_mandate_id IS NOT NULL)
  )`,
  sql`CREATE UNIQUE INDEX payment_mandates_live_idx ON payment_mandates (brand_id)
    WHERE status IN ('pending', 'active')`,
  sql`CREATE INDEX payment_mandates_brand_idx ON payment_mandates (brand_id, created_at)`,
  sql`CREATE TABLE payment_collections (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    invoice_id uuid NOT NULL UNIQUE REFERENCES invoices (id),
    brand_id uuid NOT NULL REFERENCES brands (id),
    mandate_id uuid NOT NULL REFERENCES payment_mandates (id),
    provider text NOT NULL CHECK (provider IN ('test', 'gocardless')),
    provider_payment_id text NOT NULL UNIQUE,
    amount_pence bigint NOT NULL CHECK (amount_pence > 0),
    status text NOT NULL CHECK (status IN ('pending_submission', 'submitted', 'confirmed', 'paid_out',
      'failed', 'cancelled', 'charged_back')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE payment_events (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    provider text NOT NULL CHECK (provider IN ('test', 'gocardless')),
    provider_event_id text NOT NULL,
    resource_type text NOT NULL,
    action text NOT NULL,
    resource_id text,
    payload jsonb NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    outcome text NOT NULL CHECK (outcome IN ('applied', 'unchanged', 'ignored')),
    UNIQUE (provider, provider_event_id)
  )`,
  sql`CREATE TABLE test_provider_flows (
    flow_id text PRIMARY KEY,
    session_token text NOT NULL,
    brand_name text NOT NULL,
    description text NOT NULL,
    success_redirect_url text NOT NULL,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'completed')),
    account_holder_name text,
    account_number_ending text,
    bank_name text,
    mandate_id text UNIQUE,
    customer_id text,
    mandate_status text CHECK (mandate_status IN ('pending_submission', 'submitted', 'active', 'failed',
      'cancelled')),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`,
  sql`CREATE TABLE test_provider_payments (
    payment_id text PRIMARY KEY,
    idempotency_key text NOT NULL UNIQUE,
    mandate_id text NOT NULL REFERENCES test_provider_flows (mandate_id),
    amount_pence bigint NOT NULL CHECK (amount_pence > 0),
    currency text NOT NULL,
    description text NOT NULL,
    invoice_id text,
    status text NOT NULL DEFAULT 'pending_submission',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE test_provider_outbox (
    event_id text PRIMARY KEY,
    event jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz
  )`,
  sql`CREATE INDEX test_provider_outbox_undelivered_idx ON test_provider_outbox (created_at)
    WHERE delivered_at IS NULL`,
  sql`CREATE TABLE test_provider_secrets (
    name text PRIMARY KEY,
    secret text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
