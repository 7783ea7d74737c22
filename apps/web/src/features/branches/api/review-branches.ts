import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkBranchAction } from '@krowd/domain/branch/branch.schema';
import { apiRequest } from '@/lib/api-client';
import { branchesKey } from './keys.ts';

/** The multi action: approve or reject (multiApprove), or delete (multiRemove), the ticked rows. */
export function useReviewBranches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { selectedIds: string[]; action: BulkBranchAction; comments?: string }) =>
      apiRequest<{ respMessage: string }>(
        input.action === 'DELETE' ? 'merchants/multiRemove' : 'merchants/multiApprove',
        { method: 'POST', body: input },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}
