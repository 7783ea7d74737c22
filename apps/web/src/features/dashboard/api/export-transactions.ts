import { useMutation } from '@tanstack/react-query';
import type { DashboardExportAnswer } from '@krowd/domain/dashboard/export.schema';
import { apiRequest } from '@/lib/api-client';
import { type DashboardConditions } from './get-dashboard.ts';

/** POST dashboard/export: the filtered transactions mailed to the caller as a CSV link (spec 3 §7, POST /export). */
export function useExportTransactions() {
  return useMutation({
    mutationFn: (conditions: DashboardConditions) =>
      apiRequest<DashboardExportAnswer>('dashboard/export', {
        method: 'POST',
        body: { conditions },
      }),
  });
}
