import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsAnswer } from '@krowd/domain/settings/settings-response.schema';
import type { SettingsUpdate } from '@krowd/domain/settings/settings.schema';
import { apiRequest } from '@/lib/api-client';
import { settingsQuery } from '@/lib/settings';

/** PUT settings (the system admin): the stored settings changed; every screen reads the new ones. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SettingsUpdate) =>
      apiRequest<SettingsAnswer & { respMessage: string }>('settings', { method: 'PUT', body: input }),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsQuery.queryKey, answer.settings);
    },
  });
}
