import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST insights/logout: ends the visitor's pass on the server. */
export function useLogoutInsightsVisitor() {
  return useMutation({
    mutationFn: (pass: string) =>
      apiRequest<unknown>('insights/logout', { method: 'POST', insightsPass: pass, sessionRequired: false }),
  });
}
