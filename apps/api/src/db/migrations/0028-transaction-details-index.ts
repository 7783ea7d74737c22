import { sql, type Kysely } from 'kysely';

/**
 * Transaction Details paged on the server (docs/decisions.md 'Transaction Details a
 * page at a time'): a campaign's qualified purchases and refunds in local time order, id breaking
 * ties. A page (campaign, month, after the cursor) is one descent and a walk over its own rows, in
 * the order it is shown: no other brand's rows, no other month's, no sort. It holds the columns a
 * row shows, so a page reads the index only: a month's rows lie wherever their uploads put them in
 * the table, and fifty scattered table pages cost more than the whole walk. Partial, so the
 * unqualified tenth of all rows costs ingestion nothing here.
 */
const statements = [
  sql`CREATE INDEX transactions_campaign_month_idx ON transactions (campaign_id, local_datetime, id)
    INCLUDE (postcode, card_last4, amount_pence, cashback_pence)
    WHERE outcome <> 'notQualified'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
