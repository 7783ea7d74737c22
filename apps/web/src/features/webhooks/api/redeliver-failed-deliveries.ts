import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhooksKey } from './keys.ts';

/** POST webhooks/endpoints/{id}/redeliver: the endpoint's failed deliveries since a time, tried again. */
export function useRedeliverFailedDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, since }: { endpointId: string; since: string }) =>
      apiRequest<{ respMessage: string; count: number }>(`webhooks/endpoints/${endpointId}/redeliver`, {
        method: 'POST',
        body: { since },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
