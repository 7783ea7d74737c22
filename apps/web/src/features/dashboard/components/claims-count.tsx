import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ClaimPage } from '@krowd/domain/claim/claim.schema';
import { messages } from '@krowd/domain/messages/messages';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';

/**
 * The dashboard's count of the brand's missing-transaction claims still waiting (open or in
 * review; decision 0108), linking to the claims page. The list's total answers it: one row asked.
 */
export function ClaimsCount() {
  const waiting = useQuery({
    queryKey: ['claims', 'list', { page: 1, limit: 1, queue: true }],
    queryFn: ({ signal }) => apiRequest<ClaimPage>('claims?page=1&limit=1&queue=true', { signal }),
  });
  if (!waiting.data) return null;
  return (
    <Anchor component={Link} to={paths.page('claims')} size="sm">
      {messages.claim.dashboardOpen(waiting.data.pagination.total)}
    </Anchor>
  );
}
