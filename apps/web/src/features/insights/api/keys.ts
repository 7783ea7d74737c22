import type { InsightAspect } from '@krowd/domain/insights/insights.schema';
import type { InsightsCaller, InsightsSelection, SimilarityParams } from '../insights-request.ts';

/** The insights feature's query keys: the caller's pass is part of each, so a new pass asks again. */
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
