import { sql, type Kysely } from 'kysely';

/**
 * Two-step sign-in (docs/decisions.md 'Two-step sign-in').
 *
 * user_multi_factor: one row per user who started or finished the set-up: the TOTP secret
 * (base32; the product has no server key to encrypt it with, see the decision), enabled_at (null
 * while the set-up waits for its first code) and last_used_step, the 30-second step of the last
 * accepted code: a code of that step or an earlier one is refused, so an overheard code cannot be
 * replayed.
 *
 * multi_factor_recovery_codes: single-use codes for a lost phone, each stored as SHA-256 of a
 * random salt and the code; used_at marks one spent.
 *
 * multi_factor_challenges: what a correct password answers when a second step is due: a random
 * token (stored as its SHA-256), valid 5 minutes, used once by the step that starts the session.
 */
const statements = [
  sql`CREATE TABLE user_multi_factor (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret text NOT NULL,
    enabled_at timestamptz,
    last_used_step integer,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE multi_factor_recovery_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    salt text NOT NULL,
    code_hash text NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX multi_factor_recovery_codes_user_idx ON multi_factor_recovery_codes (user_id)`,
  sql`CREATE TABLE multi_factor_challenges (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_hash text NOT NULL UNIQUE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX multi_factor_challenges_user_idx ON multi_factor_challenges (user_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
