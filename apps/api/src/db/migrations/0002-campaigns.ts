import { sql, type Kysely } from 'kysely';

/**
 * Branches (merchant locations), publishers and their deals, projection records, message
 * templates, campaigns with their branches, pauses and promo codes, and the job queue.
 */
const statements = [
  sql`CREATE TABLE branches (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id uuid NOT NULL REFERENCES brands (id),
    name text NOT NULL,
    kmid text,
    status text NOT NULL DEFAULT 'Pending'
      CHECK (status IN ('Pending', 'Approved', 'Active', 'Rejected', 'Deleted', 'Updated')),
    address text,
    postcode text,
    postal_town text,
    city text,
    description text,
    contact_name text,
    contact_email text,
    contact_phone text,
    tripadvisor_url text,
    mastercard_merchant_id text,
    amex_merchant_id text,
    zettle_merchant_id text,
    block text,
    comments text,
    approved_by text,
    default_branch boolean NOT NULL DEFAULT false,
    created_by_user_id uuid REFERENCES users (id),
    created_by_brand_user boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    activated_at timestamptz
  )`,
  sql`CREATE INDEX branches_brand_id_idx ON branches (brand_id, status)`,
  sql`CREATE TABLE publishers (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code text NOT NULL UNIQUE,
    display_name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE distributor_deals (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id uuid NOT NULL REFERENCES brands (id),
    publisher_id uuid NOT NULL REFERENCES publishers (id),
    cashback_percent numeric(5, 2) NOT NULL CHECK (cashback_percent >= 0 AND cashback_percent <= 100),
    success_fee_percent numeric(5, 2) NOT NULL CHECK (success_fee_percent >= 0 AND success_fee_percent <= 100),
    start_date date NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX distributor_deals_brand_id_idx ON distributor_deals (brand_id)`,
  sql`CREATE TABLE projection_records (
    brand_id uuid PRIMARY KEY REFERENCES brands (id),
    record jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE campaign_templates (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    type text NOT NULL CHECK (type IN ('sms', 'email', 'app')),
    name text NOT NULL,
    template_text text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE campaigns (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id uuid NOT NULL REFERENCES brands (id),
    name text NOT NULL,
    status text NOT NULL DEFAULT 'Pending'
      CHECK (status IN ('Pending', 'Bank Approval Pending', 'Bank Approved', 'Active', 'Rejected', 'Bank Rejected', 'Krowd Rejected')),
    customer_type text NOT NULL CHECK (customer_type IN ('all', 'new', 'existing', 'lapsed')),
    last_transaction_months integer CHECK (last_transaction_months BETWEEN 1 AND 24),
    discount_type text NOT NULL CHECK (discount_type IN ('dp', 'dv', 'ss')),
    discount_percent integer CHECK (discount_percent BETWEEN 0 AND 100),
    discount_amount_pence integer CHECK (discount_amount_pence >= 0),
    discount_value_pence integer CHECK (discount_value_pence >= 0),
    discount_spread_amount integer CHECK (discount_spread_amount >= 0),
    discount_spread_value integer CHECK (discount_spread_value BETWEEN 0 AND 100),
    spread_avg_spend_pence integer CHECK (spread_avg_spend_pence >= 0),
    success_fee integer NOT NULL CHECK (success_fee BETWEEN 0 AND 100),
    budget_pence bigint CHECK (budget_pence > 0),
    budget_type text NOT NULL DEFAULT 'na' CHECK (budget_type IN ('budget', 'na')),
    age_min integer NOT NULL DEFAULT 10,
    age_max integer NOT NULL DEFAULT 100,
    gender_male boolean NOT NULL DEFAULT true,
    gender_female boolean NOT NULL DEFAULT true,
    week_days jsonb NOT NULL,
    start_time time,
    end_time time,
    start_date date NOT NULL,
    opening_time timestamptz NOT NULL,
    closing_time timestamptz NOT NULL,
    recurring boolean NOT NULL DEFAULT true,
    is_primary_campaign boolean NOT NULL DEFAULT false,
    primary_campaign_id uuid REFERENCES campaigns (id),
    all_branches boolean NOT NULL DEFAULT false,
    suggestions text NOT NULL DEFAULT '',
    valid_until date,
    templates jsonb NOT NULL DEFAULT '[]',
    promo_code jsonb,
    created_by uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE INDEX campaigns_brand_start_idx ON campaigns (brand_id, start_date) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX campaigns_brand_created_idx ON campaigns (brand_id, created_at DESC) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX campaigns_start_created_idx ON campaigns (start_date, created_at DESC) WHERE deleted_at IS NULL`,
  sql`CREATE UNIQUE INDEX campaigns_series_month_key ON campaigns (primary_campaign_id, start_date)
    WHERE primary_campaign_id IS NOT NULL AND deleted_at IS NULL`,
  sql`CREATE TABLE campaign_branches (
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    branch_id uuid NOT NULL REFERENCES branches (id),
    brand_id uuid NOT NULL REFERENCES brands (id),
    PRIMARY KEY (campaign_id, branch_id)
  )`,
  sql`CREATE INDEX campaign_branches_branch_id_idx ON campaign_branches (branch_id)`,
  sql`CREATE TABLE campaign_pauses (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    brand_id uuid NOT NULL REFERENCES brands (id),
    from_date date NOT NULL,
    to_date date NOT NULL CHECK (to_date >= from_date),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX campaign_pauses_campaign_id_idx ON campaign_pauses (campaign_id)`,
  sql`CREATE TABLE campaign_promo_codes (
    campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    brand_id uuid NOT NULL REFERENCES brands (id),
    code text NOT NULL,
    PRIMARY KEY (campaign_id, code)
  )`,
  sql`CREATE TABLE jobs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL,
    payload jsonb NOT NULL DEFAULT '{}',
    dedupe_key text UNIQUE,
    run_at timestamptz NOT NULL DEFAULT now(),
    locked_until timestamptz,
    attempts integer NOT NULL DEFAULT 0,
    last_error text,
    done_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE done_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
