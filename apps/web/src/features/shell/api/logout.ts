import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSessionActions } from '@/lib/session';

/** Ends the session on the server, then forgets the user here whatever the server said. */
export function useLogout() {
  const { signedOut } = useSessionActions();
  return useMutation({
    mutationFn: () => apiRequest('auth/logout', { method: 'POST', sessionRequired: false }),
    onSettled: () => signedOut(),
  });
}
