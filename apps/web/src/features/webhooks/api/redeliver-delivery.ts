import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhooksKey } from './keys.ts';

/** POST webhooks/deliveries/{id}/redeliver: one delivery tried again. */
export function useRedeliverDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest<{ respMessage: string }>(`webhooks/deliveries/${deliveryId}/redeliver`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
