import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BranchPage } from '@krowd/domain/public/public-response.schema';
import { apiRequest } from '@/lib/api-client';
import { branchPageKey } from './keys.ts';

/** The restaurant a branch page is for; an unknown or expired id answers the page's error. */
export function branchPageQueryOptions(id: string) {
  return queryOptions({
    queryKey: branchPageKey(id),
    queryFn: ({ signal }) =>
      apiRequest<BranchPage>(`auth/getAmexBranchPage/${encodeURIComponent(id)}`, {
        signal,
        sessionRequired: false,
      }),
    retry: false,
  });
}

export function useBranchPage(id: string) {
  return useQuery(branchPageQueryOptions(id));
}
