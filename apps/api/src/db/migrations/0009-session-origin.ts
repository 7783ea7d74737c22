import { sql, type Kysely } from 'kysely';

/**
 * Where a session started (spec 1 §1): a card-network guest link makes a 'card_network' session,
 * which the campaign rules read (fixed 10% discount, month-in-full name, the shorter month window,
 * 'coming soon' projections). The link token carries the origin until it is used.
 */
const statements = [
  sql`ALTER TABLE one_time_tokens ADD COLUMN origin text CHECK (origin IN ('card_network'))`,
  sql`ALTER TABLE sessions ADD COLUMN origin text CHECK (origin IN ('card_network'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
