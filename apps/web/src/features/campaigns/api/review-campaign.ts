import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

interface Message {
  respCode: number;
  respMessage?: string;
}

/** POST campaigns/templateConfirmation/{id}: the campaign's template confirmed or rejected. */
export function useReviewCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'confirm' | 'reject' }) =>
      apiRequest<Message>(`campaigns/templateConfirmation/${input.id}`, {
        method: 'POST',
        body: { action: input.action },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
