import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotQualifiedAnswer } from '@krowd/domain/dashboard/not-qualified.schema';
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

export function useNotQualified(conditions: DashboardConditions | null) {
  return useQuery(notQualifiedQueryOptions(conditions));
}
