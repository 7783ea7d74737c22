import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BranchRow,
  BranchWizardInput,
  DirectoryBranch,
  DirectoryCreateInput,
} from '@krowd/domain/branch/branch.schema';
import { effectiveSearch } from '@krowd/domain/list/list.schema';
import { useEntityList } from '@/components/ui/use-entity-list';
import { apiRequest } from '@/lib/api-client';

/** The Branches screen's key: the wizard's saves refresh that list too. */
const branchesKey = ['branches'] as const;

/** Most branches one page of the list holds (the paging contract's limit). */
export const wizardBranchLimit = 100;

/** GET merchants: the brand's branches, listed in the wizard's table (spec 2 §2.3 wizard mode). */
export function useBrandBranches(brandId: string) {
  return useEntityList<BranchRow>([...branchesKey, 'wizard'], 'merchants', {
    page: 1,
    limit: wizardBranchLimit,
    search: '',
    brandId,
  });
}

/**
 * Venues of the branch directory whose name holds the text, once 3 characters are typed (spec 2
 * §4). The same call and cache key as the Branches screen's Add New.
 */
export function useDirectorySearch(text: string) {
  const search = effectiveSearch(text);
  return useQuery({
    queryKey: ['branchDirectory', search],
    queryFn: ({ signal }) =>
      apiRequest<{ data: DirectoryBranch[] }>('branchDirectory', { query: { search }, signal }),
    enabled: search !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A typed (new) name becomes a directory entry first; its kmid goes with the branch (spec 2 §4). */
export function useCreateDirectoryEntry() {
  return useMutation({
    mutationFn: (input: DirectoryCreateInput) =>
      apiRequest<{ data: DirectoryBranch[] }>('branchDirectory', { method: 'POST', body: input }),
  });
}

interface CreateMultipleAnswer {
  respMessage: string;
  details: { branch: { updateOne: { filter: { _id: string } } }[] };
}

/**
 * POST merchants/createMultiple: the wizard's rows, new ones added and those with an _id updated,
 * in one transaction. Answers the branches' ids in the order sent.
 */
export function useSaveWizardBranches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rows: BranchWizardInput[]) => {
      const answer = await apiRequest<CreateMultipleAnswer>('merchants/createMultiple', {
        method: 'POST',
        body: rows,
      });
      return answer.details.branch.map((entry) => entry.updateOne.filter._id);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}
