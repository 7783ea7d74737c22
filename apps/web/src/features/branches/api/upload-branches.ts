import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BranchesUploaded } from '@krowd/domain/branch/branch-response.schema';
import type { UploadTracking } from '@/components/ui/upload-progress';
import { apiRequest } from '@/lib/api-client';
import { branchesKey } from './keys.ts';

/** A branches CSV, sent as its bytes so the server judges the file itself. */
export function useUploadBranches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ brandId, file, tracking }: { brandId: string; file: File; tracking?: UploadTracking }) =>
      apiRequest<BranchesUploaded & { respMessage: string }>('merchants/upload', {
        method: 'POST',
        query: { brandId, fileName: file.name },
        file: { contentType: 'text/csv', text: file },
        ...tracking,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey }),
  });
}
