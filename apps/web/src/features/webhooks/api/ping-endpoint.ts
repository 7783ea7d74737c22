import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhooksKey } from './keys.ts';

/** POST webhooks/endpoints/{id}/ping: a test event sent to the endpoint. */
export function usePingEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ respMessage: string; eventId: string }>(`webhooks/endpoints/${id}/ping`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
