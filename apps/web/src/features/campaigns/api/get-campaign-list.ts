import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignPhase } from '@krowd/domain/campaign/campaign-dates.rules';
import type { CampaignListPage } from '@krowd/domain/campaign/campaign-response.schema';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

export interface CampaignListParams {
  phase: CampaignPhase;
  page: number;
  limit: number;
  sortfield: string;
  direction: 'asc' | 'desc';
  search: string;
  startMonth?: string;
  endMonth?: string;
}

/** GET campaigns?campaignType=&filter=: a page of the campaigns of a phase. */
export function campaignListQueryOptions(params: CampaignListParams) {
  return queryOptions({
    queryKey: campaignKeys.list(params),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<CampaignListPage>('campaigns', {
        signal,
        query: {
          campaignType: params.phase,
          filter: JSON.stringify({
            limit: params.limit,
            page: params.page,
            sortfield: params.sortfield,
            direction: params.direction,
            globalSearch: params.search,
          }),
          startMonth: params.startMonth,
          endMonth: params.endMonth,
        },
      }),
  });
}

export function useCampaignList(params: CampaignListParams) {
  return useQuery(campaignListQueryOptions(params));
}
