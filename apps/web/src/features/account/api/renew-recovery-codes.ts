import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesAnswer } from '@krowd/domain/auth/auth-response.schema';
import type { ConfirmCodeInput } from '@krowd/domain/auth/multi-factor.schema';
import { apiRequest } from '@/lib/api-client';
import { multiFactorStatusKey } from './keys.ts';

/** POST auth/mfa/recoveryCodes: new codes for a current code. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmCodeInput) =>
      apiRequest<RecoveryCodesAnswer>('auth/mfa/recoveryCodes', { method: 'POST', body: input }).then(
        (response) => response.details.recoveryCodes,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: multiFactorStatusKey }),
  });
}
