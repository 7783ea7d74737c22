import { sql, type Kysely } from 'kysely';

/**
 * What a refund takes back of a stored purchase is written by an UPDATE of its refunded_pence
 * (ingestion's page-writer.ts, every page with refunds of purchases written before). It was never a
 * HOT update: the card-history index carried refunded_pence, and pages filled by COPY had no room
 * left, so each updated purchase was a new tuple elsewhere and a new entry in every index (10 ms
 * of the upload's connection a page of 2,500 rows).
 *
 * - The card-history index carries the amount alone: its readers take a card's purchases' instants
 *   and amounts (index only); the refund matching that reads refunded_pence reads the row anyway.
 *   Its entries are 8 bytes smaller, which every stored purchase's insert is spared too.
 * - A tenth of each table page is left free, so a purchase refunded later is updated in place.
 */
const statements = [
  sql`ALTER TABLE transactions SET (fillfactor = 90)`,
  sql`DROP INDEX transactions_card_history_idx`,
  sql`CREATE INDEX transactions_card_history_idx
    ON transactions (card_id, brand_id, occurred_at) INCLUDE (amount_pence)
    WHERE card_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
