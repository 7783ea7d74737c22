import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryBranches } from '@krowd/domain/branch/branch-response.schema';
import { effectiveSearch } from '@krowd/domain/list/list.schema';
import { apiRequest } from '@/lib/api-client';
import { directorySearchKey } from './keys.ts';

/**
 * Venues of the branch directory whose name holds the text, once 3 characters are typed (spec 2
 * §4). One call and one cache key for the Branches screen's Add New and the onboarding wizard.
 */
export function directorySearchQueryOptions(text: string) {
  const search = effectiveSearch(text);
  return queryOptions({
    queryKey: directorySearchKey(search),
    queryFn: ({ signal }) => apiRequest<DirectoryBranches>('branchDirectory', { query: { search }, signal }),
    enabled: search !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useDirectorySearch(text: string) {
  return useQuery(directorySearchQueryOptions(text));
}
