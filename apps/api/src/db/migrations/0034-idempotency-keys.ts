import { sql, type Kysely } from 'kysely';

/**
 * The answers kept for Idempotency-Key (decision 0077): one row per caller and key, holding
 * a digest of the request and, once the route answered, its status and body for 24 hours. The
 * caller (an account, or an API key's holder) is part of the key, so nobody replays another's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      caller text NOT NULL,
      key text NOT NULL,
      request_digest text NOT NULL,
      status_code integer,
      content_type text,
      body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (caller, key)
    )
  `.execute(db);
  await sql`CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at)`.execute(db);
}
