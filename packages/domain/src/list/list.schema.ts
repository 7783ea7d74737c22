import { z } from 'zod';

/**
 * The one paging contract every list uses: page and limit in (default page 1, size 10);
 * the rows, and pagination with the total, out. Page count is total ÷ limit rounded up.
 */
export const pageSizes = [10, 25, 50, 100] as const;

/** An empty query value (?page=) means 'not given', so the default applies. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

export const pageQuerySchema = z.object({
  page: z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(100_000).default(1)),
  limit: z.preprocess(emptyAsMissing, z.coerce.number().int().min(1).max(100).default(10)),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function paginationOf(query: PageQuery, total: number): Pagination {
  return { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}
