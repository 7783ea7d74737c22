import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

interface Message {
  respCode: number;
  respMessage?: string;
}

/** POST campaigns/campaignStartPause/{id}: adds, edits or deletes a pause of the campaign. */
export function usePauseCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    /** An edit names the range it changes (`range`) and its new dates (`newRange`). */
    mutationFn: (input: {
      id: string;
      action: 'add' | 'delete' | 'edit';
      range: string;
      newRange?: string;
      brandName: string;
    }) =>
      apiRequest<Message>(`campaigns/campaignStartPause/${input.id}`, {
        method: 'POST',
        body: {
          action: input.action,
          range: [input.range],
          newAddedDate: input.newRange ?? input.range,
          brandName: input.brandName,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
