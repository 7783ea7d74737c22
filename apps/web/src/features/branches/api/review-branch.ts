import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { branchesKey } from './keys.ts';

/** Confirm merchant (users/approveMerchantId): approve or reject one branch with comments. */
export function useReviewBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { MId: string; status: 'Approved' | 'Rejected'; comments: string }) =>
      apiRequest<{ respMessage: string }>('users/approveMerchantId', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}
