import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BrandClaimCreate, Claim } from '@krowd/domain/claim/claim.schema';
import { apiRequest } from '@/lib/api-client';
import { claimsKey } from './keys.ts';

/** POST claims: a brand files a claim (docs/decisions/0108). */
export function useFileClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrandClaimCreate) =>
      apiRequest<{ respMessage: string; claim: Claim }>('claims', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimsKey }),
  });
}
