import { useMutation } from '@tanstack/react-query';
import type { MultiFactorSetupAnswer } from '@krowd/domain/auth/auth-response.schema';
import { apiRequest } from '@/lib/api-client';

/** POST auth/mfa/setup: a new secret and its otpauth URI, waiting for a code. */
export function useBeginMultiFactorSetup() {
  return useMutation({
    mutationFn: () =>
      apiRequest<MultiFactorSetupAnswer>('auth/mfa/setup', { method: 'POST' }).then(
        (response) => response.details,
      ),
  });
}
