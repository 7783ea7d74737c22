import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useSessionActions } from '@/lib/session';

/** Ends the session on the server, then forgets the user here (whatever the server said) and goes to login. */
export function useLogoutUser() {
  const { signedOut } = useSessionActions();
  return useMutation({
    mutationFn: () => apiRequest('auth/logout', { method: 'POST', sessionRequired: false }),
    onSettled: () => signedOut({ to: paths.login }),
  });
}
