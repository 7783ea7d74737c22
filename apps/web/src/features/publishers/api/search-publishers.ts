import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@krowd/domain/list/list.schema';
import type { PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import type { SearchOption, SearchResult } from '@/components/ui/server-search-select';
import { apiRequest } from '@/lib/api-client';
import { publisherChoicesKey } from './keys.ts';

/** How many matches a publisher or bank select lists at once; typing searches the rest. */
export const choicesPage = 20;

const publisherOption = (row: PublisherRow): SearchOption => ({
  value: row._id,
  label: `${row.displayName} (${row.code})`,
});

/** GET publishers?search=: the first matches of a search by code or name. */
export function publisherSearchQueryOptions(search: string, enabled = true) {
  return queryOptions({
    queryKey: publisherChoicesKey(search),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<{ data: PublisherRow[]; pagination: Pagination }>('publishers', {
        query: { page: 1, limit: choicesPage, search: search || undefined },
        signal,
      }),
  });
}

/** The system admin's choice of publisher: the first matches of a search by code or name. */
export function usePublisherSearch(search: string, enabled = true): SearchResult {
  const query = useQuery(publisherSearchQueryOptions(search, enabled));
  return {
    options: (query.data?.data ?? []).map(publisherOption),
    total: query.data?.pagination.total ?? 0,
    isFetching: query.isFetching,
  };
}
