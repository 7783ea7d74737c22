import { sql, type Kysely } from 'kysely';

/**
 * "Why not qualified" for the brand (docs/decisions/0130).
 *
 * transactions_not_qualified_idx: the dashboard's counts by reason read a brand's not-qualified
 * transactions of a date range, grouped by reason and its cap's number, with their spend, branch,
 * publisher and campaign for the dashboard's filters; the drill-down pages one reason's in local
 * time order (keyset on local_datetime, id). So the counts are one range scan of this index and
 * touch no table page (the other columns ride in INCLUDE), and a page is one descent. Partial: the
 * qualified rows and those at a MID no branch has (no brand) cost ingestion nothing here; the
 * indexes of 0016 and 0028 are partial on the qualified side, so neither serves these reads.
 *
 * dashboard_exports.include_not_qualified: the export's option to add the not-qualified
 * transactions with their reason; false for every export before (the file they asked for).
 */
const statements = [
  sql`CREATE INDEX transactions_not_qualified_idx ON transactions (brand_id, local_datetime, id)
    INCLUDE (reason, reason_params, amount_pence, branch_id, publisher_id, campaign_id)
    WHERE outcome = 'notQualified' AND brand_id IS NOT NULL`,
  sql`ALTER TABLE dashboard_exports ADD COLUMN include_not_qualified boolean NOT NULL DEFAULT false`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
