import { sql, type Kysely } from 'kysely';

/**
 * Credit notes and frozen documents (docs/decisions.md 'Credit notes').
 *
 * credit_notes: a refund that reaches us after its campaign month was invoiced is not put on that
 * invoice (an issued invoice never changes): the daily invoice run issues a credit note for it,
 * numbered from its own series (CN-000001, …), negative amounts, linked to the invoice it corrects.
 * credit_note_transactions: the refunds each credit note covers; UNIQUE transaction_id, and the run
 * skips what invoice_transactions holds, so a refund is credited at most once and never both
 * invoiced and credited.
 *
 * issued_documents: each issued invoice's PDFs (the invoice and its detailed list) and each credit
 * note's PDF, stored when issued and served as stored, so a document never changes after issue
 * (payment status, a renamed brand or a later refund cannot alter it). Keyed by file name
 * (INV-000001.pdf, INV-000001-detailed.pdf, CN-000001.pdf). Invoices issued before this migration
 * are stored on their first download, from their unchanged links and figures.
 */
const statements = [
  sql`CREATE SEQUENCE credit_note_numbers`,
  sql`CREATE TABLE credit_notes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    invoice_id uuid NOT NULL REFERENCES invoices (id),
    brand_id uuid NOT NULL REFERENCES brands (id),
    credit_note_number text NOT NULL UNIQUE
      DEFAULT 'CN-' || lpad(nextval('credit_note_numbers')::text, 6, '0'),
    cashback_pence bigint NOT NULL CHECK (cashback_pence <= 0),
    success_fee_pence bigint NOT NULL CHECK (success_fee_pence <= 0),
    amount_pence bigint NOT NULL CHECK (amount_pence < 0),
    issued_on date NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (amount_pence = cashback_pence + success_fee_pence)
  )`,
  sql`CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id)`,
  sql`CREATE INDEX credit_notes_brand_idx ON credit_notes (brand_id, issued_on, id)`,
  sql`CREATE TABLE credit_note_transactions (
    credit_note_id uuid NOT NULL REFERENCES credit_notes (id),
    transaction_id uuid NOT NULL UNIQUE REFERENCES transactions (id),
    PRIMARY KEY (credit_note_id, transaction_id)
  )`,
  // The daily run looks for refunds not yet invoiced or credited: a few rows of all transactions.
  sql`CREATE INDEX transactions_refunds_idx ON transactions (campaign_id) WHERE outcome = 'refund'`,
  sql`CREATE TABLE issued_documents (
    file_name text PRIMARY KEY,
    pdf bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
