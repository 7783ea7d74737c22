import { sql, type Kysely } from 'kysely';

/**
 * Invoice and credit-note numbers without gaps (brief §5: sequential invoice numbers). A sequence
 * hands out a number even to a transaction that then rolls back (a database restart mid invoice
 * run, a run that stops at an error), leaving a gap an auditor must have explained, and making a
 * run interrupted by a fault differ from one that was not. Each number is now drawn from a counter
 * row updated in the invoice's own transaction: a rollback gives the number back, and concurrent
 * runs take their numbers one after the other (the invoice run already holds a lock while it
 * writes). The counters continue from where the sequences stood, so no number is ever reused.
 */
const statements = [
  sql`CREATE TABLE document_numbers (kind text PRIMARY KEY, last bigint NOT NULL)`,
  sql`INSERT INTO document_numbers (kind, last)
    SELECT 'invoice', CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM invoice_numbers
    UNION ALL
    SELECT 'credit_note', CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM credit_note_numbers`,
  sql`CREATE FUNCTION next_document_number(document text) RETURNS bigint LANGUAGE sql VOLATILE AS $$
    UPDATE document_numbers SET last = last + 1 WHERE kind = document RETURNING last
  $$`,
  sql`ALTER TABLE invoices ALTER COLUMN invoice_number
    SET DEFAULT 'INV-' || lpad(next_document_number('invoice')::text, 6, '0')`,
  sql`ALTER TABLE credit_notes ALTER COLUMN credit_note_number
    SET DEFAULT 'CN-' || lpad(next_document_number('credit_note')::text, 6, '0')`,
  sql`DROP SEQUENCE invoice_numbers`,
  sql`DROP SEQUENCE credit_note_numbers`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
