import { useMutation } from '@tanstack/react-query';
import type { RecoveryCodesAnswer } from '@krowd/domain/auth/auth-response.schema';
import type { ConfirmCodeInput } from '@krowd/domain/auth/multi-factor.schema';
import { apiRequest } from '@/lib/api-client';

/**
 * POST auth/mfa/enable: the set-up's confirming code; answers the recovery codes. The status is
 * refreshed by the caller once the codes have been shown (a required set-up would end the screen).
 */
export function useConfirmMultiFactorSetup() {
  return useMutation({
    mutationFn: (input: ConfirmCodeInput) =>
      apiRequest<RecoveryCodesAnswer>('auth/mfa/enable', { method: 'POST', body: input }).then(
        (response) => response.details.recoveryCodes,
      ),
  });
}
