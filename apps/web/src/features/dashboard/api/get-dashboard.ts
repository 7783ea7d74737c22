import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

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

/**
 * POST dashboard/client: the figures for the filters. The page asks through useDashboard; an address
 * opened directly asks ahead of the page with the same key (prefetch-dashboard.ts).
 */
export function dashboardQueryOptions(conditions: DashboardConditions | null) {
  return queryOptions<DashboardResult>({
    queryKey: dashboardKeys.client(conditions ?? ({} as DashboardConditions)),
    enabled: conditions !== null,
    // The preload's answer stays fresh while the page appears, so the page does not ask again;
    // coming back to the dashboard later asks again, as an upload may have changed the figures.
    staleTime: 5_000,
    // The previous answer stays while the next loads (a prefetch ignores it).
    placeholderData: keepPreviousData,
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
  return useQuery(dashboardQueryOptions(conditions));
}
