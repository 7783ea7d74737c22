import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  BranchDetailsAnswer,
  BrandInsightsAnswer,
  FactorsAnswer,
  InsightsLoginAnswer,
  SimilarityAnswer,
  TrendsAnswer,
} from '@krowd/domain/insights/insights-response.schema';
import type { InsightsLogin, InsightsSignup } from '@krowd/domain/insights/insights-visitors.schema';
import type { InsightAspect } from '@krowd/domain/insights/insights.schema';
import { messages } from '@krowd/domain/messages/messages';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { DateWindow } from '../components/date-range.ts';
import { insightsPassStore } from './insights-pass.ts';

/**
 * Who is asking: a signed-in user (the session cookie does it) or a visitor with an insights pass
 * (sent as X-Insights-Pass). The pass is part of every query key, so a new pass asks again.
 */
export interface InsightsCaller {
  pass?: string;
}

/**
 * Spec 3 §4: 'Views update only when respCode is present'. An answer without it is treated as a
 * failure, so TanStack Query keeps the figures already on screen instead of drawing nothing.
 */
export async function withRespCode<T>(answer: Promise<T>): Promise<T> {
  const value = await answer;
  if (typeof (value as { respCode?: unknown } | undefined)?.respCode !== 'number') {
    throw new ApiError(0, messages.common.somethingWentWrong);
  }
  return value;
}

/**
 * The last answer a view was drawn from: a failed or respCode-less answer leaves the view as it was
 * (the failure is shown beside it), rather than emptying it.
 */
export function useLastAnswer<T>(data: T | undefined): T | undefined {
  const [last, setLast] = useState(data);
  if (data !== undefined && data !== last) setLast(data);
  return data ?? last;
}

function get<T>(
  path: string,
  caller: InsightsCaller,
  query: Record<string, string | undefined>,
  signal: AbortSignal,
) {
  // A visitor's refused pass is not a session that ended: the pass is forgotten and the page asks
  // them to log in again.
  return withRespCode(
    apiRequest<T>(path, {
      query,
      signal,
      insightsPass: caller.pass,
      sessionRequired: caller.pass === undefined,
    }),
  ).catch((error: unknown) => {
    if (caller.pass && error instanceof ApiError && error.status === 401) insightsPassStore.refuse();
    throw error;
  });
}

/** The selection every figure is asked for: brand, branch ('' = all) and the date window. */
export interface InsightsSelection {
  brandId: string;
  kmid: string;
  window: DateWindow;
}

const datePayloadOf = (window: DateWindow) => JSON.stringify({ $gt: window.$gt, $lt: window.$lt });

export const insightsKeys = {
  all: ['insights'] as const,
  branches: (caller: InsightsCaller, brandId: string) =>
    ['insights', 'branches', caller.pass, brandId] as const,
  factors: (caller: InsightsCaller, selection: InsightsSelection) =>
    ['insights', 'factors', caller.pass, selection] as const,
  trends: (
    caller: InsightsCaller,
    selection: InsightsSelection,
    trendFlag: InsightAspect,
    entityId: string,
  ) => ['insights', 'trends', caller.pass, selection, trendFlag, entityId] as const,
  similarity: (caller: InsightsCaller, query: SimilarityParams) =>
    ['insights', 'similarity', caller.pass, query] as const,
  brands: (search: string) => ['insights', 'brands', search] as const,
};

/** GET reviewsdata/branchdetails: the brand's branches (the pickers) and competitors' branches (Trends). */
export function useInsightBranches(caller: InsightsCaller, brandId: string | null) {
  return useQuery({
    queryKey: insightsKeys.branches(caller, brandId ?? ''),
    enabled: Boolean(brandId),
    queryFn: ({ signal }) =>
      get<BranchDetailsAnswer>('reviewsdata/branchdetails', caller, { brandId: brandId ?? '' }, signal).then(
        (answer) => answer.data,
      ),
    staleTime: 60_000,
  });
}

/** GET reviewsdata/factorsAffectingars: the summary cards and the sentiment bars. */
export function useFactors(caller: InsightsCaller, selection: InsightsSelection | null) {
  return useQuery<FactorsAnswer['response']>({
    queryKey: insightsKeys.factors(caller, selection ?? ({} as InsightsSelection)),
    enabled: selection !== null,
    queryFn: ({ signal }) =>
      get<FactorsAnswer>(
        'reviewsdata/factorsAffectingars',
        caller,
        { brandId: selection!.brandId, datePayload: datePayloadOf(selection!.window), kmid: selection!.kmid },
        signal,
      ).then((answer) => answer.response),
    placeholderData: keepPreviousData,
  });
}

/** GET reviewsdata: the Trends tab's Aggregate Score (brand vs competitor) and Net Positive Reviews lines. */
export function useTrends(
  caller: InsightsCaller,
  selection: InsightsSelection | null,
  trendFlag: InsightAspect,
  entityId: string,
) {
  return useQuery<TrendsAnswer>({
    queryKey: insightsKeys.trends(caller, selection ?? ({} as InsightsSelection), trendFlag, entityId),
    enabled: selection !== null,
    queryFn: ({ signal }) =>
      get<TrendsAnswer>(
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

/** The similarity call's query: yyyy-MM-dd days in the timezone setting, both inclusive. */
export interface SimilarityParams {
  fromdate: string;
  todate: string;
  entityId: string;
  kmid: string;
}

/** GET reviewsdata/similarity: the Most Similar Brands radar and the four aspect radars. */
export function useSimilarity(caller: InsightsCaller, params: SimilarityParams | null) {
  return useQuery<SimilarityAnswer>({
    queryKey: insightsKeys.similarity(caller, params ?? ({} as SimilarityParams)),
    enabled: params !== null,
    queryFn: ({ signal }) => get<SimilarityAnswer>('reviewsdata/similarity', caller, { ...params! }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET reviewsdata/getBrandInsights?filter=: brands with reviews whose name holds the search (public). */
export function useBrandsWithReviews(search: string, enabled = true) {
  return useQuery<BrandInsightsAnswer['brands']>({
    queryKey: insightsKeys.brands(search),
    enabled,
    queryFn: ({ signal }) =>
      get<BrandInsightsAnswer>(
        'reviewsdata/getBrandInsights',
        {},
        { filter: JSON.stringify(search ? { search, limit: 50 } : { limit: 50 }) },
        signal,
      ).then((answer) => answer.brands),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** POST insights/savebrandDetails: the insights login; answers the pass. */
export function useInsightsLogin() {
  return useMutation({
    mutationFn: (values: InsightsLogin) =>
      withRespCode(
        apiRequest<InsightsLoginAnswer>('insights/savebrandDetails', {
          method: 'POST',
          body: values,
          sessionRequired: false,
        }),
      ).then((answer) => answer.data),
  });
}

/** POST insights/logout: ends the visitor's pass on the server. */
export function useInsightsLogout() {
  return useMutation({
    mutationFn: (pass: string) =>
      apiRequest<unknown>('insights/logout', { method: 'POST', insightsPass: pass, sessionRequired: false }),
  });
}

/**
 * POST insights/updatebrandDetails/{id}: the Sign Up dialog's details, with the visitor's pass. It
 * answers 205, a status whose body a browser never hands over, so the 2xx itself is the success.
 */
export function useInsightsSignup(caller: { id: string; pass: string }) {
  return useMutation({
    mutationFn: (values: InsightsSignup) =>
      apiRequest<unknown>(`insights/updatebrandDetails/${encodeURIComponent(caller.id)}`, {
        method: 'POST',
        body: values,
        insightsPass: caller.pass,
        sessionRequired: false,
      }),
  });
}
