import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Distributors } from '@krowd/domain/distributor/distributor-response.schema';
import { apiRequest } from '@/lib/api-client';
import { ingestionPublishersKey } from './keys.ts';

/** GET distributors: the publishers a file may come from. */
export function publishersQueryOptions() {
  return queryOptions({
    queryKey: ingestionPublishersKey,
    queryFn: ({ signal }) => apiRequest<Distributors>('distributors', { signal }).then((r) => r.distributors),
  });
}

export function usePublishers() {
  return useQuery(publishersQueryOptions());
}
