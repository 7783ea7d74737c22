import { z } from 'zod';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import {
  invoiceSortFields,
  paymentStatuses,
  type InvoiceDocumentQuery,
  type InvoiceRow,
} from '@krowd/domain/invoice/invoice.schema';
import { effectiveSearch, entityListQuerySchema, paginationOf } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { notFound } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import { listedBrands } from '../brands/listed-brands.ts';
import { invoiceDocumentLines, renderPdf } from './invoice-document.ts';
import type { InvoiceRecord, InvoicesRepository } from './invoices.repository.ts';

/**
 * The entity list query with the payment status as its status filter. The spec's list call also
 * sends the caller's e-mail; the caller is known from the session, so it is accepted and not used.
 */
export const invoiceListQuerySchema = entityListQuerySchema({
  sortFields: invoiceSortFields,
  statuses: paymentStatuses,
})
  .extend({ email: z.string().max(254).optional() })
  .strict();
export type InvoiceListRequest = z.infer<typeof invoiceListQuerySchema>;

/** Where the invoice host serves a document (opened in a new tab). */
export const invoiceDocumentPath = (documentId: string) =>
  `/api/invoices/documents/${encodeURIComponent(documentId)}`;

function toInvoiceRow(row: InvoiceRecord): InvoiceRow {
  return {
    _id: row.id,
    brandId: row.brand_id,
    brandName: row.brand_name,
    month: row.month,
    year: row.year,
    invoiceAmountPence: row.amount_pence,
    InvoiceNumber: row.invoice_number,
    dueDate: row.due_date,
    paymentStatus: row.payment_status,
    xero_invoice_id: row.document_id,
  };
}

export function createInvoicesService(deps: { invoices: InvoicesRepository; brands: BrandsRepository }) {
  const { invoices, brands } = deps;

  /** The invoice with this document, when the caller's scope covers its brand; otherwise none. */
  async function invoiceWithDocument(scope: TenantScope, documentId: string) {
    const row = await invoices.findByDocumentId(documentId);
    return row && scopeCoversBrand(scope, { id: row.brand_id, group_id: row.group_id }) ? row : undefined;
  }

  return {
    /** The invoices of the brands the caller may see (one chosen brand for group roles). */
    async list(scope: TenantScope, request: InvoiceListRequest) {
      const { filters } = request;
      const { rows, total } = await invoices.listPage({
        brandIds: await listedBrands(brands, scope, request),
        search: effectiveSearch(filters.globalSearch?.value),
        status: filters.dropDown?.value || undefined,
        sort: filters.sortField,
        page: request.page,
        limit: request.limit,
      });
      return { data: rows.map(toInvoiceRow), pagination: paginationOf(request, total) };
    },

    /**
     * Where to open the invoice of that month: its document's address. An invoice without a
     * document, of another month, or outside the caller's scope is 'not created' (404).
     */
    async documentUrl(scope: TenantScope, query: InvoiceDocumentQuery) {
      const row = await invoiceWithDocument(scope, query.xero_invoice_id);
      if (!row || row.month !== query.month || row.year !== query.year) {
        throw notFound(messages.invoice.notCreated);
      }
      return invoiceDocumentPath(query.xero_invoice_id);
    },

    /** The document itself, as a PDF named after the invoice number. */
    async document(scope: TenantScope, documentId: string) {
      const row = await invoiceWithDocument(scope, documentId);
      if (!row) throw notFound(messages.invoice.notCreated);
      return { fileName: `${row.invoice_number}.pdf`, pdf: renderPdf(invoiceDocumentLines(row)) };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
