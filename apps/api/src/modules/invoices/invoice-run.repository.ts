import { sql, type Kysely, type Transaction } from 'kysely';
import type { InvoiceFigures } from '@krowd/domain/invoice/invoice.rules';
import { finalThrough } from '@krowd/domain/qualification/reward-status.rules';
import type { DB } from '../../db/database.generated.ts';
import { invoiceColumns, linkedTransactions } from './invoices.repository.ts';

/** The advisory lock one invoice run holds while it writes an invoice (ingestion takes one per publisher and brand). */
export const invoiceRunLockKey = 5_000_002;

/**
 * Qualified purchases and refunds of a brand's campaigns of one month (`t`, `c`) not yet invoiced,
 * dated (local date) on or before the invoice's issue date: an invoice never lists what happened
 * after it was issued (a later refund goes on a credit note). Final rewards only
 * (docs/decisions/0117): a purchase, or a refund's purchase, dated on or before `finalThrough` of
 * the issue date. A run invoices a month only once its last day's purchases are final
 * (`latestInvoiceableMonth`), so this holds for every purchase of the month; it is said here so an
 * invoice can never bill a pending reward, whatever calls it.
 */
const monthTransactions = (brandId: string, monthStart: string, issuedOn: string) => sql`
  FROM transactions t JOIN campaigns c ON c.id = t.campaign_id
  WHERE c.brand_id = ${brandId}::uuid AND c.start_date = ${monthStart}::date
    AND t.outcome <> 'notQualified'
    AND t.local_datetime < ${issuedOn}::date + 1
    AND (CASE WHEN t.outcome = 'refund'
      THEN (SELECT o.local_datetime FROM transactions o WHERE o.id = t.original_transaction_id)
      ELSE t.local_datetime END) < ${finalThrough(issuedOn)}::date + 1
    AND NOT EXISTS (SELECT 1 FROM invoice_transactions it WHERE it.transaction_id = t.id)`;

/**
 * Refunds (`t`) of purchases an invoice covers that are on no invoice and no credit note yet,
 * dated on or before `today`, with the invoice (`i`) of their campaign month. Only those that take
 * something back: a refund of a purchase that earned nothing has nothing to credit.
 */
const creditableRefunds = (today: string) => sql`
  FROM transactions t JOIN campaigns c ON c.id = t.campaign_id
  JOIN invoices i ON i.brand_id = c.brand_id
    AND i.year = extract(year FROM c.start_date)::int AND i.month = extract(month FROM c.start_date)::int
  WHERE t.outcome = 'refund'
    AND t.cashback_pence + t.success_fee_pence < 0
    AND t.local_datetime < ${today}::date + 1
    AND NOT EXISTS (SELECT 1 FROM invoice_transactions it WHERE it.transaction_id = t.id)
    AND NOT EXISTS (SELECT 1 FROM credit_note_transactions ct WHERE ct.transaction_id = t.id)
    AND EXISTS (SELECT 1 FROM invoice_transactions it WHERE it.transaction_id = t.original_transaction_id)`;

export interface MonthSums {
  cashbackPence: number;
  successFeePence: number;
  transactions: number;
}

const sumsOf = (row: Record<string, unknown> | undefined): MonthSums => ({
  cashbackPence: Number(row?.cashback ?? 0),
  successFeePence: Number(row?.fee ?? 0),
  transactions: Number(row?.transactions ?? 0),
});

/**
 * The invoice run's SQL (invoice-run.ts). A campaign month is a brand's campaigns whose
 * start_date is that month's first day; its transactions are those campaigns' qualified purchases
 * and refunds, wherever their own dates fall.
 */
export const invoiceRunQueries = {
  /**
   * Brand and campaign months up to `lastMonthStart` that have no invoice and hold a qualified
   * purchase or refund not yet invoiced, oldest month first, then by brand name (so invoice
   * numbers follow the months). Reads campaigns, probing transactions by campaign (indexed).
   */
  async uninvoicedMonths(db: Kysely<DB>, lastMonthStart: string) {
    const { rows } = await sql<{ brand_id: string; month_start: string }>`
      SELECT c.brand_id, to_char(c.start_date, 'YYYY-MM-DD') AS month_start
      FROM campaigns c JOIN brands br ON br.id = c.brand_id
      WHERE c.start_date <= ${lastMonthStart}::date
        AND NOT EXISTS (
          SELECT 1 FROM invoices i WHERE i.brand_id = c.brand_id
            AND i.year = extract(year FROM c.start_date)::int
            AND i.month = extract(month FROM c.start_date)::int)
        AND EXISTS (
          SELECT 1 FROM transactions t WHERE t.campaign_id = c.id AND t.outcome <> 'notQualified')
      GROUP BY c.brand_id, c.start_date, br.name
      ORDER BY c.start_date, br.name, c.brand_id`.execute(db);
    return rows;
  },

  /** Serialises invoice runs (several API instances) until the transaction ends. */
  async lock(trx: Transaction<DB>) {
    await sql`SELECT pg_advisory_xact_lock(${invoiceRunLockKey}::bigint)`.execute(trx);
  },

  /** Whether the brand's direct-debit mandate is active now: its invoice is collected. */
  async hasActiveMandate(trx: Transaction<DB>, brandId: string) {
    const row = await trx
      .selectFrom('payment_mandates')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return row !== undefined;
  },

  invoiceExists(trx: Transaction<DB>, brandId: string, year: number, month: number) {
    return trx
      .selectFrom('invoices')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('year', '=', year)
      .where('month', '=', month)
      .executeTakeFirst()
      .then(Boolean);
  },

  /** The month's net cashback and success fee over what no invoice covers yet, up to the issue date. */
  async monthSums(
    trx: Transaction<DB>,
    brandId: string,
    monthStart: string,
    issuedOn: string,
  ): Promise<MonthSums> {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT sum(t.cashback_pence) AS cashback, sum(t.success_fee_pence) AS fee, count(*) AS transactions
      ${monthTransactions(brandId, monthStart, issuedOn)}`.execute(trx);
    return sumsOf(rows[0]);
  },

  /** A new invoice with its number from the sequence, amounts 0 until its transactions are linked. */
  async insertInvoice(
    trx: Transaction<DB>,
    values: { brandId: string; year: number; month: number; issuedOn: string; dueDate: string },
  ) {
    return trx
      .insertInto('invoices')
      .values({
        brand_id: values.brandId,
        year: values.year,
        month: values.month,
        cashback_pence: 0,
        success_fee_pence: 0,
        admin_charge_pence: 0,
        amount_pence: 0,
        collection_method: 'manual',
        issued_on: values.issuedOn,
        due_date: values.dueDate,
      })
      .returning(['id', 'invoice_number'])
      .executeTakeFirstOrThrow();
  },

  /** Links the month's uninvoiced transactions to the invoice; answers the sums over exactly those. */
  async linkTransactions(
    trx: Transaction<DB>,
    invoiceId: string,
    brandId: string,
    monthStart: string,
    issuedOn: string,
  ): Promise<MonthSums> {
    await sql`
      INSERT INTO invoice_transactions (invoice_id, transaction_id)
      SELECT ${invoiceId}::uuid, t.id ${monthTransactions(brandId, monthStart, issuedOn)}`.execute(trx);
    const { rows } = await sql<Record<string, unknown>>`
      SELECT sum(t.cashback_pence) AS cashback, sum(t.success_fee_pence) AS fee, count(*) AS transactions
      FROM invoice_transactions it JOIN transactions t ON t.id = it.transaction_id
      WHERE it.invoice_id = ${invoiceId}::uuid`.execute(trx);
    return sumsOf(rows[0]);
  },

  /** The invoice's figures, and its document (the invoice host's reference is its number). */
  async completeInvoice(
    trx: Transaction<DB>,
    invoiceId: string,
    figures: Omit<InvoiceFigures, 'issuedOn' | 'dueDate'>,
  ) {
    await trx
      .updateTable('invoices')
      .set((eb) => ({
        cashback_pence: figures.cashbackPence,
        success_fee_pence: figures.successFeePence,
        admin_charge_pence: figures.adminChargePence,
        amount_pence: figures.amountPence,
        collection_method: figures.collectionMethod,
        payment_status: figures.paymentStatus,
        document_id: eb.ref('invoice_number'),
      }))
      .where('id', '=', invoiceId)
      .execute();
  },

  /** The issued invoice as its documents show it, inside the run's transaction. */
  issuedInvoice(trx: Transaction<DB>, invoiceId: string) {
    return trx
      .selectFrom('invoices as i')
      .innerJoin('brands as br', 'br.id', 'i.brand_id')
      .select(invoiceColumns)
      .where('i.id', '=', invoiceId)
      .executeTakeFirstOrThrow();
  },

  /** The detailed list of what an invoice or a credit note covers, in time order. */
  linkedTransactions(trx: Transaction<DB>, link: { invoiceId: string } | { creditNoteId: string }) {
    return linkedTransactions(trx, link);
  },

  /** Stores an issued document; a second write of the same file keeps the first. */
  async storeDocument(trx: Transaction<DB>, fileName: string, pdf: Buffer) {
    await trx
      .insertInto('issued_documents')
      .values({ file_name: fileName, pdf })
      .onConflict((oc) => oc.column('file_name').doNothing())
      .execute();
  },

  /** Invoices with refunds to credit on `today` (local date), oldest invoice first. */
  async invoicesToCredit(db: Kysely<DB>, today: string) {
    const { rows } = await sql<{ invoice_id: string }>`
      SELECT i.id AS invoice_id ${creditableRefunds(today)}
      GROUP BY i.id, i.invoice_number ORDER BY i.invoice_number`.execute(db);
    return rows.map((row) => row.invoice_id);
  },

  /** An invoice's refunds to credit on `today`: their sums (under the run's lock). */
  async refundSums(trx: Transaction<DB>, invoiceId: string, today: string): Promise<MonthSums> {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT sum(t.cashback_pence) AS cashback, sum(t.success_fee_pence) AS fee, count(*) AS transactions
      ${creditableRefunds(today)} AND i.id = ${invoiceId}::uuid`.execute(trx);
    return sumsOf(rows[0]);
  },

  /** A credit note of those refunds, numbered from its own series, with them linked to it. */
  async insertCreditNote(
    trx: Transaction<DB>,
    values: { invoiceId: string; brandId: string; issuedOn: string; sums: MonthSums },
  ) {
    const note = await trx
      .insertInto('credit_notes')
      .values({
        invoice_id: values.invoiceId,
        brand_id: values.brandId,
        cashback_pence: values.sums.cashbackPence,
        success_fee_pence: values.sums.successFeePence,
        amount_pence: values.sums.cashbackPence + values.sums.successFeePence,
        issued_on: values.issuedOn,
      })
      .returning(['id', 'credit_note_number', 'amount_pence'])
      .executeTakeFirstOrThrow();
    const linked = await sql`
      INSERT INTO credit_note_transactions (credit_note_id, transaction_id)
      SELECT ${note.id}::uuid, t.id ${creditableRefunds(values.issuedOn)} AND i.id = ${values.invoiceId}::uuid`.execute(
      trx,
    );
    if (Number(linked.numAffectedRows ?? 0) !== values.sums.transactions) {
      // The sums were read under the same lock: a difference is a bug, never written.
      throw new Error(`credit note ${note.credit_note_number}: linked rows differ from the sums`);
    }
    return note;
  },
};
