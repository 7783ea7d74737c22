import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import type { PublisherUpdateInput } from '@krowd/domain/publisher/publisher.schema';
import { apiRequest } from '@/lib/api-client';
import { publishersKey } from './keys.ts';

/** PUT publishers/{id}: the publisher's changed details. */
export function useUpdatePublisher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: PublisherUpdateInput }) =>
      apiRequest<{ respMessage: string } & { publisher: PublisherRow }>(`publishers/${id}`, {
        method: 'PUT',
        body: change,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishersKey }),
  });
}
