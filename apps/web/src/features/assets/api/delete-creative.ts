import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { creativesKey } from './keys.ts';

/** DELETE documents/{id}?docType=creatives: an image out of the Media Library. */
export function useDeleteCreative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ respMessage: string }>(`documents/${id}`, {
        method: 'DELETE',
        query: { docType: 'creatives' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creativesKey }),
  });
}
