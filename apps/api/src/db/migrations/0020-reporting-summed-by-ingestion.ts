import { sql, type Kysely } from 'kysely';

/**
 * The reporting store summed by ingestion as it qualifies (issue 5 §1, §3; docs/decisions.md
 * 'Performance'): an upload's share of reporting_daily and reporting_daily_cards is added up in the
 * API page by page and written in a few statements, instead of three passes over the upload's
 * stored rows once they are all written.
 *
 * - transactions_ingestion_log_idx goes: only those passes read it, and every stored row paid for
 *   it.
 * - cards: numbered by ingestion, not by an identity. A card is numbered when an upload first meets
 *   it at a known merchant (its history is then looked up anyway), the next number after the
 *   largest, under the ingestion lock, so numbers stay dense; a card that never made a qualified
 *   purchase may hold a number and appear in no list, which counts nothing.
 */
const statements = [
  sql`DROP INDEX transactions_ingestion_log_idx`,
  sql`ALTER TABLE cards ALTER COLUMN id DROP IDENTITY`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
