import { useMutation } from '@tanstack/react-query';
import type { SignedIn } from '@krowd/domain/auth/auth-response.schema';
import type { LoginSecondStepInput } from '@krowd/domain/auth/multi-factor.schema';
import { apiRequest } from '@/lib/api-client';

/** The login's second step: the challenge with a code of the app or a recovery code. */
export function useLoginSecondStep() {
  return useMutation({
    mutationFn: (input: LoginSecondStepInput) =>
      apiRequest<SignedIn>('auth/login/mfa', { method: 'POST', body: input, sessionRequired: false }),
  });
}
