import { useMutation } from '@tanstack/react-query';
import type { InsightsSignup } from '@krowd/domain/insights/insights-visitors.schema';
import { apiRequest } from '@/lib/api-client';

/**
 * POST insights/updatebrandDetails/{id}: the Sign Up dialog's details, with the visitor's pass. It
 * answers 205, a status whose body a browser never hands over, so the 2xx itself is the success.
 */
export function useSignUpInsightsVisitor(caller: { id: string; pass: string }) {
  return useMutation({
    mutationFn: (values: InsightsSignup) =>
      apiRequest<unknown>(`insights/updatebrandDetails/${encodeURIComponent(caller.id)}`, {
        method: 'POST',
        body: values,
        insightsPass: caller.pass,
        sessionRequired: false,
      }),
  });
}
