import type { InvoiceRow, InvoiceUrl } from '@krowd/domain/invoice/invoice-response.schema';
import type { InvoiceSortField, ShownPaymentStatus } from '@krowd/domain/invoice/invoice.schema';
import { useEntityList, type EntityListParams } from '@/components/ui/use-entity-list';
import { apiRequest } from '@/lib/api-client';

export const invoicesKey = ['invoices'] as const;

export type InvoiceListParams = EntityListParams<InvoiceSortField, ShownPaymentStatus>;

/** GET distributors/getInvoiceList/invoice: a page of invoices (spec 2 §7). */
export function useInvoices(params: InvoiceListParams) {
  return useEntityList<InvoiceRow>(invoicesKey, 'distributors/getInvoiceList/invoice', params);
}

/** Where an invoice's document opens: its month, year and document reference (spec 2 §7). */
export async function getInvoiceUrl(invoice: InvoiceRow & { xero_invoice_id: string }): Promise<string> {
  const answer = await apiRequest<InvoiceUrl>('distributors/getInvoice/invoice', {
    query: { month: invoice.month, year: invoice.year, xero_invoice_id: invoice.xero_invoice_id },
  });
  return answer.invoiceURL;
}
