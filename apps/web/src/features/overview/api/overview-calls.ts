import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OverviewDocsRefusal,
  OverviewDocsStored,
  OverviewList,
  OverviewRaw,
} from '@krowd/domain/overview/overview-response.schema';
import type { OverviewContent, OverviewTrigger } from '@krowd/domain/overview/overview.schema';
import { apiRequest } from '@/lib/api-client';
import type { UploadTracking } from '@/components/ui/upload-progress';

/** An upload's answer: what was stored from each file. */
export type DocsAnswer = OverviewDocsStored & { respMessage: string };

/** A refused upload (400): every error with its file and line. */
export type DocsRefusal = OverviewDocsRefusal & { errorMessage: string };

const overviewKey = ['campaignoverview'] as const;

export function useOverviewRaw(campaignId: string) {
  return useQuery({
    queryKey: [...overviewKey, 'raw', campaignId],
    queryFn: ({ signal }) =>
      apiRequest<OverviewRaw>('campaignoverview/raw', { query: { id: campaignId }, signal }),
  });
}

/** PUT campaignoverview/{id}: the edited figures, money in pence. */
export function useSaveOverview(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: OverviewContent) =>
      apiRequest<{ respMessage: string }>(`campaignoverview/${campaignId}`, {
        method: 'PUT',
        body: { ...content, campaign_id: campaignId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}

/** POST campaignoverview/create: queue the computation of a month range. */
export function useTriggerOverview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (range: OverviewTrigger) =>
      apiRequest<{ respMessage: string }>('campaignoverview/create', { method: 'POST', body: range }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}

/** POST campaignoverview/upload: the transactions and impressions files as one multipart form. */
export function useUploadDocs() {
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

/** GET campaignoverview/list: campaigns of a month range with their overview status. */
export function useOverviewList(range: OverviewTrigger | null) {
  return useQuery({
    queryKey: [...overviewKey, 'list', range],
    enabled: range !== null,
    // The create trigger's job runs within the queue's poll (15 s): the statuses follow.
    refetchInterval: 15_000,
    queryFn: ({ signal }) =>
      apiRequest<OverviewList>('campaignoverview/list', {
        query: range ?? undefined,
        signal,
      }).then((answer) => answer.campaigns),
  });
}
