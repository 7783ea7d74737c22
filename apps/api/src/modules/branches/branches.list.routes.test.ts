import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const email of [
    'companyadmin@demo.test',
    'groupadmin@demo.test',
    'groupuser@demo.test',
    'admin@demo.test',
    'bank@demo.test',
    'user@demo.test',
  ]) {
    tokens[email] = (await loginAs(app, email)).token;
  }
});

afterAll(async () => {
  await testApp?.close();
});

interface ListQuery {
  page?: number;
  limit?: number;
  search?: string;
  status?: string;
  sort?: { sortfield: string; direction: 'asc' | 'desc' };
  brandId?: string;
  from?: string;
}

function listUrl(query: ListQuery = {}) {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.limit) params.set('limit', String(query.limit));
  const filters: Record<string, unknown> = {};
  if (query.search !== undefined) filters.globalSearch = { value: query.search, type: 'user' };
  if (query.status !== undefined) filters.dropDown = { key: 'status', value: query.status, type: 'eq' };
  if (query.sort) filters.sortField = query.sort;
  if (Object.keys(filters).length > 0) params.set('filters', JSON.stringify(filters));
  if (query.brandId) params.set('brandId', query.brandId);
  if (query.from) params.set('from', query.from);
  return `/api/merchants?${params}`;
}

async function list(email: string, query: ListQuery = {}) {
  const response = await call(app, { url: listUrl(query), token: tokens[email] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    data: BranchRow[];
    pagination: { page: number; limit: number; total: number; totalPages: number };
  }>();
}

const names = (rows: BranchRow[]) => rows.map((row) => row.name);

describe('GET /api/merchants', () => {
  it("lists a brand admin's own branches, every status, newest first, with the total", async () => {
    const { data, pagination } = await list('companyadmin@demo.test');

    expect(pagination).toEqual({ page: 1, limit: 10, total: 5, totalPages: 1 });
    expect(new Set(data.map((row) => row.brandId))).toEqual(new Set([ids.brands.standalone]));
    expect(data.map((row) => row.status).sort()).toEqual([
      'Active',
      'Approved',
      'Deleted',
      'Rejected',
      'Updated',
    ]);
    const created = data.map((row) => row.created);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('answers each branch as an allowlist of the spec fields, merchant IDs grouped', async () => {
    const { data } = await list('companyadmin@demo.test', { search: 'Soho' });

    expect(data).toHaveLength(1);
    expect(Object.keys(data[0]!).sort()).toEqual(
      [
        '_id',
        'name',
        'kmid',
        'brandId',
        'brandName',
        'status',
        'address',
        'postcode',
        'postalTown',
        'city',
        'contactName',
        'contactEmail',
        'contactPhone',
        'tripadvisorUrl',
        'merchantIds',
        'proposedMerchantIds',
        'block',
        'comments',
        'approvedBy',
        'created',
        'activatedDate',
        'createdByBrandUser',
        'defaultBranch',
        // Beyond the spec: whether its merchant IDs are still seen in transactions (decision 0115).
        'midHealth',
      ].sort(),
    );
    expect(data[0]).toMatchObject({
      brandName: 'Green Fork',
      defaultBranch: true,
      createdByBrandUser: false,
    });
    expect(Object.keys(data[0]!.merchantIds).sort()).toEqual([
      'amexMerchantID',
      'merchantId',
      'zettleMerchantID',
    ]);
  });

  it('pages with the limit asked for and says how many pages there are', async () => {
    const first = await list('companyadmin@demo.test', {
      limit: 2,
      sort: { sortfield: 'name', direction: 'asc' },
    });
    const third = await list('companyadmin@demo.test', {
      page: 3,
      limit: 2,
      sort: { sortfield: 'name', direction: 'asc' },
    });

    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(names(first.data)).toEqual(['Green Fork Brixton', 'Green Fork Camden']);
    expect(names(third.data)).toEqual(['Green Fork Soho']);
  });

  it('still gives the total on a page past the end', async () => {
    const { data, pagination } = await list('companyadmin@demo.test', { page: 9, limit: 2 });

    expect(data).toEqual([]);
    expect(pagination.total).toBe(5);
  });

  it('sorts by the column asked, descending or ascending', async () => {
    const descending = await list('companyadmin@demo.test', {
      sort: { sortfield: 'name', direction: 'desc' },
    });
    const ascending = await list('companyadmin@demo.test', { sort: { sortfield: 'name', direction: 'asc' } });

    expect(names(descending.data)).toEqual([...names(ascending.data)].reverse());
    expect(names(ascending.data)[0]).toBe('Green Fork Brixton');
  });

  it('searches the name anywhere in it from 3 characters, and ignores shorter text', async () => {
    const found = await list('companyadmin@demo.test', { search: 'ditch' });
    const short = await list('companyadmin@demo.test', { search: 'Sh' });

    expect(names(found.data)).toEqual(['Green Fork Shoreditch']);
    expect(short.pagination.total).toBe(5);
  });

  it('searches the merchant IDs from their start', async () => {
    const soho = (await list('companyadmin@demo.test', { search: 'Soho' })).data[0]!;
    const amex = soho.merchantIds.amexMerchantID!;

    const found = await list('companyadmin@demo.test', { search: amex.toLowerCase() });

    expect(names(found.data)).toEqual(['Green Fork Soho']);
  });

  it('reads % and _ in the search as the characters they are', async () => {
    expect((await list('companyadmin@demo.test', { search: '%%%' })).data).toEqual([]);
    expect((await list('companyadmin@demo.test', { search: '___' })).data).toEqual([]);
  });

  it("filters by status, and reads '' as Status (All)", async () => {
    const rejected = await list('companyadmin@demo.test', { status: 'Rejected' });
    const all = await list('companyadmin@demo.test', { status: '' });

    expect(names(rejected.data)).toEqual(['Green Fork Brixton']);
    expect(all.pagination.total).toBe(5);
  });

  it("lists every brand of a group admin's group for All, or the one brand chosen", async () => {
    const all = await list('groupadmin@demo.test', { brandId: ids.brands.groupBrandA, from: 'onboard' });
    const one = await list('groupadmin@demo.test', { brandId: ids.brands.groupBrandB });
    const unspecified = await list('groupadmin@demo.test');

    expect(new Set(all.data.map((row) => row.brandName))).toEqual(
      new Set(['Harbour Kitchen', 'Ember Pizza Co']),
    );
    expect(all.pagination.total).toBe(5);
    expect(new Set(one.data.map((row) => row.brandName))).toEqual(new Set(['Ember Pizza Co']));
    expect(unspecified.pagination.total).toBe(5);
  });

  it('lets a group finance user read the group too', async () => {
    expect((await list('groupuser@demo.test')).pagination.total).toBe(5);
  });

  it("lets the system admin read the branches of every brand, and bank users their bank's linked brands'", async () => {
    const admin = await list('admin@demo.test', { limit: 100 });
    const bank = await list('bank@demo.test', { limit: 100 });
    const chosen = await list('admin@demo.test', { brandId: ids.brands.groupBrandB });
    const linked = await testApp.db
      .selectFrom('brand_banks')
      .select('brand_id')
      .where('bank_id', '=', ids.bankId)
      .execute();
    const linkedIds = new Set(linked.map((link) => link.brand_id));

    expect(new Set(admin.data.map((row) => row.brandName)).size).toBeGreaterThanOrEqual(4);
    expect(bank.data.map((row) => row._id).sort()).toEqual(
      admin.data
        .filter((row) => linkedIds.has(row.brandId))
        .map((row) => row._id)
        .sort(),
    );
    expect(chosen.pagination.total).toBe(2);
  });

  it("keeps a brand's users to their brand, whatever brand they ask for", async () => {
    const own = await list('user@demo.test');
    const foreign = await call(app, {
      url: listUrl({ brandId: ids.brands.groupBrandA }),
      token: tokens['user@demo.test'],
    });
    const groupAdminAbroad = await call(app, {
      url: listUrl({ brandId: ids.brands.standalone }),
      token: tokens['groupadmin@demo.test'],
    });

    expect(new Set(own.data.map((row) => row.brandId))).toEqual(new Set([ids.brands.standalone]));
    expect(foreign.statusCode).toBe(404);
    expect(groupAdminAbroad.statusCode).toBe(404);
  });

  it.each([
    { case: 'filters that are not JSON', url: '/api/merchants?filters=%7Boops', field: 'filters' },
    {
      case: 'an unknown sort field',
      url: `/api/merchants?filters=${encodeURIComponent('{"sortField":{"direction":"asc","sortfield":"password_hash"}}')}`,
      field: 'filters.sortField.sortfield',
    },
    {
      case: 'an unknown status',
      url: `/api/merchants?filters=${encodeURIComponent('{"dropDown":{"key":"status","value":"Gone","type":"eq"}}')}`,
      field: 'filters.dropDown.value',
    },
    { case: 'a limit over 100', url: '/api/merchants?limit=1000', field: 'limit' },
    { case: 'a malformed brandId', url: '/api/merchants?brandId=1', field: 'brandId' },
    { case: 'an unknown parameter', url: '/api/merchants?where=1', field: 'where' },
  ])('answers 400 naming the field for $case', async ({ url, field }) => {
    const response = await call(app, { url, token: tokens['companyadmin@demo.test'] });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
  });
});
