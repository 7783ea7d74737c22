import { messages } from '@krowd/domain/messages/messages';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { DateWindow } from './components/date-range.ts';
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

/** A reviewsdata GET as the caller: the pass sent when there is one, the answer held to its respCode. */
export function requestInsights<T>(
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

export const datePayloadOf = (window: DateWindow) => JSON.stringify({ $gt: window.$gt, $lt: window.$lt });

/** The similarity call's query: yyyy-MM-dd days in the timezone setting, both inclusive. */
export interface SimilarityParams {
  fromdate: string;
  todate: string;
  entityId: string;
  kmid: string;
}
