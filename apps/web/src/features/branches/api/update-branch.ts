import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchSaved } from '@krowd/domain/branch/branch-response.schema';
import type { BranchUpdate } from '@krowd/domain/branch/branch.schema';
import { apiRequest } from '@/lib/api-client';
import { branchesKey } from './keys.ts';

/** Edit a branch; the inline merchant-ID editor sends merchantIds alone. */
export function useUpdateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: BranchUpdate }) =>
      apiRequest<BranchSaved & { respMessage: string }>(`merchants/${id}`, { method: 'PUT', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}
