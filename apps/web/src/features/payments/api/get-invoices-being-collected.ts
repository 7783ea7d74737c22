import type { InvoiceRow } from '@krowd/domain/invoice/invoice-response.schema';
import { useEntityList } from '@/components/ui/use-entity-list';
import type { ListScopeParams } from '@/components/ui/use-entity-list-state';
import { invoicesBeingCollectedKey } from './keys.ts';

/**
 * GET distributors/getInvoiceList/invoice with status Pending: the brand's invoices whose Direct
 * Debit payment is under way, for the test-mode simulator (a payment event names one of them).
 */
export function useInvoicesBeingCollected(scope: ListScopeParams) {
  return useEntityList<InvoiceRow>(invoicesBeingCollectedKey, 'distributors/getInvoiceList/invoice', {
    page: 1,
    limit: 50,
    search: '',
    status: 'Pending',
    sort: { field: 'invoiceMonth', direction: 'desc' },
    ...scope,
  });
}
