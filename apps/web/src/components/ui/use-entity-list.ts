import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { effectiveSearch, type Pagination } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import { ApiError, apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { ListScopeParams } from './use-entity-list-state.ts';

/** What every entity list asks for (spec 2 §2.3): a page, a search, a status and a sort. */
export interface EntityListParams<
  SortField extends string,
  Status extends string = never,
> extends ListScopeParams {
  page: number;
  limit: number;
  search: string;
  status?: Status | '';
  sort?: { field: SortField; direction: 'asc' | 'desc' };
  /** A list's own query parameters beyond the contract's (the Branches list's `tracking`). */
  extra?: Record<string, string>;
}

export interface EntityList<Row> {
  data: Row[];
  pagination: Pagination;
}

/** The `filters` JSON of spec 2 §7: globalSearch (3+ characters), dropDown status, sortField. */
export function entityListFilters(params: EntityListParams<string, string>): string {
  const search = effectiveSearch(params.search);
  return JSON.stringify({
    ...(search ? { globalSearch: { value: search, type: 'user' } } : {}),
    ...(params.status ? { dropDown: { key: 'status', value: params.status, type: 'eq' } } : {}),
    ...(params.sort ? { sortField: { direction: params.sort.direction, sortfield: params.sort.field } } : {}),
  });
}

/**
 * One page of an entity list from the server (GET path with page, limit, filters and the group
 * scope). The previous page stays on screen while the next loads; a failure is told as a
 * notification unless the session ended (its modal says so): `useListFailureNotice`.
 */
export function useEntityList<Row>(
  key: readonly unknown[],
  path: string,
  params: EntityListParams<string, string>,
) {
  const search = effectiveSearch(params.search);
  const query = useQuery({
    queryKey: [...key, { ...params, search }],
    queryFn: ({ signal }) =>
      apiRequest<EntityList<Row>>(path, {
        query: {
          page: params.page,
          limit: params.limit,
          filters: entityListFilters(params),
          brandId: params.brandId,
          from: params.from,
          role: params.role,
          ...params.extra,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  useListFailureNotice(query.error);
  return query;
}

/** Whether a failure is the session ending: the shell's modal says so, and nothing else should. */
export const isSessionEnd = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A list that could not be loaded says so in a notification with the server's message (spec 3 §8),
 * unless the session ended, which the session modal alone tells (spec 1 §8).
 */
export function useListFailureNotice(failure: Error | null) {
  useEffect(() => {
    if (failure && !isSessionEnd(failure)) notify.error(failure.message);
  }, [failure]);
}

/** What a list's body says when it has no rows because loading them failed (undefined: it did not). */
export function listFailureText(failure: Error | null, hasRows: boolean): string | undefined {
  if (!failure || hasRows || isSessionEnd(failure)) return undefined;
  return messages.list.loadFailed;
}
