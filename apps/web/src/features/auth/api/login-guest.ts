import { useMutation } from '@tanstack/react-query';
import type { SignedIn } from '@krowd/domain/auth/auth-response.schema';
import { apiRequest } from '@/lib/api-client';

/** GET users/checkGuestUser?token=: a guest link signs its holder in. */
export function useLoginGuest() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<SignedIn>('users/checkGuestUser', { query: { token }, sessionRequired: false }),
  });
}
