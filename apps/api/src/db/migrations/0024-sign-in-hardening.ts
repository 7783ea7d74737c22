import { sql, type Kysely } from 'kysely';

/**
 * Sign-in hardening (docs/decisions.md 'Sign-in hardening').
 *
 * users.email_verified: false only for an account made by the public sign-up until its owner opens
 * the link mailed to the address; every other account was made by, or for, someone who received a
 * link at that address, so existing rows and other inserts are verified.
 *
 * one_time_tokens.purpose gains 'verify_email', the link that proves a sign-up's address.
 *
 * rate_limit_counters.blocked_until: when the next attempt counted under the key is allowed, for
 * the progressive delays between failed logins from one source (null: no delay).
 */
const statements = [
  sql`ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT true`,
  sql`ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_purpose_check`,
  sql`ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check
    CHECK (purpose IN ('guest_login', 'set_password', 'recover_password', 'verify_email'))`,
  sql`ALTER TABLE rate_limit_counters ADD COLUMN blocked_until timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
