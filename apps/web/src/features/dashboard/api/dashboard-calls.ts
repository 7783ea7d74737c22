import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BrandOptions } from '@krowd/domain/brand/brand-response.schema';
import type { BrandMerchants } from '@krowd/domain/branch/branch-response.schema';
import type {
  CampaignDetails,
  CampaignDetailsAnswer,
  CampaignSelector,
} from '@krowd/domain/campaign/campaign-response.schema';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import type { DashboardExportAnswer, DashboardExportState } from '@krowd/domain/dashboard/export.schema';
import type { Distributors } from '@krowd/domain/distributor/distributor-response.schema';
import type { GroupsWithBrands } from '@krowd/domain/group/group-response.schema';
import type { UploadedDate } from '@krowd/domain/ingestion/ingestion-response.schema';
import type {
  CampaignInvoiceAnswer,
  DetailedTransaction,
  InvoiceUrl,
} from '@krowd/domain/invoice/invoice-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { ApiError, apiRequest } from '@/lib/api-client';

/** The spec's conditions_body conditions (spec 3 §7, POST /client). '' means no filter. */
export interface DashboardConditions {
  brand_id: string;
  group_id: string;
  kmid: string;
  campaign_id: string;
  data_source: string;
  customer_type_wrt_account: string;
  selectedOfferType: string;
  txn_date_time?: [string, string];
  is_invoice_data?: boolean;
  xero_invoice_number?: string;
}

/** The figures of POST dashboard/client, its invoice list among them (spec 3 §7). */
export type DashboardResult = DashboardAnswer;

export const dashboardKeys = {
  client: (conditions: DashboardConditions) => ['dashboard', 'client', conditions] as const,
};

/**
 * POST dashboard/client: the figures for the filters. The page asks through useDashboard; an address
 * opened directly asks ahead of the page with the same key (prefetch-dashboard.ts).
 */
export function dashboardQuery(conditions: DashboardConditions | null) {
  return queryOptions<DashboardResult>({
    queryKey: dashboardKeys.client(conditions ?? ({} as DashboardConditions)),
    enabled: conditions !== null,
    // The preload's answer stays fresh while the page appears, so the page does not ask again;
    // coming back to the dashboard later asks again, as an upload may have changed the figures.
    staleTime: 5_000,
    queryFn: ({ signal }) =>
      apiRequest<{ dashboard: DashboardResult }>('dashboard/client', {
        method: 'POST',
        body: { conditions },
        signal,
      }).then((answer) => answer.dashboard),
  });
}

/** The figures for the filters; the previous answer stays while the next loads. */
export function useDashboard(conditions: DashboardConditions | null) {
  return useQuery({ ...dashboardQuery(conditions), placeholderData: keepPreviousData });
}

export interface Option {
  value: string;
  label: string;
}

/** GET groupBrand: the groups (with their brands) the caller may see. */
export function useGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'groups'],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<GroupsWithBrands>('groupBrand', { query: { from: 'dashboard' }, signal }).then(
        (answer) => answer.groups,
      ),
  });
}

/** GET brands/getBrandList: every brand in the caller's scope (spec 3 §7, client admin). */
export function useBrandList(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'brandList'],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<BrandOptions>('brands/getBrandList', { signal }).then((answer) =>
        answer.brands.map((brand) => ({ value: brand.value, label: brand.label })),
      ),
  });
}

/** GET groupBrand/getBrandGroupWise/{groupId}: the brands of one group. */
export function useGroupBrands(groupId: string | null) {
  return useQuery({
    queryKey: ['dashboard', 'groupBrands', groupId],
    enabled: Boolean(groupId),
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<BrandOptions>(`groupBrand/getBrandGroupWise/${groupId}`, { signal }).then((answer) =>
        answer.brands.map((brand) => ({ value: brand.value, label: brand.label })),
      ),
  });
}

/** GET merchants/getMerchantByBrandId: the branches of the chosen brand. */
export function useBranchOptions(brandId: string | null) {
  return useQuery({
    queryKey: ['dashboard', 'branches', brandId],
    enabled: Boolean(brandId),
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<BrandMerchants>('merchants/getMerchantByBrandId', {
        query: { brandId: brandId ?? undefined },
        signal,
      }).then((answer) => answer.merchants.map((branch) => ({ value: branch._id, label: branch.name }))),
  });
}

/** GET distributors: the publishers, by code, with their display names (Fidel → NextJump, LUX → Mastercard). */
export function usePublisherOptions() {
  return useQuery({
    queryKey: ['dashboard', 'publishers'],
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      apiRequest<Distributors>('distributors', { signal }).then((answer) =>
        answer.distributors.map((p) => ({ value: p.name, label: p.displayName })),
      ),
  });
}

/** GET campaigns?campaignType=All&from=dashboard: the campaign selector's names and ids (spec 3 §7). */
export function useCampaignOptions(scope: { brandId: string; groupId: string } | null) {
  return useQuery<Option[]>({
    queryKey: ['dashboard', 'campaigns', scope],
    enabled: scope !== null,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      apiRequest<CampaignSelector>('campaigns', {
        query: {
          campaignType: 'All',
          from: 'dashboard',
          brandId: scope?.brandId || undefined,
          groupId: scope?.groupId || undefined,
        },
        signal,
      }).then((answer) => answer.campaigns.map((c) => ({ value: c.campaign_id, label: c.name }))),
    placeholderData: keepPreviousData,
  });
}

/** The campaign details the report reads: name, month and opening time. */
export type CampaignSummary = Pick<
  CampaignDetails,
  '_id' | 'name' | 'brandId' | 'start_date' | 'openingTime'
>;

/** GET campaigns/{id}. */
export function useCampaignSummary(id: string | null) {
  return useQuery({
    queryKey: ['dashboard', 'campaign', id],
    enabled: Boolean(id),
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<CampaignDetailsAnswer>(`campaigns/${id}`, { signal }).then((answer) => answer.campaign),
  });
}

/** POST ingestionLogs/getUploadedDate: when each publisher last sent transactions (spec 3 §7). */
export function useUploadedDate(
  body: { data_source: string; groupId: string; brandId: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['dashboard', 'uploadedDate', body],
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<UploadedDate>('ingestionLogs/getUploadedDate', {
        method: 'POST',
        body: {
          data_source: body.data_source || 'All',
          groupId: body.groupId || undefined,
          brandId: body.brandId || undefined,
        },
        signal,
      }),
  });
}

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
export function useTransactionDetails(campaignId: string, month: number, year: number, after: string | null) {
  return useQuery<TransactionDetailsPage>({
    queryKey: ['dashboard', 'transactions', campaignId, month, year, after],
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

/** The message of a failed call: the server's responseMessage or respMessage when it gives one. */
export function failureMessage(
  error: unknown,
  fallback: string = messages.common.somethingWentWrong,
): string {
  if (error instanceof ApiError) {
    const payload = (error.payload ?? {}) as { responseMessage?: unknown; respMessage?: unknown };
    if (typeof payload.responseMessage === 'string') return payload.responseMessage;
    if (typeof payload.respMessage === 'string') return payload.respMessage;
    return error.message;
  }
  return error instanceof Error ? error.message : fallback;
}

/**
 * Downloads the campaign's detailed invoice (spec 3 §7, GET /dashboard/getInvoice): its file name from getInvoice, then the
 * file itself, which the server sends as an attachment.
 */
export async function downloadInvoice(campaignId: string): Promise<void> {
  // Without transaction=true the answer names the invoice's detailed file.
  const answer = await apiRequest<CampaignInvoiceAnswer & { fileName: string }>(
    `dashboard/getInvoice/${campaignId}`,
    {
      query: { type: 'detailed' },
    },
  );
  const link = document.createElement('a');
  link.href = `/api/invoices/detailed/${encodeURIComponent(answer.fileName)}`;
  link.download = answer.fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Opens an invoice by its number in a new tab (spec 3 §7, the invoice host). The tab opens at the click, before the
 * call, so no pop-up blocker stops it; it closes again when the call fails.
 */
export async function openInvoiceByNumber(invoiceNumber: string): Promise<void> {
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

/** POST dashboard/export: the filtered transactions mailed to the caller as a CSV link (spec 3 §7, POST /export). */
/** How often an export's state is asked for until its link is mailed. */
const exportStatePollMs = 2000;

/** GET dashboard/exports/{id}: the export's state, asked again until the link is mailed. */
export function useExportState(exportId: string | undefined) {
  return useQuery({
    queryKey: ['dashboard', 'export', exportId],
    queryFn: ({ signal }) =>
      apiRequest<DashboardExportState & { respCode: number }>(`dashboard/exports/${exportId}`, { signal }),
    enabled: exportId !== undefined,
    refetchInterval: (query) => (query.state.data?.state === 'mailed' ? false : exportStatePollMs),
  });
}

export function useExportTransactions() {
  return useMutation({
    mutationFn: (conditions: DashboardConditions) =>
      apiRequest<DashboardExportAnswer>('dashboard/export', {
        method: 'POST',
        body: { conditions },
      }),
  });
}
