import { sql, type Kysely } from 'kysely';

/**
 * The invoice run (brief §5, docs/decisions.md 'Invoice run'): which transactions each invoice
 * covers. The run links a brand's campaign-month transactions (qualified purchases and their
 * refunds) to the invoice in the same database transaction that creates it, and the invoice's
 * cashback and success fee are the sums over exactly those links, so the detailed PDF and the
 * totals always agree and a transaction is never invoiced twice (UNIQUE transaction_id).
 * A refund stored after its month's invoice stays unlinked (see the decision).
 */
const statements = [
  sql`CREATE TABLE invoice_transactions (
    invoice_id uuid NOT NULL REFERENCES invoices (id),
    transaction_id uuid NOT NULL UNIQUE REFERENCES transactions (id),
    PRIMARY KEY (invoice_id, transaction_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
