import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilePhotoUploaded } from '@krowd/domain/asset/asset-response.schema';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';
import { userDetailsKey } from './keys.ts';

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
