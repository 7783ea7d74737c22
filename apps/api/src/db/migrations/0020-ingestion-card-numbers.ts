import { sql, type Kysely } from 'kysely';

/**
 * Card numbers given by ingestion, and what storing a transaction costs the database
 * (docs/decisions.md 'Performance').
 *
 * - cards: numbered by ingestion, not by an identity. A card is numbered when an upload first meets
 *   it making a purchase at a known merchant (its history is looked up then anyway), with the next
 *   number after the largest, under the ingestion lock, so numbers stay dense. A card that never
 *   made a qualified purchase may hold a number and appear in no card list, which counts nothing.
 * - transactions.card_id: that number, on every purchase at a known merchant (null on refunds and
 *   at unknown MIDs). The card-history index is keyed by it rather than by the token: a new card's
 *   number is the largest yet, so most new index entries go to its right-hand end instead of a
 *   random leaf. Keyed by token, the index outgrew the shared buffers within a few million rows and
 *   every stored purchase then dirtied a page of it that had to be written out again (measured at
 *   5 million rows: 3 million pages written by the server process itself, 3.8 GB of whole pages in
 *   the write-ahead log). The key is also smaller: 4 bytes for a ~30-byte token.
 * - transactions_ingestion_log_idx goes: only the reporting store's passes over an upload's rows
 *   read it, and ingestion now sums its share of the store as it qualifies (reporting-tally.ts).
 */
const statements = [
  sql`DROP INDEX transactions_ingestion_log_idx`,
  sql`ALTER TABLE cards ALTER COLUMN id DROP IDENTITY`,
  sql`ALTER TABLE transactions ADD COLUMN card_id integer`,
  sql`INSERT INTO cards (id, token)
    SELECT (SELECT coalesce(max(id), 0) FROM cards) + row_number() OVER (ORDER BY token), token
    FROM (SELECT DISTINCT t.card_token AS token FROM transactions t
          WHERE t.amount_pence > 0 AND t.brand_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.token = t.card_token)) unnumbered`,
  sql`UPDATE transactions t SET card_id = c.id FROM cards c
    WHERE c.token = t.card_token AND t.amount_pence > 0 AND t.brand_id IS NOT NULL`,
  sql`DROP INDEX transactions_card_history_idx`,
  sql`CREATE INDEX transactions_card_history_idx
    ON transactions (card_id, brand_id, occurred_at) INCLUDE (amount_pence, refunded_pence)
    WHERE card_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
