import { describe, expect, it } from 'vitest';
import {
  effectiveSearch,
  entityListQuerySchema,
  pageQuerySchema,
  pageSizes,
  pageWithinLast,
  paginationOf,
  paginationSchema,
  validPaging,
} from './list.schema.ts';
import { messages } from '../messages/messages.ts';

describe('pageQuerySchema', () => {
  it('starts at page 1 with 10 rows when nothing is asked for', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
  });

  it('fills in whichever of the two is missing', () => {
    expect(pageQuerySchema.parse({ page: '3' })).toEqual({ page: 3, limit: 10 });
    expect(pageQuerySchema.parse({ limit: '25' })).toEqual({ page: 1, limit: 25 });
  });

  it.each([
    { query: { page: '2', limit: '50' }, parsed: { page: 2, limit: 50 } },
    { query: { page: 4, limit: 100 }, parsed: { page: 4, limit: 100 } },
    { query: { page: ' 5 ', limit: '10' }, parsed: { page: 5, limit: 10 } },
  ])('reads $query as $parsed', ({ query, parsed }) => {
    expect(pageQuerySchema.parse(query)).toEqual(parsed);
  });

  it.each(pageSizes)('accepts the page size %i the page-size dropdown offers', (limit) => {
    expect(pageQuerySchema.parse({ limit: String(limit) }).limit).toBe(limit);
  });

  it.each([
    { page: 1, limit: 1 },
    { page: 100_000, limit: 100 },
  ])('accepts the bounds page $page and limit $limit', (query) => {
    expect(pageQuerySchema.parse(query)).toEqual(query);
  });

  it.each([
    { case: 'page 0', query: { page: '0' } },
    { case: 'a negative page', query: { page: '-1' } },
    { case: 'a fractional page', query: { page: '1.5' } },
    { case: 'a page that is not a number', query: { page: 'abc' } },
    { case: 'page 100001', query: { page: '100001' } },
    { case: 'limit 0', query: { limit: '0' } },
    { case: 'limit 101', query: { limit: '101' } },
    { case: 'a fractional limit', query: { limit: '2.5' } },
    { case: 'a limit that is not a number', query: { limit: 'all' } },
  ])('refuses $case', ({ query }) => {
    expect(pageQuerySchema.safeParse(query).success).toBe(false);
  });

  it('leaves other query fields to the list that reads them', () => {
    expect(pageQuerySchema.parse({ page: '2', globalSearch: 'summer' })).toEqual({
      page: 2,
      limit: 10,
    });
  });
});

describe('paginationOf', () => {
  it.each([
    { total: 0, limit: 10, totalPages: 0 },
    { total: 1, limit: 10, totalPages: 1 },
    { total: 10, limit: 10, totalPages: 1 },
    { total: 11, limit: 10, totalPages: 2 },
    { total: 95, limit: 10, totalPages: 10 },
    { total: 100, limit: 25, totalPages: 4 },
    { total: 101, limit: 25, totalPages: 5 },
    { total: 1, limit: 100, totalPages: 1 },
  ])('counts $totalPages pages for $total rows at $limit a page', ({ total, limit, totalPages }) => {
    expect(paginationOf({ page: 1, limit }, total).totalPages).toBe(totalPages);
  });

  it('echoes the page, the limit and the total', () => {
    expect(paginationOf({ page: 3, limit: 25 }, 60)).toEqual({
      page: 3,
      limit: 25,
      total: 60,
      totalPages: 3,
    });
  });

  it('echoes a page past the end unchanged', () => {
    expect(paginationOf({ page: 9, limit: 10 }, 15)).toEqual({
      page: 9,
      limit: 10,
      total: 15,
      totalPages: 2,
    });
  });

  it('answers in the shape of the paging contract', () => {
    expect(paginationSchema.safeParse(paginationOf({ page: 1, limit: 10 }, 0)).success).toBe(true);
  });
});

describe('fixed: empty query values', () => {
  it('treats ?page=&limit= as not given, so the defaults apply', () => {
    expect(pageQuerySchema.parse({ page: '', limit: '' })).toEqual({ page: 1, limit: 10 });
  });
});

describe('effectiveSearch', () => {
  it.each([
    { typed: undefined, applied: undefined },
    { typed: '', applied: undefined },
    { typed: 'ab', applied: undefined },
    { typed: '  ab  ', applied: undefined },
    { typed: 'abc', applied: 'abc' },
    { typed: ' fork ', applied: 'fork' },
  ])('applies "$typed" as $applied', ({ typed, applied }) => {
    expect(effectiveSearch(typed)).toBe(applied);
  });
});

describe('entityListQuerySchema', () => {
  const schema = entityListQuerySchema({ sortFields: ['name', 'created'], statuses: ['Active', 'Pending'] });
  const brandId = '2b0d7c3e-55f1-4a3e-9f59-1f2d8a1c0a11';

  it('defaults to page 1 of 10 with no filters', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 10, filters: {} });
  });

  it('reads the filters from their JSON text, with brandId, from and role', () => {
    const filters = {
      globalSearch: { value: 'fork', type: 'user' },
      dropDown: { key: 'status', value: 'Active', type: 'eq' },
      sortField: { direction: 'asc', sortfield: 'name' },
    };

    expect(
      schema.parse({
        page: '2',
        limit: '25',
        filters: JSON.stringify(filters),
        brandId,
        from: 'onboard',
        role: 'groupAdmin',
      }),
    ).toEqual({ page: 2, limit: 25, filters, brandId, from: 'onboard', role: 'groupAdmin' });
  });

  it('reads an empty status choice as Status (All)', () => {
    const filters = { dropDown: { key: 'status', value: '', type: 'eq' } };
    expect(schema.parse({ filters: JSON.stringify(filters) }).filters).toEqual(filters);
  });

  it.each([
    { case: 'filters that are not JSON', query: { filters: '{oops' } },
    {
      case: 'a sort field the list does not have',
      query: { filters: '{"sortField":{"direction":"asc","sortfield":"password"}}' },
    },
    {
      case: 'a sort direction other than asc or desc',
      query: { filters: '{"sortField":{"direction":"up","sortfield":"name"}}' },
    },
    {
      case: 'a status the list does not have',
      query: { filters: '{"dropDown":{"key":"status","value":"Gone","type":"eq"}}' },
    },
    {
      case: 'a filter key other than status',
      query: { filters: '{"dropDown":{"key":"role","value":"Active","type":"eq"}}' },
    },
    { case: 'an unknown filter', query: { filters: '{"where":"1=1"}' } },
    {
      case: 'a search over 100 characters',
      query: { filters: JSON.stringify({ globalSearch: { value: 'x'.repeat(101) } }) },
    },
    { case: 'a malformed brandId', query: { brandId: '1' } },
    { case: 'a from other than onboard', query: { from: 'everywhere' } },
  ])('refuses $case', ({ query }) => {
    expect(schema.safeParse(query).success).toBe(false);
  });
});

describe('validPaging: the paging a list shows for what its address asks', () => {
  it('takes a page from 1 and a size among the choices, and page 1 of 10 when none is asked', () => {
    expect(validPaging({ page: '3', limit: '25' })).toEqual({ page: 3, limit: 25, problem: null });
    expect(validPaging({ page: null, limit: '' })).toEqual({ page: 1, limit: 10, problem: null });
  });

  it('falls back to page 1 of 10 for what it cannot show, saying why and naming the field', () => {
    expect(validPaging({ page: '1', limit: '999' })).toEqual({
      page: 1,
      limit: 10,
      problem: 'Rows per page must be one of 10, 25, 50, 100.',
    });
    expect(validPaging({ page: '-2', limit: '10' })).toEqual({
      page: 1,
      limit: 10,
      problem: messages.list.pageInvalid,
    });
    expect(validPaging({ page: 'two', limit: '20' }).problem).toBe(
      `${messages.list.pageInvalid} Rows per page must be one of 10, 25, 50, 100.`,
    );
    expect(validPaging({ page: '1.5', limit: '10' }).page).toBe(1);
  });
});

describe('pageWithinLast', () => {
  it('answers the last page for a page past it, and nothing for a page that exists or an empty list', () => {
    expect(pageWithinLast({ page: 9, limit: 10, total: 25, totalPages: 3 })).toBe(3);
    expect(pageWithinLast({ page: 3, limit: 10, total: 25, totalPages: 3 })).toBeNull();
    expect(pageWithinLast({ page: 2, limit: 10, total: 0, totalPages: 0 })).toBeNull();
  });
});
