import { sql, type Kysely } from 'kysely';

/**
 * The branch list's search (name anywhere, merchant IDs from their start, all ILIKE) served by
 * trigram indexes, one a column so the planner can combine them for the search's OR and a search
 * over 100,000 branches reads the matches instead of every row.
 * pg_trgm ships with PostgreSQL and with PGlite (loaded in db/database.ts). On a server that does
 * not offer it the indexes are left out: the search still answers the same rows, by a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ available: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available
  `.execute(db);
  if (!rows[0]?.available) return;
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  for (const column of ['name', 'mastercard_merchant_id', 'amex_merchant_id', 'zettle_merchant_id']) {
    await sql`CREATE INDEX ${sql.ref(`branches_${column}_trgm_idx`)} ON branches USING gin (${sql.ref(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
}
