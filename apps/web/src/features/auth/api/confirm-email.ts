import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Opens a sign-up's confirmation link (/verifyemail/:token). */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ respMessage: string }>('auth/confirmEmail', {
        method: 'POST',
        body: { token },
        sessionRequired: false,
      }),
  });
}
