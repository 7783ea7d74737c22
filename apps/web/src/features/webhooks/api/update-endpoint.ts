import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookEndpointUpdate } from '@krowd/domain/webhook/webhook.schema';
import { apiRequest } from '@/lib/api-client';
import { webhooksKey } from './keys.ts';

/** PUT webhooks/endpoints/{id}: the endpoint's address, events or state. */
export function useUpdateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: WebhookEndpointUpdate }) =>
      apiRequest<{ respMessage: string; endpoint: WebhookEndpoint }>(`webhooks/endpoints/${id}`, {
        method: 'PUT',
        body: change,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
