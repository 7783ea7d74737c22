import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SimilarityAnswer } from '@krowd/domain/insights/insights-response.schema';
import { requestInsights, type InsightsCaller, type SimilarityParams } from '../insights-request.ts';
import { insightsKeys } from './keys.ts';

/** GET reviewsdata/similarity: the Most Similar Brands radar and the four aspect radars. */
export function similarityQueryOptions(caller: InsightsCaller, params: SimilarityParams | null) {
  return queryOptions<SimilarityAnswer>({
    queryKey: insightsKeys.similarity(caller, params ?? ({} as SimilarityParams)),
    enabled: params !== null,
    queryFn: ({ signal }) =>
      requestInsights<SimilarityAnswer>('reviewsdata/similarity', caller, { ...params! }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSimilarity(caller: InsightsCaller, params: SimilarityParams | null) {
  return useQuery(similarityQueryOptions(caller, params));
}
