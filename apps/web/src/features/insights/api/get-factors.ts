import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FactorsAnswer } from '@krowd/domain/insights/insights-response.schema';
import {
  requestInsights,
  datePayloadOf,
  type InsightsCaller,
  type InsightsSelection,
} from '../insights-request.ts';
import { insightsKeys } from './keys.ts';

/** GET reviewsdata/factorsAffectingars: the summary cards and the sentiment bars. */
export function factorsQueryOptions(caller: InsightsCaller, selection: InsightsSelection | null) {
  return queryOptions<FactorsAnswer['response']>({
    queryKey: insightsKeys.factors(caller, selection ?? ({} as InsightsSelection)),
    enabled: selection !== null,
    queryFn: ({ signal }) =>
      requestInsights<FactorsAnswer>(
        'reviewsdata/factorsAffectingars',
        caller,
        { brandId: selection!.brandId, datePayload: datePayloadOf(selection!.window), kmid: selection!.kmid },
        signal,
      ).then((answer) => answer.response),
    placeholderData: keepPreviousData,
  });
}

export function useFactors(caller: InsightsCaller, selection: InsightsSelection | null) {
  return useQuery(factorsQueryOptions(caller, selection));
}
