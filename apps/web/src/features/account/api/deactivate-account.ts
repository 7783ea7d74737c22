import { useMutation } from '@tanstack/react-query';
import type { AccountDeactivated } from '@krowd/domain/user/user-response.schema';
import { apiRequest } from '@/lib/api-client';

/** Deactivates the signed-in user's own account; the server ends all their sessions. */
export function useDeactivateAccount(id: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<AccountDeactivated & { respMessage: string }>(`users/${id}/deactivate`, {
        method: 'POST',
      }),
  });
}
