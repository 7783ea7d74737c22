import { sql, type Kysely } from 'kysely';

/**
 * The rate limiter's counters are not worth a disk flush each (docs/decisions/0119). Every call
 * with a publisher key, and every sign-in, writes one counter row in a statement of its own; on a
 * logged table each of those commits waits for the write-ahead log to reach the disk, so a
 * publisher sending a thousand transactions a second paid a thousand flushes for counting alone.
 * An unlogged table's commit waits for nothing. What it costs: after a crash of the database (not
 * a clean restart) the counters start again from zero, and a streaming replica has none (the
 * limiter only ever asks the primary).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE rate_limit_counters SET UNLOGGED`.execute(db);
}
