import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { InvoiceRow, InvoiceSortField, PaymentStatus } from '@krowd/domain/invoice/invoice.schema';
import { effectiveSearch, type Pagination } from '@krowd/domain/list/list.schema';
import type { ListScopeParams } from '@/components/ui/use-entity-list-state';
import { ApiError, apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const invoicesKey = ['invoices'] as const;

export interface InvoiceListParams extends ListScopeParams {
  page: number;
  limit: number;
  search: string;
  status: PaymentStatus | '';
  sort?: { field: InvoiceSortField; direction: 'asc' | 'desc' };
}

export interface InvoiceList {
  data: InvoiceRow[];
  pagination: Pagination;
}

/** GET distributors/getInvoiceList/invoice with the entity-list filters of spec 2 §7. */
export function useInvoices(params: InvoiceListParams) {
  const search = effectiveSearch(params.search);
  const filters = {
    ...(search ? { globalSearch: { value: search, type: 'user' } } : {}),
    ...(params.status ? { dropDown: { key: 'status', value: params.status, type: 'eq' } } : {}),
    ...(params.sort ? { sortField: { direction: params.sort.direction, sortfield: params.sort.field } } : {}),
  };
  const query = useQuery({
    queryKey: [...invoicesKey, { ...params, search }],
    queryFn: ({ signal }) =>
      apiRequest<InvoiceList>('distributors/getInvoiceList/invoice', {
        query: {
          page: params.page,
          limit: params.limit,
          filters: JSON.stringify(filters),
          brandId: params.brandId,
          from: params.from,
          role: params.role,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  // A failed fetch is told as a notification, unless the session ended (its modal says so).
  const failure = query.error;
  useEffect(() => {
    if (failure && !(failure instanceof ApiError && failure.status === 401)) notify.error(failure.message);
  }, [failure]);
  return query;
}

/** Where an invoice's document opens: its month, year and document reference (spec 2 §7). */
export async function getInvoiceUrl(invoice: InvoiceRow & { xero_invoice_id: string }): Promise<string> {
  const answer = await apiRequest<{ invoiceURL: string }>('distributors/getInvoice/invoice', {
    query: { month: invoice.month, year: invoice.year, xero_invoice_id: invoice.xero_invoice_id },
  });
  return answer.invoiceURL;
}
