import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@krowd/domain/list/list.schema';
import { apiRequest } from '@/lib/api-client';

export interface OutboxMail {
  _id: string;
  to: string;
  subject: string;
  text: string;
  status: 'stored' | 'sent' | 'failed';
  error: string | null;
  created: string;
  sent: string | null;
}

export function useOutbox(page: number, limit: number) {
  return useQuery({
    queryKey: ['outbox', page, limit],
    queryFn: ({ signal }) =>
      apiRequest<{ data: OutboxMail[]; pagination: Pagination }>('mail/outbox', {
        query: { page, limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
