import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublisherBrand } from '@krowd/domain/publisher/publisher-response.schema';
import { apiRequest } from '@/lib/api-client';
import { publishersKey } from './keys.ts';

/** PUT publishers/{id}/brands: the whole set of brands the feed shows. */
export function useSavePublisherBrands(publisherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brandIds: string[]) =>
      apiRequest<{ respMessage: string } & { brands: PublisherBrand[] }>(`publishers/${publisherId}/brands`, {
        method: 'PUT',
        body: { brandIds },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishersKey }),
  });
}
