import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { effectiveSearch, type Pagination } from '@krowd/domain/list/list.schema';
import type { UserRow, UserSortField } from '@krowd/domain/user/user.schema';
import { ApiError, apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const usersKey = ['users'] as const;

export interface UserListParams {
  page: number;
  limit: number;
  search: string;
  sort?: { field: UserSortField; direction: 'asc' | 'desc' };
  /** One brand, or (with from 'onboard') every brand of the caller's group. */
  brandId?: string;
  from?: 'onboard';
  role?: string;
}

export interface UserList {
  data: UserRow[];
  pagination: Pagination;
}

/** GET users with the entity-list filters of spec 2 §7, as one JSON text. */
export function useUsers(params: UserListParams) {
  const search = effectiveSearch(params.search);
  const filters = {
    ...(search ? { globalSearch: { value: search, type: 'user' } } : {}),
    ...(params.sort ? { sortField: { direction: params.sort.direction, sortfield: params.sort.field } } : {}),
  };
  const query = useQuery({
    queryKey: [...usersKey, { ...params, search }],
    queryFn: ({ signal }) =>
      apiRequest<UserList>('users', {
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
