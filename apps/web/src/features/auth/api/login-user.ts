import { useMutation } from '@tanstack/react-query';
import type { SecondStepDue, SignedIn } from '@krowd/domain/auth/auth-response.schema';
import type { LoginInput } from '@krowd/domain/auth/login.schema';
import { apiRequest } from '@/lib/api-client';

/** POST auth/login (spec 1 §7): signed in, or a second step due. */
export function useLoginUser() {
  return useMutation({
    mutationFn: ({ email, password }: LoginInput) =>
      apiRequest<SignedIn | SecondStepDue>('auth/login', {
        method: 'POST',
        body: { email, password },
        sessionRequired: false,
      }),
  });
}
