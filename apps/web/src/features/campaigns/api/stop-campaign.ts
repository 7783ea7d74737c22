import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys.ts';

interface Message {
  respCode: number;
  respMessage?: string;
}

/** Stops a running monthly campaign's series from next month on (POST campaigns/{id}/stop). */
export function useStopCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Message>(`campaigns/${id}/stop`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
