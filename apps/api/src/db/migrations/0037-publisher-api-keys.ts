import { sql, type Kysely } from 'kysely';

/**
 * A publisher's API keys (brief §5; decision 0089): live and test, many a publisher, each stored
 * as the SHA-256 (hex) of its secret (secrets are 32 random bytes, so a fast hash is enough: see
 * 0012) with the prefix shown in lists. A rotated key keeps working until `expires_at`; a revoked
 * one stops at `revoked_at`. `last_used_at` is written at most once a minute a key.
 *
 * The one key a publisher had (publishers.api_key_hash) becomes its first live key, so the keys
 * in use keep working; the column then goes, leaving one place a key is looked up.
 */
const statements = [
  sql`CREATE TABLE publisher_api_keys (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    publisher_id uuid NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
    mode text NOT NULL CHECK (mode IN ('live', 'test')),
    prefix text NOT NULL,
    secret_hash text NOT NULL UNIQUE,
    name text NOT NULL,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    expires_at timestamptz,
    revoked_at timestamptz,
    replaced_by uuid REFERENCES publisher_api_keys (id) ON DELETE SET NULL
  )`,
  sql`CREATE INDEX publisher_api_keys_publisher_id_idx ON publisher_api_keys (publisher_id, created_at)`,
  sql`INSERT INTO publisher_api_keys (publisher_id, mode, prefix, secret_hash, name)
    SELECT id, 'live', 'legacy', api_key_hash, 'Key from before key management'
    FROM publishers WHERE api_key_hash IS NOT NULL`,
  sql`ALTER TABLE publishers DROP COLUMN api_key_hash`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
