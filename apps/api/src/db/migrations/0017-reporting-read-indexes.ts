import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's distinct counts at scale (bench/results.md): reach and repeat
 * customers read the filter's card-day rows. The brand's rows arrive upload by upload, spread
 * through the table, so without this the planner scans the whole table. This covering index holds
 * every column those reads need, brand, branch, publisher, then day: with the branch and publisher
 * always given to it (the chosen one, else every one the brand has rows for, as `= ANY`, which a
 * B-tree answers with one descent per value), a filter reads exactly its own entries, index only.
 */
const statements = [
  sql`CREATE INDEX reporting_card_days_read_idx
    ON reporting_card_days (brand_id, branch_id, publisher_id, day)
    INCLUDE (campaign_id, customer_type, offer_type, card_token, purchases)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
