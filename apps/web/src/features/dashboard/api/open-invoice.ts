import type { InvoiceUrl } from '@krowd/domain/invoice/invoice-response.schema';
import { apiRequest } from '@/lib/api-client';

/**
 * Opens an invoice by its number in a new tab (spec 3 §7, the invoice host). The tab opens at the click, before the
 * call, so no pop-up blocker stops it; it closes again when the call fails.
 */
export async function openInvoice(invoiceNumber: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { invoiceURL } = await apiRequest<InvoiceUrl>('distributors/getXeroInvoice/invoice', {
      method: 'POST',
      body: { xero_invoiceNumber: invoiceNumber },
    });
    if (tab) {
      tab.opener = null;
      tab.location.href = invoiceURL;
    } else {
      window.open(invoiceURL, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
