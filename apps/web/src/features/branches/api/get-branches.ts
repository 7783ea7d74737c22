import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BranchRow, BranchSortField, BranchStatus } from '@krowd/domain/branch/branch.schema';
import { effectiveSearch, type Pagination } from '@krowd/domain/list/list.schema';
import { ApiError, apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const branchesKey = ['branches'] as const;

export interface BranchListParams {
  page: number;
  limit: number;
  search: string;
  status: BranchStatus | '';
  sort?: { field: BranchSortField; direction: 'asc' | 'desc' };
  /** One brand, or (with from 'onboard') every brand of the caller's group. */
  brandId?: string;
  from?: 'onboard';
  role?: string;
}

export interface BranchList {
  data: BranchRow[];
  pagination: Pagination;
}

/** GET merchants with the entity-list filters of spec 2 §7, as one JSON text. */
export function useBranches(params: BranchListParams) {
  const search = effectiveSearch(params.search);
  const filters = {
    ...(search ? { globalSearch: { value: search, type: 'user' } } : {}),
    ...(params.status ? { dropDown: { key: 'status', value: params.status, type: 'eq' } } : {}),
    ...(params.sort ? { sortField: { direction: params.sort.direction, sortfield: params.sort.field } } : {}),
  };
  const query = useQuery({
    queryKey: [...branchesKey, { ...params, search }],
    queryFn: ({ signal }) =>
      apiRequest<BranchList>('merchants', {
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
