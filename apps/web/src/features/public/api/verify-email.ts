import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST auth/verifyEmail: the dining sign-up checks its e-mail's shape; the same answer whether or not an account has it. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>('auth/verifyEmail', {
        method: 'POST',
        body: { email },
        sessionRequired: false,
      }),
  });
}
