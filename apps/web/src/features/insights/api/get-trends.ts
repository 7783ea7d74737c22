import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrendsAnswer } from '@krowd/domain/insights/insights-response.schema';
import type { InsightAspect } from '@krowd/domain/insights/insights.schema';
import {
  requestInsights,
  datePayloadOf,
  type InsightsCaller,
  type InsightsSelection,
} from '../insights-request.ts';
import { insightsKeys } from './keys.ts';

/** GET reviewsdata: the Trends tab's Aggregate Score (brand vs competitor) and Net Positive Reviews lines. */
export function trendsQueryOptions(
  caller: InsightsCaller,
  selection: InsightsSelection | null,
  trendFlag: InsightAspect,
  entityId: string,
) {
  return queryOptions<TrendsAnswer>({
    queryKey: insightsKeys.trends(caller, selection ?? ({} as InsightsSelection), trendFlag, entityId),
    enabled: selection !== null,
    queryFn: ({ signal }) =>
      requestInsights<TrendsAnswer>(
        'reviewsdata',
        caller,
        {
          brandId: selection!.brandId,
          datePayload: datePayloadOf(selection!.window),
          trendFlag,
          kmid: selection!.kmid,
          entityId,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTrends(
  caller: InsightsCaller,
  selection: InsightsSelection | null,
  trendFlag: InsightAspect,
  entityId: string,
) {
  return useQuery(trendsQueryOptions(caller, selection, trendFlag, entityId));
}
