import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CampaignInvoiceAnswer,
  DetailedTransaction,
} from '@krowd/domain/invoice/invoice-response.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** A row of the 'Transaction Details' table (spec 3 §3): money in pence, date 'yyyy-MM-dd HH:mm'. */
export type TransactionDetail = DetailedTransaction;

/** Rows a page of the 'Transaction Details' table shows. */
export const transactionPageSize = 10;

/** A page of the campaign month's transactions: the month's count, and the next page's cursor (null on the last). */
export interface TransactionDetailsPage {
  rows: TransactionDetail[];
  total: number;
  next: string | null;
}

/**
 * GET dashboard/getInvoice/{id}?type=detailed&transaction=true (spec 3 §7): a page of the campaign
 * month's transactions after the cursor `after` (none for the first). The page on screen stays
 * while the next one loads.
 */
export function transactionDetailsQueryOptions(
  campaignId: string,
  month: number,
  year: number,
  after: string | null,
) {
  return queryOptions<TransactionDetailsPage>({
    queryKey: dashboardKeys.transactions(campaignId, month, year, after),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<CampaignInvoiceAnswer>(`dashboard/getInvoice/${campaignId}`, {
        query: {
          type: 'detailed',
          month: String(month).padStart(2, '0'),
          year,
          transaction: true,
          limit: transactionPageSize,
          after: after ?? undefined,
        },
        signal,
      }).then((answer): TransactionDetailsPage => ({
        rows: answer.pdfData.detailedList,
        // transaction=true always answers both; the type also covers the invoice's own answer.
        total: answer.total ?? 0,
        next: answer.next ?? null,
      })),
  });
}

export function useTransactionDetails(campaignId: string, month: number, year: number, after: string | null) {
  return useQuery(transactionDetailsQueryOptions(campaignId, month, year, after));
}
