import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OverviewTrigger } from '@krowd/domain/overview/overview.schema';
import { apiRequest } from '@/lib/api-client';
import { overviewKey } from './keys.ts';

/** POST campaignoverview/create: queue the computation of a month range. */
export function useTriggerOverview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (range: OverviewTrigger) =>
      apiRequest<{ respMessage: string }>('campaignoverview/create', { method: 'POST', body: range }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overviewKey }),
  });
}
