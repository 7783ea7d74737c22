import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandMerchants } from '@krowd/domain/branch/branch-response.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** GET merchants/getMerchantByBrandId: the branches of the chosen brand. */
export function branchOptionsQueryOptions(brandId: string | null) {
  return queryOptions({
    queryKey: dashboardKeys.branches(brandId),
    enabled: Boolean(brandId),
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<BrandMerchants>('merchants/getMerchantByBrandId', {
        query: { brandId: brandId ?? undefined },
        signal,
      }).then((answer) => answer.merchants.map((branch) => ({ value: branch._id, label: branch.name }))),
  });
}

export function useBranchOptions(brandId: string | null) {
  return useQuery(branchOptionsQueryOptions(brandId));
}
