import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointCreate, WebhookEndpointWithSecret } from '@krowd/domain/webhook/webhook.schema';
import { apiRequest } from '@/lib/api-client';
import { webhooksKey } from './keys.ts';

/** POST webhooks/endpoints: a new endpoint; its signing secret is shown once. */
export function useCreateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointCreate) =>
      apiRequest<{ respMessage: string; endpoint: WebhookEndpointWithSecret }>('webhooks/endpoints', {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
