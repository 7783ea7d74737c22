import type { Kysely, Transaction } from 'kysely';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import {
  detailedFileName,
  invoiceFigures,
  latestInvoiceableMonth,
} from '@krowd/domain/invoice/invoice.rules';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { SellerDetails } from './invoice-document-lines.ts';
import { invoiceDocumentParts } from './invoice-document.repository.ts';
import { creditNotePdf, detailedInvoicePdf, invoicePdf } from './invoice-document.ts';
import { invoiceRunQueries as queries } from './invoice-run.repository.ts';

/**
 * The invoice run (brief §5; docs/decisions.md 'Invoice run'). Daily, through the job queue: for
 * each brand and campaign month whose 30-day return period has passed (local dates in the
 * timezone setting) and that has no invoice yet, one invoice of the month's cashback plus success
 * fee over its qualified purchases and refunds, issued on the run's date and due a calendar month
 * later, with the 1% administrative charge when the brand has no direct-debit mandate.
 *
 * Each invoice is one database transaction: the run's advisory lock, a re-check that the month
 * has no invoice, the invoice with its number, its transactions linked (invoice_transactions), its
 * figures from exactly those links and its document reference. A month whose net is not positive
 * gets nothing and is looked at again by the next run. Running twice creates nothing new.
 *
 * Frozen at issue: an invoice covers only transactions dated on or before its issue
 * date, and its two PDFs are stored in the same transaction and served as stored. A refund of an
 * invoiced purchase that is stored later goes, at the next run, on a credit note (its own number,
 * CN-000001, and PDF) linked to the invoice it corrects; see docs/decisions.md 'Credit notes'.
 *
 * Mandates: a brand whose direct-debit mandate is active when its invoice is made is
 * collected: collection 'direct_debit', no 1% charge, status 'Pending', and in the same transaction
 * the job that asks the provider for the payment (payments.service.ts `collectInvoice`). Any other
 * brand pays by hand: collection 'manual', the 1% charge, status 'Unpaid'.
 */

export const invoiceRunJob = 'invoices.run';

export interface CreatedInvoice {
  brandId: string;
  year: number;
  month: number;
  invoiceNumber: string;
  amountPence: number;
}

export interface CreatedCreditNote {
  brandId: string;
  /** The invoice it corrects. */
  invoiceNumber: string;
  creditNoteNumber: string;
  /** Negative: what is credited. */
  amountPence: number;
}

export interface RunResult {
  invoices: CreatedInvoice[];
  creditNotes: CreatedCreditNote[];
}

/** Stores an invoice's two documents as issued (issued_documents): they are served as stored. */
export async function storeInvoiceDocuments(
  trx: Transaction<DB>,
  invoiceId: string,
  seller: SellerDetails,
  timeZone: string,
) {
  const invoice = await queries.issuedInvoice(trx, invoiceId);
  const parts = await invoiceDocumentParts(trx, invoice, seller, timeZone);
  await queries.storeDocument(trx, `${invoice.invoice_number}.pdf`, await invoicePdf(invoice, parts));
  await queries.storeDocument(
    trx,
    detailedFileName(invoice.invoice_number),
    await detailedInvoicePdf(invoice, parts.transactions, parts),
  );
}

export function createInvoiceRun(deps: {
  db: Kysely<DB>;
  /** Queues a direct-debit invoice's collection; a run without it (demo data) invoices no mandate. */
  collect?: (invoiceId: string, trx: Transaction<DB>) => Promise<void>;
  timeZone: string;
  clock: () => Date;
  /** The seller printed on the documents (config `invoiceSeller`); none configured prints so. */
  seller?: SellerDetails;
}) {
  const { db, collect, timeZone, clock, seller = {} } = deps;

  /** One brand's month, in its own transaction; null when it needs no invoice (now). */
  async function invoiceMonth(brandId: string, monthStart: string, today: string) {
    const [year, month] = monthStart.split('-').map(Number) as [number, number];
    return db.transaction().execute(async (trx): Promise<CreatedInvoice | null> => {
      await queries.lock(trx);
      if (await queries.invoiceExists(trx, brandId, year, month)) return null;
      const mandate = collect !== undefined && (await queries.hasActiveMandate(trx, brandId));
      const expected = await queries.monthSums(trx, brandId, monthStart, today);
      const preview = invoiceFigures({ ...expected, hasMandate: mandate, issuedOn: today });
      // Nothing to collect: no invoice, so no invoice number is drawn.
      if (!preview) return null;
      const invoice = await queries.insertInvoice(trx, {
        brandId,
        year,
        month,
        issuedOn: preview.issuedOn,
        dueDate: preview.dueDate,
      });
      const linked = await queries.linkTransactions(trx, invoice.id, brandId, monthStart, today);
      const figures = invoiceFigures({ ...linked, hasMandate: mandate, issuedOn: today });
      if (!figures) {
        // Only if refunds arrived between the two reads: roll the invoice back, try next run.
        throw new Error(`invoice run: ${brandId} ${monthStart} netted to nothing while invoicing`);
      }
      await queries.completeInvoice(trx, invoice.id, figures);
      await storeInvoiceDocuments(trx, invoice.id, seller, timeZone);
      if (figures.collectionMethod === 'direct_debit') {
        await collect?.(invoice.id, trx);
      }
      return {
        brandId,
        year,
        month,
        invoiceNumber: invoice.invoice_number,
        amountPence: figures.amountPence,
      };
    });
  }

  /**
   * One invoice's refunds that came after it, on a credit note issued today, in its own
   * transaction under the run's lock; null when there is none (now).
   */
  async function creditInvoice(invoiceId: string, today: string) {
    return db.transaction().execute(async (trx): Promise<CreatedCreditNote | null> => {
      await queries.lock(trx);
      const sums = await queries.refundSums(trx, invoiceId, today);
      if (sums.transactions === 0) return null;
      const invoice = await queries.issuedInvoice(trx, invoiceId);
      const note = await queries.insertCreditNote(trx, {
        invoiceId,
        brandId: invoice.brand_id,
        issuedOn: today,
        sums,
      });
      const rows = await queries.linkedTransactions(trx, { creditNoteId: note.id });
      const pdf = await creditNotePdf(
        {
          creditNoteNumber: note.credit_note_number,
          invoiceNumber: invoice.invoice_number,
          brandName: invoice.brand_name,
          month: invoice.month,
          year: invoice.year,
          issuedOn: today,
          cashbackPence: sums.cashbackPence,
          successFeePence: sums.successFeePence,
          amountPence: note.amount_pence,
          timeZone,
        },
        rows,
      );
      await queries.storeDocument(trx, `${note.credit_note_number}.pdf`, pdf);
      return {
        brandId: invoice.brand_id,
        invoiceNumber: invoice.invoice_number,
        creditNoteNumber: note.credit_note_number,
        amountPence: note.amount_pence,
      };
    });
  }

  /**
   * The run of a local date (yyyy-MM-dd): every month due by then, oldest first; then a credit note
   * for each invoice with refunds dated by then that no invoice or credit note covers.
   */
  async function runOn(today: string): Promise<RunResult> {
    const months = await queries.uninvoicedMonths(db, latestInvoiceableMonth(today));
    const invoices: CreatedInvoice[] = [];
    for (const { brand_id, month_start } of months) {
      const invoice = await invoiceMonth(brand_id, month_start, today);
      if (invoice) invoices.push(invoice);
    }
    const creditNotes: CreatedCreditNote[] = [];
    for (const invoiceId of await queries.invoicesToCredit(db, today)) {
      const note = await creditInvoice(invoiceId, today);
      if (note) creditNotes.push(note);
    }
    return { invoices, creditNotes };
  }

  return {
    /**
     * Invoices every month due by `now` (the clock by default), oldest first; answers what it
     * created. The local date of `now` is the invoices' issue date.
     */
    run: (now: Date = clock()) => runOn(localToday(now, timeZone)),
    runOn,
  };
}

export type InvoiceRun = ReturnType<typeof createInvoiceRun>;

/**
 * Queues today's invoice run (once a day whatever the number of instances: the dedupe key is the
 * local date). The server calls this at start and every hour, as it does the campaign jobs.
 */
export async function scheduleInvoiceJobs(jobs: JobQueue, timeZone: string, now = new Date()) {
  await jobs.enqueue(invoiceRunJob, {}, { dedupeKey: `${invoiceRunJob}:${localToday(now, timeZone)}` });
}
