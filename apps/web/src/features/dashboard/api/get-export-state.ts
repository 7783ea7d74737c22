import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardExportState } from '@krowd/domain/dashboard/export.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** How often an export's state is asked for until its link is mailed. */
const exportStatePollMs = 2000;

/** GET dashboard/exports/{id}: the export's state, asked again until the link is mailed. */
export function exportStateQueryOptions(exportId: string | undefined) {
  return queryOptions({
    queryKey: dashboardKeys.export(exportId),
    queryFn: ({ signal }) =>
      apiRequest<DashboardExportState & { respCode: number }>(`dashboard/exports/${exportId}`, { signal }),
    enabled: exportId !== undefined,
    refetchInterval: (query) => (query.state.data?.state === 'mailed' ? false : exportStatePollMs),
  });
}

export function useExportState(exportId: string | undefined) {
  return useQuery(exportStateQueryOptions(exportId));
}
