import { sql, type Kysely } from 'kysely';

/**
 * Devices an account signed in on (docs/decisions.md 'Sign-in lockout and password strength';
 * OWASP's device cookies): a successful sign-in sets an HttpOnly cookie holding a random token, and
 * its SHA-256 is kept here for the account. A password check from such a device is counted on the
 * device's own delays, so guesses from elsewhere cannot pause the owner there. One token may serve
 * several accounts of one browser; signed_in_at is the last sign-in there, and trust lapses 180 days
 * after it.
 */
const statements = [
  sql`CREATE TABLE known_devices (
    token_hash text NOT NULL,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    signed_in_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (token_hash, user_id)
  )`,
  sql`CREATE INDEX known_devices_user_idx ON known_devices (user_id, signed_in_at DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
