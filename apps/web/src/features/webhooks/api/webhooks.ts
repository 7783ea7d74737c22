import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
  WebhookOwners,
} from '@krowd/domain/webhook/webhook.schema';
import type { Pagination } from '@krowd/domain/list/list.schema';
import { apiRequest } from '@/lib/api-client';

/** The webhooks screens' calls (docs/decisions/0097): endpoints, secrets, the delivery log. */
const endpointsKey = ['webhooks', 'endpoints'] as const;
const deliveriesKey = (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const;

interface Answer {
  respMessage: string;
}

export function useEndpoints() {
  return useQuery({
    queryKey: endpointsKey,
    queryFn: ({ signal }) =>
      apiRequest<{ endpoints: WebhookEndpoint[] }>('webhooks/endpoints', { signal }).then(
        (answer) => answer.endpoints,
      ),
  });
}

/** Whose endpoint one may register: the brands in one's scope, the publishers one administers. */
export function useOwnerOptions() {
  return useQuery({
    queryKey: ['webhooks', 'owners'],
    staleTime: 60_000,
    queryFn: ({ signal }) => apiRequest<WebhookOwners>('webhooks/owners', { signal }),
  });
}

function useEndpointMutation<Input, Output extends Answer>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export const useCreateEndpoint = () =>
  useEndpointMutation((input: WebhookEndpointCreate) =>
    apiRequest<Answer & { endpoint: WebhookEndpointWithSecret }>('webhooks/endpoints', {
      method: 'POST',
      body: input,
    }),
  );

export const useUpdateEndpoint = () =>
  useEndpointMutation(({ id, change }: { id: string; change: WebhookEndpointUpdate }) =>
    apiRequest<Answer & { endpoint: WebhookEndpoint }>(`webhooks/endpoints/${id}`, {
      method: 'PUT',
      body: change,
    }),
  );

export const useDeleteEndpoint = () =>
  useEndpointMutation((id: string) => apiRequest<Answer>(`webhooks/endpoints/${id}`, { method: 'DELETE' }));

export const useRotateSecret = () =>
  useEndpointMutation(({ id, overlapHours }: { id: string; overlapHours: number }) =>
    apiRequest<Answer & { endpoint: WebhookEndpointWithSecret }>(`webhooks/endpoints/${id}/secret`, {
      method: 'POST',
      body: { overlapHours },
    }),
  );

export const usePing = () =>
  useEndpointMutation((id: string) =>
    apiRequest<Answer & { eventId: string }>(`webhooks/endpoints/${id}/ping`, { method: 'POST' }),
  );

/** How often the delivery log looks again while one of its deliveries is pending. */
export const pendingDeliveriesPollMs = 5_000;

export function useDeliveries(endpointId: string, page: number, limit: number) {
  return useQuery({
    queryKey: [...deliveriesKey(endpointId), page, limit],
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

export const useRedeliver = () =>
  useEndpointMutation((deliveryId: string) =>
    apiRequest<Answer>(`webhooks/deliveries/${deliveryId}/redeliver`, { method: 'POST' }),
  );

export const useRedeliverFailed = () =>
  useEndpointMutation(({ endpointId, since }: { endpointId: string; since: string }) =>
    apiRequest<Answer & { count: number }>(`webhooks/endpoints/${endpointId}/redeliver`, {
      method: 'POST',
      body: { since },
    }),
  );
