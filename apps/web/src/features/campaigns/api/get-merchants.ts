import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandMerchants } from '@krowd/domain/branch/branch-response.schema';
import { apiRequest } from '@/lib/api-client';
import { brandMerchantsKey } from './keys.ts';

/** GET merchants/getMerchantByBrandId: the brand's branches. */
export function merchantsQueryOptions(brandId: string | undefined) {
  return queryOptions({
    queryKey: brandMerchantsKey(brandId),
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      apiRequest<BrandMerchants>('merchants/getMerchantByBrandId', {
        query: { brandId },
        signal,
      }).then((r) => r.merchants),
  });
}

export function useMerchants(brandId: string | undefined) {
  return useQuery(merchantsQueryOptions(brandId));
}
