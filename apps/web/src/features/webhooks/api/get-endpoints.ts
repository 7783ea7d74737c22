import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@krowd/domain/webhook/webhook.schema';
import { apiRequest } from '@/lib/api-client';
import { endpointsKey } from './keys.ts';

/** GET webhooks/endpoints: the endpoints the caller may see (docs/decisions/0097). */
export function endpointsQueryOptions() {
  return queryOptions({
    queryKey: endpointsKey,
    queryFn: ({ signal }) =>
      apiRequest<{ endpoints: WebhookEndpoint[] }>('webhooks/endpoints', { signal }).then(
        (answer) => answer.endpoints,
      ),
  });
}

export function useEndpoints() {
  return useQuery(endpointsQueryOptions());
}
