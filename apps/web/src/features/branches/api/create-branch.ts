import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchSaved } from '@krowd/domain/branch/branch-response.schema';
import type { BranchCreate } from '@krowd/domain/branch/branch.schema';
import { apiRequest } from '@/lib/api-client';
import { branchesKey } from './keys.ts';

/** POST merchants: a new branch of the brand. */
export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BranchCreate) =>
      apiRequest<BranchSaved & { respMessage: string }>('merchants', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}
