import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { IngestionLogRow, IngestionSortField } from '@krowd/domain/ingestion/ingestion.schema';
import { effectiveSearch, type Pagination } from '@krowd/domain/list/list.schema';
import type { ListScopeParams } from '@/components/ui/use-entity-list-state';
import { ApiError, apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const ingestionLogsKey = ['ingestionLogs'] as const;

export interface IngestionLogListParams extends ListScopeParams {
  page: number;
  limit: number;
  search: string;
  sort?: { field: IngestionSortField; direction: 'asc' | 'desc' };
}

export interface IngestionLogList {
  data: IngestionLogRow[];
  pagination: Pagination;
}

/** GET ingestionLogs with the entity-list filters of spec 2 §7. */
export function useIngestionLogs(params: IngestionLogListParams) {
  const search = effectiveSearch(params.search);
  const filters = {
    ...(search ? { globalSearch: { value: search, type: 'user' } } : {}),
    ...(params.sort ? { sortField: { direction: params.sort.direction, sortfield: params.sort.field } } : {}),
  };
  const query = useQuery({
    queryKey: [...ingestionLogsKey, { ...params, search }],
    queryFn: ({ signal }) =>
      apiRequest<IngestionLogList>('ingestionLogs', {
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
