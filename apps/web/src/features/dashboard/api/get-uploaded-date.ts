import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UploadedDate } from '@krowd/domain/ingestion/ingestion-response.schema';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys.ts';

/** POST ingestionLogs/getUploadedDate: when each publisher last sent transactions (spec 3 §7). */
export function uploadedDateQueryOptions(
  body: { data_source: string; groupId: string; brandId: string },
  enabled: boolean,
) {
  return queryOptions({
    queryKey: dashboardKeys.uploadedDate(body),
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<UploadedDate>('ingestionLogs/getUploadedDate', {
        method: 'POST',
        body: {
          data_source: body.data_source || 'All',
          groupId: body.groupId || undefined,
          brandId: body.brandId || undefined,
        },
        signal,
      }),
  });
}

export function useUploadedDate(
  body: { data_source: string; groupId: string; brandId: string },
  enabled: boolean,
) {
  return useQuery(uploadedDateQueryOptions(body, enabled));
}
