import { useMutation } from '@tanstack/react-query';
import type { InsightsLoginAnswer } from '@krowd/domain/insights/insights-response.schema';
import type { InsightsLogin } from '@krowd/domain/insights/insights-visitors.schema';
import { apiRequest } from '@/lib/api-client';
import { withRespCode } from '../insights-request.ts';

/** POST insights/savebrandDetails: the insights login; answers the pass. */
export function useLoginInsightsVisitor() {
  return useMutation({
    mutationFn: (values: InsightsLogin) =>
      withRespCode(
        apiRequest<InsightsLoginAnswer>('insights/savebrandDetails', {
          method: 'POST',
          body: values,
          sessionRequired: false,
        }),
      ).then((answer) => answer.data),
  });
}
