import { sql, type Kysely } from 'kysely';

/**
 * Users CRUD (spec 2 §2.5): a deleted user keeps its row, because campaigns and branches name who
 * created them, but leaves every list and can no longer sign in; its e-mail is free for a new user.
 */
const statements = [
  sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`,
  sql`DROP INDEX users_email_key`,
  sql`CREATE UNIQUE INDEX users_email_key ON users (email) WHERE deleted_at IS NULL`,
  sql`CREATE INDEX users_created_at_idx ON users (created_at DESC) WHERE deleted_at IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
