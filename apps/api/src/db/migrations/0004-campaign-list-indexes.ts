import { sql, type Kysely } from 'kysely';

/**
 * The lists across all brands (system admin, banks) sort by creation: an index in that order lets
 * a page stop after its rows instead of sorting every campaign of the phase.
 */
const statements = [
  sql`CREATE INDEX campaigns_created_idx ON campaigns (created_at DESC, id DESC) WHERE deleted_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
