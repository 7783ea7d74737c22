import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Distributors } from '@krowd/domain/distributor/distributor-response.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** GET distributors: the publishers, by code, with their display names (Fidel → NextJump, LUX → Mastercard). */
export function publisherOptionsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.publishers,
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      apiRequest<Distributors>('distributors', { signal }).then((answer) =>
        answer.distributors.map((p) => ({ value: p.name, label: p.displayName })),
      ),
  });
}

export function usePublisherOptions() {
  return useQuery(publisherOptionsQueryOptions());
}
