import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublisherKey } from '@krowd/domain/publisher/publisher-response.schema';
import { apiRequest } from '@/lib/api-client';
import { publishersKey } from './keys.ts';

/** DELETE publishers/{id}/keys/{keyId}: the key stops working. */
export function useRevokePublisherKey(publisherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: PublisherKey) =>
      apiRequest<{ respMessage: string } & { key: PublisherKey }>(
        `publishers/${publisherId}/keys/${key._id}`,
        {
          method: 'DELETE',
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishersKey }),
  });
}
