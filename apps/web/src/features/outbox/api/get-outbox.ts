import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxPage } from '@krowd/domain/mail/mail-response.schema';
import { apiRequest } from '@/lib/api-client';
import { outboxKey } from './keys.ts';

/** GET mail/outbox: a page of the mails the product sent. */
export function outboxQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: outboxKey(page, limit),
    queryFn: ({ signal }) =>
      apiRequest<OutboxPage>('mail/outbox', {
        query: { page, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(page: number, limit: number) {
  return useQuery(outboxQueryOptions(page, limit));
}
