import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MultiFactorSetupAnswer,
  MultiFactorStatusAnswer,
  RecoveryCodesAnswer,
} from '@krowd/domain/auth/auth-response.schema';
import type { ConfirmCodeInput, DisableMultiFactorInput } from '@krowd/domain/auth/multi-factor.schema';
import { apiRequest } from '@/lib/api-client';

export const multiFactorStatusKey = ['auth', 'mfa'] as const;

/** GET auth/mfa: whether the user's two-step sign-in is on, required, and recovery codes left. */
export function useMultiFactorStatus(enabled = true) {
  return useQuery({
    queryKey: multiFactorStatusKey,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<MultiFactorStatusAnswer>('auth/mfa', { signal }).then((response) => response.details),
  });
}

/** POST auth/mfa/setup: a new secret and its otpauth URI, waiting for a code. */
export function useBeginMultiFactorSetup() {
  return useMutation({
    mutationFn: () =>
      apiRequest<MultiFactorSetupAnswer>('auth/mfa/setup', { method: 'POST' }).then(
        (response) => response.details,
      ),
  });
}

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

/** POST auth/mfa/disable with the current password and a current code. */
export function useTurnOffMultiFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableMultiFactorInput) =>
      apiRequest<{ respMessage: string }>('auth/mfa/disable', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: multiFactorStatusKey }),
  });
}
