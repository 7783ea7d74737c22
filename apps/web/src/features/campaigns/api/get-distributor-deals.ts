import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Distributors } from '@krowd/domain/distributor/distributor-response.schema';
import { apiRequest } from '@/lib/api-client';
import { distributorDealsKey } from './keys.ts';

/** GET distributors?brandId=: the publishers' deals set with the brand. */
export function distributorDealsQueryOptions(brandId: string | undefined) {
  return queryOptions({
    queryKey: distributorDealsKey(brandId),
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      apiRequest<Distributors>('distributors', {
        query: { brandId },
        signal,
      }).then((r) => r.distributorDealSetWithBrand),
  });
}

export function useDistributorDeals(brandId: string | undefined) {
  return useQuery(distributorDealsQueryOptions(brandId));
}
