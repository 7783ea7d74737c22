import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublisherKeyMade } from '@krowd/domain/publisher/publisher-response.schema';
import type { PublisherKeyCreateInput } from '@krowd/domain/publisher/publisher.schema';
import { apiRequest } from '@/lib/api-client';
import { publishersKey } from './keys.ts';

/** POST publishers/{id}/keys: a new API key, its secret shown once. */
export function useCreatePublisherKey(publisherId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublisherKeyCreateInput) =>
      apiRequest<{ respMessage: string } & PublisherKeyMade>(`publishers/${publisherId}/keys`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishersKey }),
  });
}
