import type { z } from 'zod';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import {
  ingestionSortFields,
  ingestionStatuses,
  type IngestionLogRow,
} from '@krowd/domain/ingestion/ingestion.schema';
import { effectiveSearch, entityListQuerySchema, paginationOf } from '@krowd/domain/list/list.schema';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import { listedBrands } from '../brands/listed-brands.ts';
import type { IngestionRepository } from './ingestion.repository.ts';

export const ingestionListQuerySchema = entityListQuerySchema({
  sortFields: ingestionSortFields,
  statuses: ingestionStatuses,
}).strict();
export type IngestionListRequest = z.infer<typeof ingestionListQuerySchema>;

export function createIngestionService(deps: { ingestion: IngestionRepository; brands: BrandsRepository }) {
  const { ingestion, brands } = deps;
  return {
    /**
     * The ingestion logs: banks (and operators) see each file's totals; brand-side callers see
     * their brands' share of each file, so another brand's figures never show.
     */
    async list(scope: TenantScope, request: IngestionListRequest) {
      const { rows, total } = await ingestion.listPage({
        brandIds: await listedBrands(brands, scope, request),
        search: effectiveSearch(request.filters.globalSearch?.value),
        sort: request.filters.sortField,
        page: request.page,
        limit: request.limit,
      });
      const data: IngestionLogRow[] = rows.map((row) => ({
        _id: row.id,
        data_source: row.data_source,
        uploadedDate: row.uploaded_at.toISOString(),
        gmvPence: Number(row.gmv_pence),
        txnCount: Number(row.transaction_count),
      }));
      return { data, pagination: paginationOf(request, total) };
    },
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;
