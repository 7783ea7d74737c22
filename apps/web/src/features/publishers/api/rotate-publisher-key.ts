import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublisherKey, PublisherKeyMade } from '@krowd/domain/publisher/publisher-response.schema';
import type { PublisherKeyRotateInput } from '@krowd/domain/publisher/publisher.schema';
import { apiRequest } from '@/lib/api-client';
import { publishersKey } from './keys.ts';

/** POST publishers/{id}/keys/{keyId}/rotate: a new secret for the key. */
export function useRotatePublisherKey(publisherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, change }: { key: PublisherKey; change: PublisherKeyRotateInput }) =>
      apiRequest<{ respMessage: string } & PublisherKeyMade>(
        `publishers/${publisherId}/keys/${key._id}/rotate`,
        {
          method: 'POST',
          body: change,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishersKey }),
  });
}
