import { sql, type Kysely } from 'kysely';

/**
 * Ingestion speed (docs/decisions.md 'Performance'): what storing a transaction costs
 * the database beyond the row and the indexes its reads need.
 *
 * - The foreign keys of transactions go. Each was a lookup per stored row (six per row, about a
 *   third of the database's work per row), and they guarded nothing the ingestion does not:
 *   it resolves the publisher, the ingestion log, the branch and brand of the MID, the campaign
 *   and a refund's original itself, under its lock, and none of those rows is ever deleted
 *   (branches, campaigns and users are deleted softly; publishers and logs never).
 * - transactions_campaign_spent_idx goes: a campaign's budget spent so far is read from
 *   reporting_daily (cashback plus fee of its qualified purchases and refunds, net), which
 *   ingestion keeps in the same transaction as the rows.
 */
const statements = [
  sql`ALTER TABLE transactions
    DROP CONSTRAINT transactions_publisher_id_fkey,
    DROP CONSTRAINT transactions_ingestion_log_id_fkey,
    DROP CONSTRAINT transactions_branch_id_fkey,
    DROP CONSTRAINT transactions_brand_id_fkey,
    DROP CONSTRAINT transactions_original_transaction_id_fkey,
    DROP CONSTRAINT transactions_campaign_id_fkey`,
  sql`DROP INDEX transactions_campaign_spent_idx`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
