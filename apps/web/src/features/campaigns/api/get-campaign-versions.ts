import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignVersions } from '@krowd/domain/audit/audit.schema';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

/** A campaign's version history (docs/decisions/0113); a save invalidates it with the campaign. */
export function campaignVersionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: campaignKeys.versions(id),
    queryFn: ({ signal }) =>
      apiRequest<CampaignVersions>(`campaigns/${id}/versions`, { signal }).then((r) => r.versions),
  });
}

export function useCampaignVersions(id: string) {
  return useQuery(campaignVersionsQueryOptions(id));
}
