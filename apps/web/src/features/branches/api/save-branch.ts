import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchSaved } from '@krowd/domain/branch/branch-response.schema';
import type { BranchCreate, BranchUpdate } from '@krowd/domain/branch/branch.schema';
import { apiRequest } from '@/lib/api-client';
import { branchesKey } from './get-branches.ts';

type BranchAnswer = BranchSaved & { respMessage: string };

export function useAddBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BranchCreate) =>
      apiRequest<BranchAnswer>('merchants', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}

/** Edit a branch; the inline merchant-ID editor sends merchantIds alone. */
export function useUpdateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: BranchUpdate }) =>
      apiRequest<BranchAnswer>(`merchants/${id}`, { method: 'PUT', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}

export function useDeleteBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ respMessage: string }>(`merchants/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}
