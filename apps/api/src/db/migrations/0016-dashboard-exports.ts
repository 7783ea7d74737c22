import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's transaction exports (spec 3 §2.4).
 *
 * dashboard_exports: one row an export asked for. `filter` is the dashboard filter resolved within
 * the caller's scope when they asked (dates, brand ids or 'all', branch, publisher, campaign,
 * customer types, offer type), so the job needs no session. The background job writes the CSV,
 * then sets `status` ready, `row_count`, `byte_size` and `token_hash`: the SHA-256 of the random
 * token of the mailed link (the token itself is never stored). `expires_at` is 7 days after the
 * file was made; after it the link answers 410 and the file's parts are deleted.
 *
 * dashboard_export_parts: the CSV in ordered parts of about 512 KiB, so neither writing nor
 * downloading holds a whole file in memory (bytea, like assets, so it works the same on PGlite and
 * PostgreSQL and needs no shared disk between instances).
 *
 * transactions_export_idx: the job reads a brand's qualified purchases and refunds in time order,
 * one page at a time (keyset on local_datetime, id), so each page is an index range scan.
 */
const statements = [
  sql`CREATE TABLE dashboard_exports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id),
    filter jsonb NOT NULL,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'ready')),
    row_count integer CHECK (row_count >= 0),
    byte_size bigint CHECK (byte_size >= 0),
    token_hash text UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz,
    expires_at timestamptz NOT NULL,
    CHECK ((status = 'ready') = (token_hash IS NOT NULL AND completed_at IS NOT NULL
      AND row_count IS NOT NULL AND byte_size IS NOT NULL))
  )`,
  sql`CREATE INDEX dashboard_exports_user_idx ON dashboard_exports (user_id, status)`,
  sql`CREATE INDEX dashboard_exports_expires_idx ON dashboard_exports (expires_at)`,
  sql`CREATE TABLE dashboard_export_parts (
    export_id uuid NOT NULL REFERENCES dashboard_exports (id) ON DELETE CASCADE,
    part integer NOT NULL CHECK (part >= 0),
    content bytea NOT NULL,
    PRIMARY KEY (export_id, part)
  )`,
  sql`CREATE INDEX transactions_export_idx ON transactions (brand_id, local_datetime, id)
    WHERE outcome <> 'notQualified'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
