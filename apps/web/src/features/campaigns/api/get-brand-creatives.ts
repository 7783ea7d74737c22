import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreativesPage } from '@krowd/domain/asset/asset-response.schema';
import { creativesPageSize } from '@krowd/domain/asset/asset.schema';
import { apiRequest } from '@/lib/api-client';
import { brandCreativesKey } from './keys.ts';

/** The brand's Media Library, for the template's image picker. */
export function brandCreativesQueryOptions(brandId: string | undefined, page: number, enabled: boolean) {
  return queryOptions({
    queryKey: brandCreativesKey(brandId, page),
    queryFn: ({ signal }) =>
      apiRequest<CreativesPage>('documents/creatives', {
        query: { page, limit: creativesPageSize, brandId },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBrandCreatives(brandId: string | undefined, page: number, enabled: boolean) {
  return useQuery(brandCreativesQueryOptions(brandId, page, enabled));
}
