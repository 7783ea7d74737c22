import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MandateCompleted } from '@krowd/domain/payment/payment-response.schema';
import type { CompleteMandateInput } from '@krowd/domain/payment/payment.schema';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { paymentsKey } from './keys.ts';

/**
 * POST payments/mandate/complete: the payer is back from the provider's page with its flow id; the
 * server creates the mandate. The session follows (the onboarding flags change with it).
 */
export function useCompleteMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompleteMandateInput) =>
      apiRequest<MandateCompleted & { respMessage: string }>('payments/mandate/complete', {
        method: 'POST',
        body: input,
      }),
    onSuccess: async () => {
      // The panel may have asked for the mandate while the completion was on its way (the page had
      // just loaded): that read is dropped, so the one after the completion is what shows.
      await queryClient.cancelQueries({ queryKey: paymentsKey });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
}
