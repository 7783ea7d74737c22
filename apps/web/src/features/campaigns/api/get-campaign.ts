import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignDetailsAnswer } from '@krowd/domain/campaign/campaign-response.schema';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

/** GET campaigns/{id}: the campaign's details. */
export function campaignQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: campaignKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) =>
      apiRequest<CampaignDetailsAnswer>(`campaigns/${id}`, { signal }).then((r) => r.campaign),
  });
}

export function useCampaign(id: string | undefined) {
  return useQuery(campaignQueryOptions(id));
}
