import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's distinct counts at scale (issue 5 §3–4, bench/results.md): reach and repeat
 * customers read the card-day rows of the filter. With the brand's rows spread through the table
 * (they arrive upload by upload), the planner otherwise scans the whole table; this covering index
 * holds every column the reads need in brand-then-day order, so a brand's range is one index-only
 * scan of just its own entries. Every dashboard filter but 'all brands' names the brands.
 */
const statements = [
  sql`CREATE INDEX reporting_card_days_brand_read_idx ON reporting_card_days (brand_id, day)
    INCLUDE (publisher_id, branch_id, campaign_id, customer_type, offer_type, card_token, purchases)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
