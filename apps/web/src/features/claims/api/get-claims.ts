import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClaimPage } from '@krowd/domain/claim/claim.schema';
import { apiRequest } from '@/lib/api-client';
import { claimListKey } from './keys.ts';

/** GET claims: a page of claims, or of the queue to resolve (docs/decisions/0108). */
export function claimsQueryOptions(query: { page: number; limit: number; queue: boolean }) {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.queue) params.set('queue', 'true');
  return queryOptions({
    queryKey: claimListKey(query),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiRequest<ClaimPage>(`claims?${params}`, { signal }),
  });
}

export function useClaims(query: { page: number; limit: number; queue: boolean }) {
  return useQuery(claimsQueryOptions(query));
}
