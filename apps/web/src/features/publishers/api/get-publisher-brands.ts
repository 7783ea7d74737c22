import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublisherBrand } from '@krowd/domain/publisher/publisher-response.schema';
import { apiRequest } from '@/lib/api-client';
import { publisherBrandsKey } from './keys.ts';

/** GET publishers/{id}/brands: the brands in the publisher's offers feed. */
export function publisherBrandsQueryOptions(publisherId: string) {
  return queryOptions({
    queryKey: publisherBrandsKey(publisherId),
    queryFn: ({ signal }) =>
      apiRequest<{ brands: PublisherBrand[] }>(`publishers/${publisherId}/brands`, { signal }).then(
        (answer) => answer.brands,
      ),
  });
}

export function usePublisherBrands(publisherId: string) {
  return useQuery(publisherBrandsQueryOptions(publisherId));
}
