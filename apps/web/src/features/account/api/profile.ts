import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@krowd/domain/user/profile.schema';
import type { ProfilePhotoUploaded } from '@krowd/domain/asset/asset-response.schema';
import type { AccountDeactivated, UserDetailsAnswer } from '@krowd/domain/user/user-response.schema';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

const userDetailsKey = (id: string) => ['users', id] as const;

/** GET users/{id}: the profile's fields, the address included (the session user has none). */
export function useUserDetails(id: string) {
  return useQuery({
    queryKey: userDetailsKey(id),
    queryFn: ({ signal }) =>
      apiRequest<UserDetailsAnswer>(`users/${id}`, { signal }).then((response) => response.details),
  });
}

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

/** Deactivates the signed-in user's own account; the server ends all their sessions. */
export function useDeactivateAccount(id: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<AccountDeactivated & { respMessage: string }>(`users/${id}/deactivate`, {
        method: 'POST',
      }),
  });
}

/** POST uploads?uploadPath=user (multipart): the new photo replaces the old and shows in the header. */
export function useUploadProfilePhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<ProfilePhotoUploaded & { respMessage: string }>('uploads', {
        method: 'POST',
        query: { uploadPath: 'user' },
        form,
      });
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userDetailsKey(id) }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
}
