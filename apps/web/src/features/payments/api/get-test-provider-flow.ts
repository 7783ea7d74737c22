import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestProviderFlow } from '@krowd/domain/payment/payment-response.schema';
import { apiRequest } from '@/lib/api-client';
import { paymentsKey } from './keys.ts';

/**
 * GET payments/test-provider/flows/{flowId}: what the test provider's hosted page shows. Public:
 * the flow id is the secret. An unknown flow answers 404 with its errorMessage.
 */
export function testProviderFlowQueryOptions(flowId: string) {
  return queryOptions({
    queryKey: [...paymentsKey, 'test-provider', flowId],
    queryFn: ({ signal }) =>
      apiRequest<TestProviderFlow>(`payments/test-provider/flows/${encodeURIComponent(flowId)}`, {
        signal,
        sessionRequired: false,
      }),
    retry: false,
  });
}

export function useTestProviderFlow(flowId: string) {
  return useQuery(testProviderFlowQueryOptions(flowId));
}
