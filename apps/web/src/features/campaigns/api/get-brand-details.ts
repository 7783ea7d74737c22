import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandDetailsAnswer } from '@krowd/domain/brand/brand-response.schema';
import { apiRequest } from '@/lib/api-client';
import { brandDetailsKey } from './keys.ts';

/** GET brands/{id}: the brand's details, for the campaign form. */
export function brandDetailsQueryOptions(brandId: string | undefined) {
  return queryOptions({
    queryKey: brandDetailsKey(brandId),
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      apiRequest<BrandDetailsAnswer>(`brands/${brandId}`, {
        signal,
      }).then((r) => r.details),
  });
}

export function useBrandDetails(brandId: string | undefined) {
  return useQuery(brandDetailsQueryOptions(brandId));
}
