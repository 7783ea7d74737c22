import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@krowd/domain/list/list.schema';
import type { PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import { apiRequest } from '@/lib/api-client';
import { publisherListKey } from './keys.ts';

/** The system admin's Publishers list: a page of it, searched by code or name. */
export function publishersQueryOptions(query: { page: number; limit: number; search: string }) {
  const search = query.search.trim();
  return queryOptions({
    queryKey: publisherListKey({ ...query, search }),
    queryFn: ({ signal }) =>
      apiRequest<{ data: PublisherRow[]; pagination: Pagination }>('publishers', {
        query: { page: query.page, limit: query.limit, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePublishers(query: { page: number; limit: number; search: string }) {
  return useQuery(publishersQueryOptions(query));
}
