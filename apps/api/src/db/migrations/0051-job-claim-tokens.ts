import { sql, type Kysely } from 'kysely';

/**
 * Each claim of a job gets a token of its own (docs/decisions/0112): the holder extends its lease
 * while the job runs, and writes how it ended, only on the row that still carries its token. A
 * holder whose lease ran out and was claimed again neither keeps the new run's lease alive nor
 * marks it done.
 */
const statements = [sql`ALTER TABLE jobs ADD COLUMN claim_token uuid`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
