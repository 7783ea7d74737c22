import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublisherRow } from '@krowd/domain/publisher/publisher-response.schema';
import type { PublisherCreateInput } from '@krowd/domain/publisher/publisher.schema';
import { apiRequest } from '@/lib/api-client';
import { publishersKey } from './keys.ts';

/** POST publishers: a new publisher (the system admin). */
export function useCreatePublisher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublisherCreateInput) =>
      apiRequest<{ respMessage: string } & { publisher: PublisherRow }>('publishers', {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publishersKey }),
  });
}
