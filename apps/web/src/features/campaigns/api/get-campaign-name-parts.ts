import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignNameParts } from '@krowd/domain/campaign/campaign-response.schema';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

/** GET campaigns/campaignName?brandId=: the parts a new campaign's name is built from. */
export function campaignNamePartsQueryOptions(brandId: string | undefined) {
  return queryOptions({
    queryKey: campaignKeys.nameParts(brandId),
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      apiRequest<CampaignNameParts>('campaigns/campaignName', {
        query: { brandId },
        signal,
      }),
  });
}

export function useCampaignNameParts(brandId: string | undefined) {
  return useQuery(campaignNamePartsQueryOptions(brandId));
}
