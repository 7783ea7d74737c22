import { describe, expect, it } from 'vitest';
import { pageQuerySchema, pageSizes, paginationOf, paginationSchema } from './list.schema.ts';

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
