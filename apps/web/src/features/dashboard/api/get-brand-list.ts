import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandOptions } from '@krowd/domain/brand/brand-response.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** GET brands/getBrandList: every brand in the caller's scope (spec 3 §7, client admin). */
export function brandListQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: dashboardKeys.brandList,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<BrandOptions>('brands/getBrandList', { signal }).then((answer) =>
        answer.brands.map((brand) => ({ value: brand.value, label: brand.label })),
      ),
  });
}

export function useBrandList(enabled: boolean) {
  return useQuery(brandListQueryOptions(enabled));
}
