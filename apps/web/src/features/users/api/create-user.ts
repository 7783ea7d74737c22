import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSaved } from '@krowd/domain/user/user-response.schema';
import type { UserCreateInput } from '@krowd/domain/user/user.schema';
import { apiRequest } from '@/lib/api-client';
import { usersKey } from './keys.ts';

/** Add a user; the server mails them a link to set their password. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserCreateInput) =>
      apiRequest<UserSaved & { respMessage: string }>('users', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
