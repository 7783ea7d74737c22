import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotQualifiedAnswer, NotQualifiedPage } from '@krowd/domain/dashboard/not-qualified.schema';
import type { ReasonParams } from '@krowd/domain/qualification/cap-reasons.rules';
import { apiRequest } from '@/lib/api-client';
import type { DashboardConditions } from './get-dashboard.ts';
import { dashboardKeys } from './keys.ts';

/**
 * POST dashboard/not-qualified (docs/decisions/0130): the dashboard's not-qualified purchases by
 * reason, for the same conditions as its figures. The previous answer stays while the next loads.
 */
export function notQualifiedQueryOptions(conditions: DashboardConditions | null) {
  return queryOptions<NotQualifiedAnswer>({
    queryKey: dashboardKeys.notQualified(conditions ?? ({} as DashboardConditions)),
    enabled: conditions !== null,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<{ notQualified: NotQualifiedAnswer }>('dashboard/not-qualified', {
        method: 'POST',
        body: { conditions },
        signal,
      }).then((answer) => answer.notQualified),
  });
}

export function useNotQualified(conditions: DashboardConditions | null, enabled: boolean) {
  return useQuery({ ...notQualifiedQueryOptions(conditions), enabled: enabled && conditions !== null });
}

/** One reason of the counts, as the drill-down asks for its transactions. */
export interface ChosenReason {
  reason: string;
  params: ReasonParams | null;
  label: string;
}

/**
 * POST dashboard/not-qualified/transactions: a page of one reason's purchases after the cursor
 * `after` (none for the first). The page on screen stays while the next one loads.
 */
export function notQualifiedTransactionsQueryOptions(
  conditions: DashboardConditions,
  chosen: ChosenReason,
  after: string | null,
) {
  return queryOptions<NotQualifiedPage>({
    queryKey: dashboardKeys.notQualifiedTransactions(conditions, chosen.reason, chosen.params, after),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<NotQualifiedPage>('dashboard/not-qualified/transactions', {
        method: 'POST',
        body: { conditions, reason: chosen.reason, params: chosen.params, ...(after ? { after } : {}) },
        signal,
      }).then((page) => ({ rows: page.rows, total: page.total, next: page.next })),
  });
}

export function useNotQualifiedTransactions(
  conditions: DashboardConditions,
  chosen: ChosenReason,
  after: string | null,
) {
  return useQuery(notQualifiedTransactionsQueryOptions(conditions, chosen, after));
}
