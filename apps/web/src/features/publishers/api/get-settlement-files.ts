import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SettlementFilePage } from '@krowd/domain/settlement/settlement-response.schema';
import type { SettlementKind } from '@krowd/domain/settlement/settlement.rules';
import { apiRequest } from '@/lib/api-client';
import { settlementFilesKey } from './keys.ts';

/** The settlement files screen's filters (docs/decisions/0107). */
export interface SettlementFilesQuery {
  page: number;
  limit: number;
  /** The system admin's choice; a bank admin's list is its bank's publisher's without one. */
  publisherId: string | null;
  kind: SettlementKind | null;
}

/** GET settlement-files: a page of the files the caller may read, newest period first. */
export function settlementFilesQueryOptions(query: SettlementFilesQuery, enabled = true) {
  return queryOptions({
    queryKey: settlementFilesKey(query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<SettlementFilePage>('settlement-files', {
        query: {
          page: query.page,
          limit: query.limit,
          publisherId: query.publisherId ?? undefined,
          kind: query.kind ?? undefined,
        },
        signal,
      }),
  });
}

export function useSettlementFiles(query: SettlementFilesQuery, enabled = true) {
  return useQuery(settlementFilesQueryOptions(query, enabled));
}

/** Where a file downloads: the session's cookie goes with the link, the server names the file. */
export const settlementFileDownloadUrl = (id: string) =>
  `/api/settlement-files/${encodeURIComponent(id)}/download`;
