import { sql, type Kysely } from 'kysely';

/**
 * Invoices and ingestion logs (spec 2 §2.6, brief §5–6). The reporting issue's invoice run and
 * ingestion only add rows to these tables.
 *
 * invoices: one a brand a campaign month. Money in whole pence; the amount is cashback plus
 * success fee plus the 1% administrative charge of manual payment, and the database holds it to
 * that sum. Invoice numbers come from one sequence (INV-000001, …). `document_id` is the invoice
 * host's reference to the document (the spec's xero_invoice_id); null until it is created.
 *
 * ingestion_logs: one row an uploaded publisher file (through the API or the admin console) with
 * the file's totals; ingestion_log_brands holds each brand's share of it, so a brand's list never
 * shows another brand's figures. Transactions whose MID matches no branch count in the file's
 * totals and in no brand's share.
 */
const statements = [
  sql`CREATE SEQUENCE invoice_numbers`,
  sql`CREATE TABLE invoices (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    brand_id uuid NOT NULL REFERENCES brands (id),
    year integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
    month integer NOT NULL CHECK (month BETWEEN 1 AND 12),
    invoice_number text NOT NULL UNIQUE
      DEFAULT 'INV-' || lpad(nextval('invoice_numbers')::text, 6, '0'),
    cashback_pence bigint NOT NULL,
    success_fee_pence bigint NOT NULL,
    admin_charge_pence bigint NOT NULL DEFAULT 0 CHECK (admin_charge_pence >= 0),
    amount_pence bigint NOT NULL,
    collection_method text NOT NULL CHECK (collection_method IN ('direct_debit', 'manual')),
    issued_on date NOT NULL,
    due_date date NOT NULL CHECK (due_date >= issued_on),
    payment_status text NOT NULL DEFAULT 'Unpaid'
      CHECK (payment_status IN ('Unpaid', 'Pending', 'Paid', 'Failed')),
    paid_at timestamptz,
    document_id text UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (brand_id, year, month),
    CHECK (amount_pence = cashback_pence + success_fee_pence + admin_charge_pence)
  )`,
  // The list's sorts within a brand: the period (the unique key above), due date, amount, status.
  sql`CREATE INDEX invoices_brand_due_idx ON invoices (brand_id, due_date, id)`,
  sql`CREATE INDEX invoices_brand_amount_idx ON invoices (brand_id, amount_pence, id)`,
  sql`CREATE INDEX invoices_brand_status_idx ON invoices (brand_id, payment_status, id)`,
  sql`CREATE TABLE ingestion_logs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    publisher_id uuid NOT NULL REFERENCES publishers (id),
    channel text NOT NULL CHECK (channel IN ('api', 'console')),
    file_name text,
    uploaded_by_user_id uuid REFERENCES users (id),
    uploaded_at timestamptz NOT NULL DEFAULT now(),
    gmv_pence bigint NOT NULL,
    transaction_count integer NOT NULL CHECK (transaction_count >= 0),
    unmatched_count integer NOT NULL DEFAULT 0 CHECK (unmatched_count >= 0),
    last_transaction_at timestamptz,
    next_ingestion_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX ingestion_logs_uploaded_idx ON ingestion_logs (uploaded_at DESC, id DESC)`,
  sql`CREATE INDEX ingestion_logs_publisher_idx ON ingestion_logs (publisher_id, uploaded_at DESC)`,
  sql`CREATE TABLE ingestion_log_brands (
    ingestion_log_id uuid NOT NULL REFERENCES ingestion_logs (id),
    brand_id uuid NOT NULL REFERENCES brands (id),
    gmv_pence bigint NOT NULL,
    transaction_count integer NOT NULL CHECK (transaction_count >= 0),
    last_transaction_at timestamptz,
    PRIMARY KEY (brand_id, ingestion_log_id)
  )`,
  sql`CREATE INDEX ingestion_log_brands_log_idx ON ingestion_log_brands (ingestion_log_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
