import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublisherKeysAnswer } from '@krowd/domain/publisher/publisher-response.schema';
import { apiRequest } from '@/lib/api-client';
import { publisherKeysKey } from './keys.ts';

/** GET publishers/{id}/keys: the publisher's API keys. */
export function publisherKeysQueryOptions(publisherId: string | null) {
  return queryOptions({
    queryKey: publisherKeysKey(publisherId ?? ''),
    enabled: publisherId !== null,
    queryFn: ({ signal }) => apiRequest<PublisherKeysAnswer>(`publishers/${publisherId}/keys`, { signal }),
  });
}

export function usePublisherKeys(publisherId: string | null) {
  return useQuery(publisherKeysQueryOptions(publisherId));
}
