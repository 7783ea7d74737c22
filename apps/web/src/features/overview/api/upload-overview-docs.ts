import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  OverviewDocsRefusal,
  OverviewDocsStored,
} from '@krowd/domain/overview/overview-response.schema';
import type { OverviewTrigger } from '@krowd/domain/overview/overview.schema';
import { apiRequest } from '@/lib/api-client';
import type { UploadTracking } from '@/components/ui/upload-progress';
import { overviewKey } from './keys.ts';

/** An upload's answer: what was stored from each file. */
export type DocsAnswer = OverviewDocsStored & { respMessage: string };

/** A refused upload (400): every error with its file and line. */
export type DocsRefusal = OverviewDocsRefusal & { errorMessage: string };

/** POST campaignoverview/upload: the transactions and impressions files as one multipart form. */
export function useUploadOverviewDocs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      transactions,
      impressions,
      range,
      tracking,
    }: {
      transactions: File;
      impressions: File;
      range?: OverviewTrigger;
      tracking?: UploadTracking;
    }) => {
      const form = new FormData();
      if (range) {
        form.append('start_date', range.start_date);
        form.append('end_date', range.end_date);
      }
      form.append('transactions', transactions);
      form.append('impressions', impressions);
      return apiRequest<DocsAnswer>('campaignoverview/upload', { method: 'POST', form, ...tracking });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}
