import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '@krowd/domain/auth/auth.schema';
import { apiRequest } from '@/lib/api-client';

/** POST users/signup: a new account, confirmed through an e-mailed link. */
export function useCreateAccount() {
  return useMutation({
    mutationFn: (input: SignupInput) =>
      apiRequest<{ respMessage: string }>('users/signup', {
        method: 'POST',
        body: input,
        sessionRequired: false,
      }),
  });
}
