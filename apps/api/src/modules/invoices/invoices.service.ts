import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import { z } from 'zod';
import { can, type Audience, type TenantScope } from '@krowd/domain/access/access.rules';
import { localToday, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { detailedFileName, invoiceNumberOfDetailedFile } from '@krowd/domain/invoice/invoice.rules';
import type {
  CampaignInvoiceAnswer,
  InvoiceRow,
  VerifiedInvoice,
} from '@krowd/domain/invoice/invoice-response.schema';
import {
  invoiceSortFields,
  shownPaymentStatus,
  shownPaymentStatuses,
  campaignInvoiceQuerySchema,
  type InvoiceDocumentQuery,
} from '@krowd/domain/invoice/invoice.schema';
import { effectiveSearch, entityListQuerySchema, paginationOf } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { forbidden, notFound } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import { listedBrands } from '../../http/listed-brands.ts';
import type { SellerDetails } from './invoice-document-lines.ts';
import { invoiceDocumentParts } from './invoice-document.repository.ts';
import { detailedInvoicePdf, invoicePdf } from './invoice-document.ts';
import type { InvoiceListRecord, InvoicesRepository } from './invoices.repository.ts';
import {
  encodeTransactionDetailsCursor,
  transactionDetailsCursorSchema,
} from './transaction-details-cursor.ts';

/**
 * The entity list query with the payment status as its status filter. The spec's list call also
 * sends the caller's e-mail; the caller is known from the session, so it is accepted and not used.
 */
export const invoiceListQuerySchema = entityListQuerySchema({
  sortFields: invoiceSortFields,
  statuses: shownPaymentStatuses,
})
  .extend({ email: z.string().max(254).optional() })
  .strict();
export type InvoiceListRequest = z.infer<typeof invoiceListQuerySchema>;

/**
 * The dashboard's getInvoice query with Transaction Details' paging: `limit` rows a page (50 unless
 * asked, at most 500) after the cursor `after` (the previous page's `next`).
 */
export const campaignInvoiceRequestSchema = campaignInvoiceQuerySchema.safeExtend({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  after: transactionDetailsCursorSchema.optional(),
});
export type CampaignInvoiceRequest = z.infer<typeof campaignInvoiceRequestSchema>;

/** Where the invoice host serves a document (opened in a new tab). */
export const invoiceDocumentPath = (documentId: string) =>
  `/api/invoices/documents/${encodeURIComponent(documentId)}`;

function toInvoiceRow(row: InvoiceListRecord, today: string): InvoiceRow {
  return {
    _id: row.id,
    kind: row.kind,
    brandId: row.brand_id,
    brandName: row.brand_name,
    month: row.month,
    year: row.year,
    invoiceAmountPence: row.amount_pence,
    InvoiceNumber: row.invoice_number,
    correctsInvoiceNumber: row.corrects_invoice_number,
    issuedOn: row.issued_on,
    dueDate: row.due_date,
    paymentStatus:
      row.payment_status && row.due_date ? shownPaymentStatus(row.payment_status, row.due_date, today) : null,
    xero_invoice_id: row.document_id,
  };
}

export function createInvoicesService(deps: {
  invoices: InvoicesRepository;
  brands: BrandsRepository;
  clock: () => Date;
  timeZone: string;
  /** An invoice issued before documents were stored is rendered once with these (decision 0072). */
  db: Kysely<DB>;
  seller: SellerDetails;
}) {
  const { invoices, brands, clock, timeZone, db, seller } = deps;
  /** Today in the timezone setting: Overdue is judged against it (invoice.schema.ts). */
  const today = () => localToday(clock(), timeZone);

  /** The invoice with this document, when the caller's scope covers its brand; otherwise none. */
  async function invoiceWithDocument(scope: TenantScope, documentId: string) {
    const row = await invoices.findByDocumentId(documentId);
    return row && scopeCoversBrand(scope, { id: row.brand_id, group_id: row.group_id }) ? row : undefined;
  }

  /** The credit note of this number (its document's reference), within the caller's scope. */
  async function creditNoteInScope(scope: TenantScope, number: string) {
    const row = await invoices.findCreditNote(number);
    return row && scopeCoversBrand(scope, { id: row.brand_id, group_id: row.group_id }) ? row : undefined;
  }

  /**
   * The PDF of an invoice or a credit note, as stored when it was issued. An invoice issued
   * before documents were stored is rendered from its (unchanging) figures and links once, and
   * stored. A credit note always has its document from its issue.
   */
  async function documentOf(scope: TenantScope, documentId: string) {
    const invoice = await invoiceWithDocument(scope, documentId);
    if (invoice) {
      const fileName = `${invoice.invoice_number}.pdf`;
      const render = async () =>
        invoicePdf(invoice, await invoiceDocumentParts(db, invoice, seller, timeZone));
      return { fileName, pdf: await invoices.frozenDocument(fileName, render) };
    }
    const note = await creditNoteInScope(scope, documentId);
    const pdf = note && (await invoices.storedDocument(`${note.credit_note_number}.pdf`));
    if (!note || !pdf) throw notFound(messages.invoice.notCreated);
    return { fileName: `${note.credit_note_number}.pdf`, pdf };
  }

  return {
    /** The invoices of the brands the caller may see (one chosen brand for group roles). */
    async list(scope: TenantScope, request: InvoiceListRequest) {
      const { filters } = request;
      const on = today();
      const { rows, total } = await invoices.listPage({
        today: on,
        brandIds: await listedBrands(brands, scope, request),
        search: effectiveSearch(filters.globalSearch?.value),
        status: filters.dropDown?.value || undefined,
        sort: filters.sortField,
        page: request.page,
        limit: request.limit,
      });
      return { data: rows.map((row) => toInvoiceRow(row, on)), pagination: paginationOf(request, total) };
    },

    /**
     * Where to open the invoice of that month: its document's address. An invoice without a
     * document, of another month, or outside the caller's scope is 'not created' (404).
     */
    async documentUrl(scope: TenantScope, query: InvoiceDocumentQuery) {
      const row =
        (await invoiceWithDocument(scope, query.xero_invoice_id)) ??
        (await creditNoteInScope(scope, query.xero_invoice_id));
      if (!row || row.month !== query.month || row.year !== query.year) {
        throw notFound(messages.invoice.notCreated);
      }
      return invoiceDocumentPath(query.xero_invoice_id);
    },

    /** The document itself (an invoice's or a credit note's), as stored at issue, named after its number. */
    document: documentOf,

    /**
     * The dashboard's invoice button (spec 3 §2.4, §7 getInvoice): for the campaign's month (or
     * the month and year given), with `transaction` a page of the campaign's qualified purchases
     * and refunds dated in that month ('Transaction Details'), in local time order, with the
     * month's count and the next page's cursor; otherwise the brand's invoice of that month,
     * its detailed list and the detailed file's name. A campaign outside the scope is 404; a month
     * without an invoice 'Invoice is not created.' (404). Banks see the dashboard's transactions
     * but not a brand's invoices (403).
     */
    async campaignInvoice(
      caller: { scope: TenantScope; audience: Audience },
      campaignId: string,
      query: CampaignInvoiceRequest,
    ): Promise<CampaignInvoiceAnswer> {
      const campaign = await invoices.findCampaign(campaignId);
      if (
        !campaign ||
        !scopeCoversBrand(caller.scope, { id: campaign.brand_id, group_id: campaign.group_id })
      ) {
        throw notFound();
      }
      const [campaignYear, campaignMonth] = campaign.start_date.split('-').map(Number) as [number, number];
      const year = query.year ?? campaignYear;
      const month = query.month ?? campaignMonth;
      if (query.transaction) {
        const monthStart = `${year}-${String(month).padStart(2, '0')}-01`;
        const { rows, total, last } = await invoices.campaignTransactionsPage({
          campaignId: campaign.id,
          monthStart,
          nextMonthStart: `${shiftMonth(monthStart, 1)}-01`,
          after: query.after,
          limit: query.limit,
        });
        return {
          fileName: null,
          pdfType: 'detailed',
          pdfData: { detailedList: rows },
          total,
          next: last ? encodeTransactionDetailsCursor(last) : null,
        };
      }
      if (!can(caller.audience, 'invoices.read')) throw forbidden();
      const invoice = await invoices.findForBrandMonth(campaign.brand_id, year, month);
      if (!invoice) throw notFound(messages.invoice.notCreated);
      return {
        fileName: detailedFileName(invoice.invoice_number),
        pdfType: 'detailed',
        pdfData: { detailedList: await invoices.invoiceTransactions(invoice.id) },
      };
    },

    /** The detailed invoice PDF by its file name (invoices/detailed/{fileName}), within scope. */
    async detailedDocument(scope: TenantScope, fileName: string) {
      const number = invoiceNumberOfDetailedFile(fileName);
      const invoice = number ? await invoices.findByNumber(number) : undefined;
      if (!invoice || !scopeCoversBrand(scope, { id: invoice.brand_id, group_id: invoice.group_id })) {
        throw notFound(messages.invoice.notCreated);
      }
      const detailed = detailedFileName(invoice.invoice_number);
      const pdf = await invoices.frozenDocument(detailed, async () =>
        detailedInvoicePdf(
          invoice,
          await invoices.invoiceTransactions(invoice.id),
          await invoiceDocumentParts(db, invoice, seller, timeZone),
        ),
      );
      return { fileName: detailed, pdf };
    },

    /**
     * The dashboard's invoice-number lookup (getXeroInvoice): where the invoice's document opens,
     * or 'Invoice is not created.' (404) for an unknown number, one outside the scope, or an
     * invoice without a document.
     */
    async lookup(scope: TenantScope, invoiceNumber: string) {
      const invoice = await invoices.findByNumber(invoiceNumber);
      if (
        !invoice?.document_id ||
        !scopeCoversBrand(scope, { id: invoice.brand_id, group_id: invoice.group_id })
      ) {
        throw notFound(messages.invoice.notCreated);
      }
      return invoiceDocumentPath(invoice.document_id);
    },

    /**
     * Whether each invoice number exists, with its payment status and amount (verifyInvoices),
     * in the order asked. One outside the caller's scope answers as one that does not exist.
     */
    async verify(scope: TenantScope, invoiceNumbers: string[]): Promise<VerifiedInvoice[]> {
      const found = await invoices.findByNumbers(invoiceNumbers);
      const visible = new Map(
        found
          .filter((row) => scopeCoversBrand(scope, { id: row.brand_id, group_id: row.group_id }))
          .map((row) => [row.invoice_number, row]),
      );
      return invoiceNumbers.map((number) => {
        const row = visible.get(number);
        return {
          InvoiceNumber: number,
          exists: row !== undefined,
          paymentStatus: row ? shownPaymentStatus(row.payment_status, row.due_date, today()) : null,
          amount: row?.amount_pence ?? null,
        };
      });
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
