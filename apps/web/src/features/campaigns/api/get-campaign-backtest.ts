import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BacktestAnswer,
  BacktestRequestInput,
  BacktestResult,
} from '@krowd/domain/backtest/backtest.schema';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

/**
 * POST campaigns/backtest (docs/decisions/0131): the draft's rules over the brand's own
 * transactions of last month. A query, not a mutation: it writes nothing, so a draft seen before
 * answers from the cache, and the figures of the last draft stay on screen while the next is
 * replayed. Null while the draft is incomplete: nothing is asked.
 */
export function campaignBacktestQueryOptions(draft: BacktestRequestInput | null) {
  return queryOptions<BacktestResult, Error, BacktestResult, ReturnType<typeof campaignKeys.backtest>>({
    queryKey: campaignKeys.backtest(draft),
    queryFn: ({ signal }) =>
      apiRequest<BacktestAnswer>('campaigns/backtest', { method: 'POST', body: draft, signal }).then(
        (answer) => answer.result,
      ),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useCampaignBacktest(draft: BacktestRequestInput | null) {
  return useQuery(campaignBacktestQueryOptions(draft));
}
