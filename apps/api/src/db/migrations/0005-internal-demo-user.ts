import { sql, type Kysely } from 'kysely';

/** The internal demo user (spec 1 §6): sees fixed demo figures and offers a fixed 10% discount. */
const statements = [sql`ALTER TABLE users ADD COLUMN is_internal_demo boolean NOT NULL DEFAULT false`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
