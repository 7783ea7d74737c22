import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@krowd/domain/auth/auth.schema';
import { apiRequest } from '@/lib/api-client';

/** POST auth/forgotPassword?email=: a recovery link mailed to the address. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: ({ email }: ForgotPasswordInput) =>
      apiRequest<{ respMessage: string }>('auth/forgotPassword', {
        method: 'POST',
        query: { email },
        sessionRequired: false,
      }),
  });
}
