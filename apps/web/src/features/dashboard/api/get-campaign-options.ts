import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignSelector } from '@krowd/domain/campaign/campaign-response.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** A choice of the report filter bar's selects. */
export interface Option {
  value: string;
  label: string;
}

/** GET campaigns?campaignType=All&from=dashboard: the campaign selector's names and ids (spec 3 §7). */
export function campaignOptionsQueryOptions(scope: { brandId: string; groupId: string } | null) {
  return queryOptions<Option[]>({
    queryKey: dashboardKeys.campaigns(scope),
    enabled: scope !== null,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      apiRequest<CampaignSelector>('campaigns', {
        query: {
          campaignType: 'All',
          from: 'dashboard',
          brandId: scope?.brandId || undefined,
          groupId: scope?.groupId || undefined,
        },
        signal,
      }).then((answer) => answer.campaigns.map((c) => ({ value: c.campaign_id, label: c.name }))),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignOptions(scope: { brandId: string; groupId: string } | null) {
  return useQuery(campaignOptionsQueryOptions(scope));
}
