import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookOwners } from '@krowd/domain/webhook/webhook.schema';
import { apiRequest } from '@/lib/api-client';
import { ownersKey } from './keys.ts';

/** Whose endpoint one may register: the brands in one's scope, the publishers one administers. */
export function ownerOptionsQueryOptions() {
  return queryOptions({
    queryKey: ownersKey,
    staleTime: 60_000,
    queryFn: ({ signal }) => apiRequest<WebhookOwners>('webhooks/owners', { signal }),
  });
}

export function useOwnerOptions() {
  return useQuery(ownerOptionsQueryOptions());
}
