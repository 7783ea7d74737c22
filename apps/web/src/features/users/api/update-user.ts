import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSaved } from '@krowd/domain/user/user-response.schema';
import type { UserUpdateInput } from '@krowd/domain/user/user.schema';
import { apiRequest } from '@/lib/api-client';
import { usersKey } from './keys.ts';

/** Edit a user: the e-mail and password are never sent (spec 2 §7). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UserUpdateInput }) =>
      apiRequest<UserSaved & { respMessage: string }>(`users/${id}`, { method: 'PUT', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
