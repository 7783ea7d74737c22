import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@krowd/domain/settings/settings.schema';
import { apiRequest } from './api-client.ts';

/** Product settings (timezone, idle timeout, …), loaded once per visit. */
export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: async ({ signal }) =>
    (await apiRequest<{ settings: PublicSettings }>('settings', { signal, sessionRequired: false })).settings,
  staleTime: Infinity,
});

export function useSettings() {
  return useQuery(settingsQuery);
}
