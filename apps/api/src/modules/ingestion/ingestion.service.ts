import { z } from 'zod';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import type { IngestionLogRow } from '@krowd/domain/ingestion/ingestion-response.schema';
import { ingestionSortFields, ingestionStatuses } from '@krowd/domain/ingestion/ingestion.schema';
import { effectiveSearch, entityListQuerySchema, paginationOf } from '@krowd/domain/list/list.schema';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import { groupBrandsInScope, listedBrands, type ListedBrands } from '../../http/listed-brands.ts';
import type { IngestionRepository } from './ingestion.repository.ts';

export const ingestionListQuerySchema = entityListQuerySchema({
  sortFields: ingestionSortFields,
  statuses: ingestionStatuses,
}).strict();
export type IngestionListRequest = z.infer<typeof ingestionListQuerySchema>;

/** The dashboard sends '' for a filter not chosen. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** What the dashboard's 'Last Transaction' asks (spec 3 §7 ingestionLogs/getUploadedDate). */
export const uploadedDateRequestSchema = z.strictObject({
  /** A publisher's code or display name; 'All' or nothing for every publisher. */
  data_source: z.string().trim().max(100).optional(),
  groupId: z.preprocess(emptyAsMissing, z.uuid().optional()),
  brandId: z.preprocess(emptyAsMissing, z.uuid().optional()),
});
export type UploadedDateRequest = z.infer<typeof uploadedDateRequestSchema>;

const isoOrNull = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function createIngestionService(deps: { ingestion: IngestionRepository; brands: BrandsRepository }) {
  const { ingestion, brands } = deps;
  return {
    /**
     * The ingestion logs: operators see each file's totals; everyone else their brands' share of
     * each file (a bank its linked brands'), so another brand's figures never show.
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

    /**
     * The ingestion log date and each publisher's last transaction date, for the brand, the group
     * or (without either) everything the caller's scope covers; a brand or group outside it is 404.
     */
    async uploadedDate(scope: TenantScope, request: UploadedDateRequest) {
      let brandIds: ListedBrands;
      if (request.brandId || !request.groupId) {
        brandIds = await listedBrands(brands, scope, { brandId: request.brandId });
      } else {
        brandIds = (await groupBrandsInScope(brands, scope, request.groupId)).map((brand) => brand.id);
      }
      const source = request.data_source;
      const publisher = source && source.toLowerCase() !== 'all' ? source : undefined;
      const { latest, publishers } = await ingestion.uploadedDates(brandIds, publisher);
      return {
        ingestionLogDate: latest
          ? {
              uploadedDate: latest.uploaded_at.toISOString(),
              next_ingestion_date: isoOrNull(latest.next_ingestion_at),
              last_trans_date: isoOrNull(latest.last_transaction_at),
            }
          : null,
        ingestionLogList: publishers.map((row) => ({
          data_source: row.display_name,
          last_trans_date: isoOrNull(row.last_transaction_at),
        })),
      };
    },
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;
