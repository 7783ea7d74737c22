import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OverviewContent } from '@krowd/domain/overview/overview.schema';
import { apiRequest } from '@/lib/api-client';
import { overviewKey } from './keys.ts';

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
