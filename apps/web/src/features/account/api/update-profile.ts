import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@krowd/domain/user/profile.schema';
import type { UserDetailsAnswer } from '@krowd/domain/user/user-response.schema';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { userDetailsKey } from './keys.ts';

/** PUT users/{id}?type=profile&response=true; the header's name and brand follow the answer. */
export function useUpdateProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      apiRequest<UserDetailsAnswer & { respMessage: string }>(`users/${id}`, {
        method: 'PUT',
        query: { type: 'profile', response: true },
        body: input,
      }),
    onSuccess: async (response) => {
      queryClient.setQueryData(userDetailsKey(id), response.details);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
