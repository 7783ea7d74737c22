import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandOptions } from '@krowd/domain/brand/brand-response.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** GET groupBrand/getBrandGroupWise/{groupId}: the brands of one group. */
export function groupBrandsQueryOptions(groupId: string | null) {
  return queryOptions({
    queryKey: dashboardKeys.groupBrands(groupId),
    enabled: Boolean(groupId),
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<BrandOptions>(`groupBrand/getBrandGroupWise/${groupId}`, { signal }).then((answer) =>
        answer.brands.map((brand) => ({ value: brand.value, label: brand.label })),
      ),
  });
}

export function useGroupBrands(groupId: string | null) {
  return useQuery(groupBrandsQueryOptions(groupId));
}
