import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@krowd/domain/list/list.schema';
import type { WebhookDelivery } from '@krowd/domain/webhook/webhook.schema';
import { apiRequest } from '@/lib/api-client';
import { deliveriesKey } from './keys.ts';

/** How often the delivery log looks again while one of its deliveries is pending. */
export const pendingDeliveriesPollMs = 5_000;

/** GET webhooks/endpoints/{id}/deliveries: a page of the endpoint's delivery log. */
export function deliveriesQueryOptions(endpointId: string, page: number, limit: number) {
  return queryOptions({
    queryKey: deliveriesKey(endpointId, page, limit),
    queryFn: ({ signal }) =>
      apiRequest<{ data: WebhookDelivery[]; pagination: Pagination }>(
        `webhooks/endpoints/${endpointId}/deliveries`,
        { query: { page, limit }, signal },
      ),
    placeholderData: keepPreviousData,
    // While a delivery is still being tried, the log looks again, so its outcome shows without a
    // reload; it stops once every delivery on the page has delivered or failed.
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'pending')
        ? pendingDeliveriesPollMs
        : false,
  });
}

export function useDeliveries(endpointId: string, page: number, limit: number) {
  return useQuery(deliveriesQueryOptions(endpointId, page, limit));
}
