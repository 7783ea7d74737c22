import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectDebitSettingsAnswer } from '@krowd/domain/payment/payment-response.schema';
import { apiRequest } from '@/lib/api-client';
import { paymentsKey } from './keys.ts';

/** GET settings/getGoCardLessData: which provider runs, whether it is test mode, the auto-debit setting. */
export function directDebitSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...paymentsKey, 'settings'],
    queryFn: async ({ signal }) =>
      (await apiRequest<DirectDebitSettingsAnswer>('settings/getGoCardLessData', { signal })).details,
    staleTime: Infinity,
  });
}

export function useDirectDebitSettings() {
  return useQuery(directDebitSettingsQueryOptions());
}
