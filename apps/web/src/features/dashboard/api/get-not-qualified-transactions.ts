import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotQualifiedPage } from '@krowd/domain/dashboard/not-qualified.schema';
import type { ReasonParams } from '@krowd/domain/qualification/cap-reasons.rules';
import { apiRequest } from '@/lib/api-client';
import type { DashboardConditions } from './get-dashboard.ts';
import { dashboardKeys } from './keys.ts';

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
