import { sql, type Kysely } from 'kysely';

/**
 * When an export's link was mailed (docs/decisions.md 'Progress of uploads and exports'): the
 * dashboard shows the export's state, preparing then ready, until the mail has gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE dashboard_exports ADD COLUMN mailed_at timestamptz`.execute(db);
}
