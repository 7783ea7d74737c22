import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandInsightsAnswer } from '@krowd/domain/insights/insights-response.schema';
import { requestInsights } from '../insights-request.ts';
import { insightsKeys } from './keys.ts';

/** GET reviewsdata/getBrandInsights?filter=: brands with reviews whose name holds the search (public). */
export function brandsWithReviewsQueryOptions(search: string, enabled = true) {
  return queryOptions<BrandInsightsAnswer['brands']>({
    queryKey: insightsKeys.brands(search),
    enabled,
    queryFn: ({ signal }) =>
      requestInsights<BrandInsightsAnswer>(
        'reviewsdata/getBrandInsights',
        {},
        { filter: JSON.stringify(search ? { search, limit: 50 } : { limit: 50 }) },
        signal,
      ).then((answer) => answer.brands),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useBrandsWithReviews(search: string, enabled = true) {
  return useQuery(brandsWithReviewsQueryOptions(search, enabled));
}
