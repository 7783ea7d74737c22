import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewList } from '@krowd/domain/overview/overview-response.schema';
import type { OverviewTrigger } from '@krowd/domain/overview/overview.schema';
import { apiRequest } from '@/lib/api-client';
import { overviewListKey } from './keys.ts';

/** GET campaignoverview/list: campaigns of a month range with their overview status. */
export function overviewListQueryOptions(range: OverviewTrigger | null) {
  return queryOptions({
    queryKey: overviewListKey(range),
    enabled: range !== null,
    // The create trigger's job runs within the queue's poll (15 s): the statuses follow.
    refetchInterval: 15_000,
    queryFn: ({ signal }) =>
      apiRequest<OverviewList>('campaignoverview/list', {
        query: range ?? undefined,
        signal,
      }).then((answer) => answer.campaigns),
  });
}

export function useOverviewList(range: OverviewTrigger | null) {
  return useQuery(overviewListQueryOptions(range));
}
