import { sql, type Kysely } from 'kysely';

/**
 * MID health (docs/decisions/0115): the transactions seen at each merchant ID, by local day and by
 * local hour of the day, summed by ingestion in the upload's transaction (under the brand's lock,
 * decision 0114, a MID being one brand's) so the Branches list reads a few rows a MID instead of
 * scanning transactions. Every stored transaction at a known MID counts, whatever its outcome; test
 * transactions are stored apart and do not. Filled here from the transactions stored so far.
 */
const statements = [
  sql`CREATE TABLE mid_activity_days (
    mid text NOT NULL,
    day date NOT NULL,
    transactions integer NOT NULL CHECK (transactions > 0),
    PRIMARY KEY (mid, day)
  )`,
  sql`CREATE TABLE mid_activity_hours (
    mid text NOT NULL,
    hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
    transactions integer NOT NULL CHECK (transactions > 0),
    PRIMARY KEY (mid, hour)
  )`,
  sql`INSERT INTO mid_activity_days (mid, day, transactions)
    SELECT mid, local_datetime::date, count(*) FROM transactions WHERE branch_id IS NOT NULL GROUP BY 1, 2`,
  sql`INSERT INTO mid_activity_hours (mid, hour, transactions)
    SELECT mid, extract(hour FROM local_datetime)::smallint, count(*) FROM transactions
    WHERE branch_id IS NOT NULL GROUP BY 1, 2`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
