import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentsKey } from './payments-keys.ts';

export interface TestProviderFlow {
  brandName: string;
  description: string;
  /** Only an open flow takes bank details; a confirmed or completed one was used, an expired one is over. */
  status: 'open' | 'confirmed' | 'completed' | 'expired';
  testMode: true;
}

/**
 * GET payments/test-provider/flows/{flowId}: what the test provider's hosted page shows. Public:
 * the flow id is the secret. An unknown flow answers 404 with its errorMessage.
 */
export function useTestProviderFlow(flowId: string) {
  return useQuery({
    queryKey: [...paymentsKey, 'test-provider', flowId],
    queryFn: ({ signal }) =>
      apiRequest<TestProviderFlow>(`payments/test-provider/flows/${encodeURIComponent(flowId)}`, {
        signal,
        sessionRequired: false,
      }),
    retry: false,
  });
}
