import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { DirectoryBranches } from '@krowd/domain/branch/branch-response.schema';
import type { DirectoryCreateInput } from '@krowd/domain/branch/branch.schema';
import { effectiveSearch } from '@krowd/domain/list/list.schema';
import { apiRequest } from '@/lib/api-client';

/**
 * Venues of the branch directory whose name holds the text, once 3 characters are typed (spec 2
 * §4). One call and one cache key for the Branches screen's Add New and the onboarding wizard.
 */
export function useDirectorySearch(text: string) {
  const search = effectiveSearch(text);
  return useQuery({
    queryKey: ['branchDirectory', search],
    queryFn: ({ signal }) => apiRequest<DirectoryBranches>('branchDirectory', { query: { search }, signal }),
    enabled: search !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A typed (new) name becomes a directory entry first; its kmid goes with the branch (spec 2 §4). */
export function useCreateDirectoryEntry() {
  return useMutation({
    mutationFn: (input: DirectoryCreateInput) =>
      apiRequest<DirectoryBranches>('branchDirectory', { method: 'POST', body: input }),
  });
}
