import { useMutation } from '@tanstack/react-query';
import type { TestFlowConfirmed } from '@krowd/domain/payment/payment-response.schema';
import type { TestBankDetails } from '@krowd/domain/payment/payment.schema';
import { apiRequest } from '@/lib/api-client';

/**
 * POST payments/test-provider/flows/{flowId}/confirm: the payer authorises the Direct Debit on the
 * test provider's page; the answer says where to send them back (the product, with redirect_flow_id).
 */
export function useConfirmTestProviderFlow(flowId: string) {
  return useMutation({
    mutationFn: (details: TestBankDetails) =>
      apiRequest<TestFlowConfirmed>(`payments/test-provider/flows/${encodeURIComponent(flowId)}/confirm`, {
        method: 'POST',
        body: details,
        sessionRequired: false,
      }),
  });
}
