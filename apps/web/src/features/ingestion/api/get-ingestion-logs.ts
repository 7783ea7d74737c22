import type { IngestionLogRow } from '@krowd/domain/ingestion/ingestion-response.schema';
import type { IngestionSortField } from '@krowd/domain/ingestion/ingestion.schema';
import { useEntityList, type EntityListParams } from '@/components/ui/use-entity-list';
import { ingestionLogsKey } from './keys.ts';

export type IngestionLogListParams = EntityListParams<IngestionSortField>;

/** GET ingestionLogs: a page of ingestion logs (spec 2 §7). */
export function useIngestionLogs(params: IngestionLogListParams) {
  return useEntityList<IngestionLogRow>(ingestionLogsKey, 'ingestionLogs', params);
}
