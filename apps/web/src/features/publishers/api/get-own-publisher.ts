import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import { apiRequest } from '@/lib/api-client';
import { ownPublisherKey } from './keys.ts';

/** GET publishers/own: a bank admin's publisher (404 while their bank belongs to none). */
export function ownPublisherQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ownPublisherKey,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<{ publisher: PublisherRow }>('publishers/own', { signal }).then(
        (answer) => answer.publisher,
      ),
  });
}

export function useOwnPublisher(enabled: boolean) {
  return useQuery(ownPublisherQueryOptions(enabled));
}
