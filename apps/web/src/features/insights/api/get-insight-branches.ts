import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BranchDetailsAnswer } from '@krowd/domain/insights/insights-response.schema';
import { requestInsights, type InsightsCaller } from '../insights-request.ts';
import { insightsKeys } from './keys.ts';

/** GET reviewsdata/branchdetails: the brand's branches (the pickers) and competitors' branches (Trends). */
export function insightBranchesQueryOptions(caller: InsightsCaller, brandId: string | null) {
  return queryOptions({
    queryKey: insightsKeys.branches(caller, brandId ?? ''),
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      requestInsights<BranchDetailsAnswer>(
        'reviewsdata/branchdetails',
        caller,
        { brandId: brandId ?? '' },
        signal,
      ).then((answer) => answer.data),
    staleTime: 60_000,
  });
}

export function useInsightBranches(caller: InsightsCaller, brandId: string | null) {
  return useQuery(insightBranchesQueryOptions(caller, brandId));
}
