import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsAnswer } from '@krowd/domain/settings/settings-response.schema';
import { apiRequest } from './api-client.ts';

/** Product settings (timezone, idle timeout, …), loaded once per visit. */
export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: async ({ signal }) =>
    (await apiRequest<SettingsAnswer>('settings', { signal, sessionRequired: false })).settings,
  staleTime: Infinity,
});

export function useSettings() {
  return useQuery(settingsQuery);
}
