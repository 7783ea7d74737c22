import { sql, type Kysely } from 'kysely';

/**
 * The daily settlement file reads one publisher's qualified and refunded transactions of one local
 * day (docs/decisions/0107), every day for every publisher: without this index each file would scan
 * every transaction. Partial, as the file leaves out `notQualified`, so those rows (most of a file)
 * add nothing to it.
 */
const statements = [
  sql`CREATE INDEX transactions_publisher_settlement_idx
    ON transactions (publisher_id, occurred_at) WHERE outcome <> 'notQualified'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
