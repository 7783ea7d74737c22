import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BankRow, BankSortField } from '@krowd/domain/bank/bank.schema';
import { effectiveSearch, type Pagination } from '@krowd/domain/list/list.schema';
import { ApiError, apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export interface BankListParams {
  page: number;
  limit: number;
  search: string;
  sort?: { field: BankSortField; direction: 'asc' | 'desc' };
}

export interface BankList {
  data: BankRow[];
  pagination: Pagination;
}

/** GET banks with the entity-list filters of spec 2 §7 (globalSearch, sortField) as one JSON text. */
export function useBanks(params: BankListParams) {
  const search = effectiveSearch(params.search);
  const filters = {
    ...(search ? { globalSearch: { value: search, type: 'user' } } : {}),
    ...(params.sort ? { sortField: { direction: params.sort.direction, sortfield: params.sort.field } } : {}),
  };
  const query = useQuery({
    queryKey: ['banks', 'list', { ...params, search }],
    queryFn: ({ signal }) =>
      apiRequest<BankList>('banks', {
        query: { page: params.page, limit: params.limit, filters: JSON.stringify(filters) },
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
