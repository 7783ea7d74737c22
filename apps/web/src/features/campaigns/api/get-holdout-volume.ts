import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HoldoutVolume } from '@krowd/domain/incrementality/incrementality.schema';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

/** GET campaigns/holdoutVolume?brandId=: the brand's cards of last month, for the detectable lift. */
export function holdoutVolumeQueryOptions(brandId: string | undefined) {
  return queryOptions({
    queryKey: campaignKeys.holdoutVolume(brandId),
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      apiRequest<HoldoutVolume>('campaigns/holdoutVolume', { query: { brandId }, signal }),
  });
}

export function useHoldoutVolume(brandId: string | undefined) {
  return useQuery(holdoutVolumeQueryOptions(brandId));
}
