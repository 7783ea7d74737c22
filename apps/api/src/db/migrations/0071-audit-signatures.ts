import { sql, type Kysely } from 'kysely';

/**
 * Each audit event's hash signed with a key the application holds and the database does not
 * (docs/decisions/0113, 'Signed events'): an HMAC-SHA256, hex. Null for events written while no
 * key was set (all of them before this migration). Adding a column is not an UPDATE, so the
 * append-only trigger lets it through, and no stored row changes.
 */
const statements = [sql`ALTER TABLE audit_events ADD COLUMN signature text`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
