import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Distributors } from '@krowd/domain/distributor/distributor-response.schema';
import type { IngestRefusal, IngestResult } from '@krowd/domain/ingestion/ingestion-response.schema';
import { apiRequest } from '@/lib/api-client';
import { ingestionLogsKey } from './get-ingestion-logs.ts';

/** The answer to an upload: what was stored, and each refused row with its line. */
export type UploadAnswer = IngestResult & { respMessage: string };

/** A refused file's answer (400): the counts and errors it has beside the message. */
export type UploadRefusal = IngestRefusal & { errorMessage: string };

/** GET distributors: the publishers a file may come from. */
export function usePublishers() {
  return useQuery({
    queryKey: ['distributors', 'publishers'],
    queryFn: ({ signal }) => apiRequest<Distributors>('distributors', { signal }).then((r) => r.distributors),
  });
}

/**
 * POST ingestionLogs/upload: a publisher's transactions file from the console, sent as its bytes.
 * A refused file throws ApiError with the UploadRefusal as its payload.
 */
export function useUploadTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publisherId, file }: { publisherId: string; file: File }) =>
      apiRequest<UploadAnswer>('ingestionLogs/upload', {
        method: 'POST',
        query: { publisher: publisherId, fileName: file.name },
        file: { contentType: 'text/csv', text: file },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestionLogsKey }),
  });
}
