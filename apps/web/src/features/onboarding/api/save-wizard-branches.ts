import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchesSaved } from '@krowd/domain/branch/branch-response.schema';
import type { BranchWizardInput } from '@krowd/domain/branch/branch.schema';
import { apiRequest } from '@/lib/api-client';
import { branchesKey } from './keys.ts';

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
