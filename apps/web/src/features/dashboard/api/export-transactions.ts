import { useMutation } from '@tanstack/react-query';
import type { DashboardExportAnswer } from '@krowd/domain/dashboard/export.schema';
import { apiRequest } from '@/lib/api-client';
import { type DashboardConditions } from './get-dashboard.ts';

/**
 * POST dashboard/export: the filtered transactions mailed to the caller as a CSV link (spec 3 §7,
 * POST /export); with `includeNotQualified`, also those that did not qualify, with their reason
 * (docs/decisions/0130). Without it the body is the spec's, as before.
 */
export function useExportTransactions() {
  return useMutation({
    mutationFn: ({
      conditions,
      includeNotQualified = false,
    }: {
      conditions: DashboardConditions;
      includeNotQualified?: boolean;
    }) =>
      apiRequest<DashboardExportAnswer>('dashboard/export', {
        method: 'POST',
        body: includeNotQualified ? { conditions, include_not_qualified: true } : { conditions },
      }),
  });
}
