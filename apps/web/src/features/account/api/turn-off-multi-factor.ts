import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisableMultiFactorInput } from '@krowd/domain/auth/multi-factor.schema';
import { apiRequest } from '@/lib/api-client';
import { multiFactorStatusKey } from './keys.ts';

/** POST auth/mfa/disable with the current password and a current code. */
export function useTurnOffMultiFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableMultiFactorInput) =>
      apiRequest<{ respMessage: string }>('auth/mfa/disable', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: multiFactorStatusKey }),
  });
}
