import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignDetails, CampaignDetailsAnswer } from '@krowd/domain/campaign/campaign-response.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** The campaign details the report reads: name, month and opening time. */
export type CampaignSummary = Pick<
  CampaignDetails,
  '_id' | 'name' | 'brandId' | 'start_date' | 'openingTime'
>;

/** GET campaigns/{id}. */
export function campaignSummaryQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: dashboardKeys.campaign(id),
    enabled: Boolean(id),
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<CampaignDetailsAnswer>(`campaigns/${id}`, { signal }).then((answer) => answer.campaign),
  });
}

export function useCampaignSummary(id: string | null) {
  return useQuery(campaignSummaryQueryOptions(id));
}
