import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchRow, BranchesSaved } from '@krowd/domain/branch/branch-response.schema';
import type { BranchWizardInput } from '@krowd/domain/branch/branch.schema';
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
 * POST merchants/createMultiple: the wizard's rows, new ones added and those with an _id updated,
 * in one transaction. Answers the branches' ids in the order sent.
 */
export function useSaveWizardBranches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rows: BranchWizardInput[]) => {
      const answer = await apiRequest<BranchesSaved>('merchants/createMultiple', {
        method: 'POST',
        body: rows,
      });
      return answer.details.branch.map((entry) => entry.updateOne.filter._id);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}
