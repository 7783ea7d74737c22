import { z } from 'zod';
import { messages } from '../messages/messages';

/**
 * The one paging contract every list uses: page and limit in (default page 1, size 10);
 * the rows, and pagination with the total, out. Page count is total ÷ limit rounded up.
 */
export const pageSizes = [10, 25, 50, 100] as const;

/** An empty query value (?page=) means 'not given', so the default applies. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** A whole number from `min` to `max` in a query (text), `fallback` when not given; one message for any problem. */
const wholeNumberParam = (min: number, max: number, fallback: number, message: string) =>
  z.preprocess(
    emptyAsMissing,
    z.coerce.number(message).int(message).min(min, message).max(max, message).default(fallback),
  );

export const pageQuerySchema = z.object({
  page: wholeNumberParam(1, 100_000, 1, messages.list.pageInvalid),
  limit: wholeNumberParam(1, 100, 10, messages.list.limitRange),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** A page of a list as the API answers it: its rows, and pagination with the total. */
export const listPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.array(row), pagination: paginationSchema });

/** The last page the paging contract allows (`pageQuerySchema`). */
export const maxPage = 100_000;

/** Paging a list may show: the page and its size, and why the one asked for was not it (or null). */
export interface ValidPaging {
  page: number;
  limit: number;
  problem: string | null;
}

/**
 * The paging a list shows for what its address asks ('?page=&limit=', text or nothing): a page is
 * a whole number from 1, a size one of the page-size choices. Anything else falls back to page 1 of
 * 10 rows, with the reason to tell, naming the field (spec 3 §8: a notification with the message).
 */
export function validPaging(asked: { page: string | null; limit: string | null }): ValidPaging {
  const problems: string[] = [];
  const wanted = (text: string | null) => (text === null || text.trim() === '' ? undefined : Number(text));
  const page = wanted(asked.page);
  const limit = wanted(asked.limit);
  const pageValid = page === undefined || (Number.isInteger(page) && page >= 1 && page <= maxPage);
  const limitValid = limit === undefined || (pageSizes as readonly number[]).includes(limit);
  if (!pageValid) problems.push(messages.list.pageInvalid);
  if (!limitValid) problems.push(messages.list.limitInvalid(pageSizes.join(', ')));
  return {
    page: pageValid ? (page ?? 1) : 1,
    limit: limitValid ? (limit ?? pageSizes[0]) : pageSizes[0],
    problem: problems.length > 0 ? problems.join(' ') : null,
  };
}

/** The page to show instead of one past the last (null when the page exists or the list is empty). */
export function pageWithinLast(pagination: Pagination): number | null {
  return pagination.totalPages > 0 && pagination.page > pagination.totalPages ? pagination.totalPages : null;
}

export function paginationOf(query: PageQuery, total: number): Pagination {
  return { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}

/** Search applies from this many typed characters; below it the hint shows (spec 2 §5, §9). */
export const minSearchLength = 3;

export const sortDirections = ['desc', 'asc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/** The search text to apply: trimmed, and only once it reaches the minimum length. */
export function effectiveSearch(value: string | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed.length >= minSearchLength ? trimmed : undefined;
}

/** The list query's `filters` travel as one JSON text in the query string. */
export const parsedJson = (value: unknown) => {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/**
 * The entity list contract of spec 2 §7 shared by branches, users, invoices and ingestion logs:
 * page and limit, `filters` (globalSearch {value, type}, dropDown {key 'status', value, type 'eq'},
 * sortField {direction, sortfield}), and brandId, from ('onboard' for a group's All) and role.
 * Each list names the sort fields and status values it accepts.
 */
export function entityListQuerySchema<
  const SortField extends readonly [string, ...string[]],
  const Status extends readonly [string, ...string[]],
>(options: { sortFields: SortField; statuses: Status }) {
  const filters = z.strictObject({
    globalSearch: z
      .strictObject({ value: z.string().max(100), type: z.string().max(30).optional() })
      .optional(),
    dropDown: z
      .strictObject({
        key: z.literal('status'),
        value: z.union([z.enum(options.statuses), z.literal('')]),
        type: z.literal('eq'),
      })
      .optional(),
    sortField: z
      .strictObject({ direction: z.enum(sortDirections), sortfield: z.enum(options.sortFields) })
      .optional(),
  });
  return pageQuerySchema.extend({
    filters: z.preprocess(parsedJson, filters.default({})),
    brandId: z.preprocess(emptyAsMissing, z.uuid(messages.validation.idInvalid).optional()),
    from: z.preprocess(emptyAsMissing, z.enum(['onboard']).optional()),
    role: z.preprocess(emptyAsMissing, z.string().max(50).optional()),
  });
}
