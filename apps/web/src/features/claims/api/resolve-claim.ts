import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim, ClaimResolve } from '@krowd/domain/claim/claim.schema';
import { apiRequest } from '@/lib/api-client';
import { claimsKey } from './keys.ts';

/** POST claims/{id}/resolve: the ruling on a claim (docs/decisions/0108). */
export function useResolveClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ruling }: { id: string; ruling: ClaimResolve }) =>
      apiRequest<{ respMessage: string; claim: Claim }>(`claims/${id}/resolve`, {
        method: 'POST',
        body: ruling,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimsKey }),
  });
}
