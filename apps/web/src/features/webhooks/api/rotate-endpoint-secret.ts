import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointWithSecret } from '@krowd/domain/webhook/webhook.schema';
import { apiRequest } from '@/lib/api-client';
import { webhooksKey } from './keys.ts';

/** POST webhooks/endpoints/{id}/secret: a new signing secret, the old one still valid for the overlap. */
export function useRotateEndpointSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, overlapHours }: { id: string; overlapHours: number }) =>
      apiRequest<{ respMessage: string; endpoint: WebhookEndpointWithSecret }>(
        `webhooks/endpoints/${id}/secret`,
        {
          method: 'POST',
          body: { overlapHours },
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
