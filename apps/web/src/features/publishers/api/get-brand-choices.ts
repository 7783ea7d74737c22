import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandOptions } from '@krowd/domain/brand/brand-response.schema';
import { apiRequest } from '@/lib/api-client';
import { brandChoicesKey } from './keys.ts';

/** GET brands/getBrandList: every brand (the system admin's scope), as choices. */
export function brandChoicesQueryOptions() {
  return queryOptions({
    queryKey: brandChoicesKey,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      apiRequest<BrandOptions>('brands/getBrandList', { signal }).then((answer) =>
        answer.brands.map((brand) => ({ value: brand.value, label: brand.label })),
      ),
  });
}

export function useBrandChoices() {
  return useQuery(brandChoicesQueryOptions());
}
