import { sql, type Kysely } from 'kysely';

/** Users, groups, brands, banks, sessions, one-time tokens, mail outbox, settings, rate limits. */
const statements = [
  sql`CREATE TABLE groups (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE brands (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    group_id uuid REFERENCES groups (id),
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX brands_group_id_idx ON brands (group_id)`,
  sql`CREATE TABLE banks (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email text NOT NULL CHECK (email = lower(email)),
    password_hash text,
    first_name text NOT NULL,
    last_name text NOT NULL,
    phone text,
    photo text,
    address text,
    entity_type text NOT NULL CHECK (entity_type IN ('brand', 'bank', 'cardprovider', 'systemadmin')),
    role text CHECK (role IN ('user', 'companyAdmin', 'brandAdmin', 'brandUser', 'groupAdmin', 'groupUser')),
    is_client_admin boolean NOT NULL DEFAULT false,
    brand_id uuid REFERENCES brands (id),
    group_id uuid REFERENCES groups (id),
    bank_id uuid REFERENCES banks (id),
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deactivated')),
    is_first_login boolean NOT NULL DEFAULT false,
    is_t_and_c_accepted boolean NOT NULL DEFAULT false,
    guest_user boolean NOT NULL DEFAULT false,
    guest_user_flag boolean NOT NULL DEFAULT false,
    step text,
    step_one boolean NOT NULL DEFAULT false,
    step_two boolean NOT NULL DEFAULT false,
    step_three boolean NOT NULL DEFAULT false,
    process_completed boolean NOT NULL DEFAULT false,
    step_one_data jsonb,
    version integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE UNIQUE INDEX users_email_key ON users (email)`,
  sql`CREATE INDEX users_brand_id_idx ON users (brand_id)`,
  sql`CREATE INDEX users_group_id_idx ON users (group_id)`,
  sql`CREATE INDEX users_bank_id_idx ON users (bank_id)`,
  sql`CREATE TABLE sessions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_hash text NOT NULL UNIQUE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    ended_at timestamptz,
    ip_address text,
    user_agent text,
    browser_name text,
    os_name text,
    os_version text,
    device_type text
  )`,
  sql`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`,
  sql`CREATE TABLE one_time_tokens (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_hash text NOT NULL UNIQUE,
    purpose text NOT NULL CHECK (purpose IN ('guest_login', 'set_password', 'recover_password')),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX one_time_tokens_user_id_idx ON one_time_tokens (user_id)`,
  sql`CREATE TABLE mail_outbox (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id uuid REFERENCES brands (id),
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    status text NOT NULL CHECK (status IN ('stored', 'sent', 'failed')),
    error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz
  )`,
  sql`CREATE INDEX mail_outbox_created_at_idx ON mail_outbox (created_at DESC)`,
  sql`CREATE TABLE settings (
    key text PRIMARY KEY,
    value jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE rate_limit_counters (
    key text PRIMARY KEY,
    window_started_at timestamptz NOT NULL,
    hits integer NOT NULL
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
