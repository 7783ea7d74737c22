import { useMutation } from '@tanstack/react-query';
import type { Redirecting } from '@krowd/domain/public/public-response.schema';
import { apiRequest } from '@/lib/api-client';

/** The branch page's multipart submit: branchList as JSON text, the page id, comments and the file. */
export function useSubmitBranches() {
  return useMutation({
    mutationFn: ({
      id,
      branchList,
      comments,
      excelFile,
    }: {
      id: string;
      branchList: unknown[];
      comments: string;
      excelFile: File | null;
    }) => {
      const form = new FormData();
      form.set('branchList', JSON.stringify(branchList));
      form.set('id', id);
      form.set('comments', comments);
      if (excelFile) form.set('excelFile', excelFile);
      return apiRequest<Redirecting>('auth/notifyAdminForAmexBranch', {
        method: 'POST',
        form,
        sessionRequired: false,
      });
    },
  });
}
