import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewRaw } from '@krowd/domain/overview/overview-response.schema';
import { apiRequest } from '@/lib/api-client';
import { overviewRawKey } from './keys.ts';

/** GET campaignoverview/raw?id=: the campaign's overview figures as stored, for the editor and the preview. */
export function overviewRawQueryOptions(campaignId: string) {
  return queryOptions({
    queryKey: overviewRawKey(campaignId),
    queryFn: ({ signal }) =>
      apiRequest<OverviewRaw>('campaignoverview/raw', { query: { id: campaignId }, signal }),
  });
}

export function useOverviewRaw(campaignId: string) {
  return useQuery(overviewRawQueryOptions(campaignId));
}
