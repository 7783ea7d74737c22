import { useMutation } from '@tanstack/react-query';
import type { MandateStarted } from '@krowd/domain/payment/payment-response.schema';
import type { StartMandateInput } from '@krowd/domain/payment/payment.schema';
import { apiRequest } from '@/lib/api-client';

/**
 * POST payments/mandate: starts a setup (a first one, or a replacement bank account). The answer's
 * redirectUrl is the provider's hosted page, which sends the payer back with redirect_flow_id.
 */
export function useStartMandate() {
  return useMutation({
    mutationFn: (input: StartMandateInput) =>
      apiRequest<MandateStarted>('payments/mandate', {
        method: 'POST',
        body: input,
      }),
  });
}
