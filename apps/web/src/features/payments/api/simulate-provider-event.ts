import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimulateProviderEventInput } from '@krowd/domain/payment/payment.schema';
import { apiRequest } from '@/lib/api-client';
import { invoicesBeingCollectedKey, paymentsKey } from './keys.ts';

/**
 * POST payments/test-provider/simulate (test mode only): the test provider sends the signed event a
 * bank would; the mandate and the invoices being collected are read again.
 */
export function useSimulateProviderEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SimulateProviderEventInput) =>
      apiRequest<{ respMessage?: string }>('payments/test-provider/simulate', {
        method: 'POST',
        body: input,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsKey }),
        queryClient.invalidateQueries({ queryKey: invoicesBeingCollectedKey }),
      ]),
  });
}
