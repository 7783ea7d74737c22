import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invoicesBeingCollectedKey } from './get-invoices-being-collected.ts';
import { paymentsKey } from './payments-keys.ts';

/** What the test provider can make the bank do: to a brand's mandate, or to an invoice's payment. */
export type ProviderScenario =
  | 'mandate_activated'
  | 'mandate_failed'
  | 'mandate_cancelled'
  | 'payment_confirmed'
  | 'payment_paid_out'
  | 'payment_failed';

export interface SimulateInput {
  scenario: ProviderScenario;
  brandId?: string;
  invoiceId?: string;
}

/**
 * POST payments/test-provider/simulate (test mode only): the test provider sends the signed event a
 * bank would; the mandate and the invoices being collected are read again.
 */
export function useSimulateProviderEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SimulateInput) =>
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
