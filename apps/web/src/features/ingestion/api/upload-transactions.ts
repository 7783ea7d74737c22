import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ingestionLogsKey } from './get-ingestion-logs.ts';

export interface Publisher {
  _id: string;
  /** The code rows of a file name (ATR, Fidel, LUX, Amex). */
  name: string;
  displayName: string;
}

/** The answer to an upload: what was stored, and each refused row with its line. */
export interface UploadAnswer {
  respMessage: string;
  received: number;
  inserted: number;
  duplicates: number;
  unmatched: number;
  rejected: number;
  errors: { line: number; message: string }[];
}

/** A refused file's answer (400): the same counts and errors beside the message. */
export type UploadRefusal = Partial<UploadAnswer> & { errorMessage: string };

/** GET distributors: the publishers a file may come from. */
export function usePublishers() {
  return useQuery({
    queryKey: ['distributors', 'publishers'],
    queryFn: ({ signal }) =>
      apiRequest<{ distributors: Publisher[] }>('distributors', { signal }).then((r) => r.distributors),
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
