import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntityType, AuditPage } from '@krowd/domain/audit/audit.schema';
import { apiRequest } from '@/lib/api-client';
import { auditEventsKey } from './keys.ts';

/** The audit log's filters (docs/decisions/0113); '' is not filtered. */
export interface AuditFilters {
  entityType: AuditEntityType | '';
  entityId: string;
  actorEmail: string;
  from: string;
  to: string;
}

/** The filters as the query text both the list and the CSV export take. */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value.trim() !== '') params.set(key, value.trim());
  }
  return params;
}

/** Where the CSV export of these filters downloads from (the session cookie goes with it). */
export const auditCsvUrl = (filters: AuditFilters) => `/api/audit-events.csv?${auditFilterParams(filters)}`;

/** GET audit-events: a page of the log, filtered. */
export function auditEventsQueryOptions(query: AuditFilters & { page: number; limit: number }) {
  const { page, limit, ...filters } = query;
  const params = auditFilterParams(filters);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return queryOptions({
    queryKey: auditEventsKey(query),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiRequest<AuditPage>(`audit-events?${params}`, { signal }),
  });
}

export function useAuditEvents(query: AuditFilters & { page: number; limit: number }) {
  return useQuery(auditEventsQueryOptions(query));
}
