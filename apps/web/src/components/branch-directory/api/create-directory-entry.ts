import { useMutation } from '@tanstack/react-query';
import type { DirectoryBranches } from '@krowd/domain/branch/branch-response.schema';
import type { DirectoryCreateInput } from '@krowd/domain/branch/branch.schema';
import { apiRequest } from '@/lib/api-client';

/** A typed (new) name becomes a directory entry first; its kmid goes with the branch (spec 2 §4). */
export function useCreateDirectoryEntry() {
  return useMutation({
    mutationFn: (input: DirectoryCreateInput) =>
      apiRequest<DirectoryBranches>('branchDirectory', { method: 'POST', body: input }),
  });
}
