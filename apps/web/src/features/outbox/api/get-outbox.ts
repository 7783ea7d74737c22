import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxPage } from '@krowd/domain/mail/mail-response.schema';
import { apiRequest } from '@/lib/api-client';

export function useOutbox(page: number, limit: number) {
  return useQuery({
    queryKey: ['outbox', page, limit],
    queryFn: ({ signal }) =>
      apiRequest<OutboxPage>('mail/outbox', {
        query: { page, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
