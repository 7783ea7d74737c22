import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSaved } from '@krowd/domain/user/user-response.schema';
import type { UserCreateInput, UserUpdateInput } from '@krowd/domain/user/user.schema';
import { apiRequest } from '@/lib/api-client';
import { usersKey } from './get-users.ts';

type UserAnswer = UserSaved & { respMessage: string };

/** Add a user; the server mails them a link to set their password. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserCreateInput) => apiRequest<UserAnswer>('users', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** Edit a user: the e-mail and password are never sent (spec 2 §7). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UserUpdateInput }) =>
      apiRequest<UserAnswer>(`users/${id}`, { method: 'PUT', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ respMessage: string }>(`users/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
