import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IngestRefusal, IngestResult } from '@krowd/domain/ingestion/ingestion-response.schema';
import { apiRequest } from '@/lib/api-client';
import type { UploadTracking } from '@/components/ui/upload-progress';
import { ingestionLogsKey } from './keys.ts';

/** The answer to an upload: what was stored, and each refused row with its line. */
export type UploadAnswer = IngestResult & { respMessage: string };

/** A refused file's answer (400): the counts and errors it has beside the message. */
export type UploadRefusal = IngestRefusal & { errorMessage: string };

/**
 * POST ingestionLogs/upload: a publisher's transactions file from the console, sent as its bytes.
 * A refused file throws ApiError with the UploadRefusal as its payload.
 */
export function useUploadTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      publisherId,
      file,
      tracking,
    }: {
      publisherId: string;
      file: File;
      tracking?: UploadTracking;
    }) =>
      apiRequest<UploadAnswer>('ingestionLogs/upload', {
        method: 'POST',
        query: { publisher: publisherId, fileName: file.name },
        file: { contentType: 'text/csv', text: file },
        // Bytes sent, then the server's rows read and qualified as its pages are stored.
        ...tracking,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestionLogsKey }),
  });
}
