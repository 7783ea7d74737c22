import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestionLogRow } from '@krowd/domain/ingestion/ingestion-response.schema';
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
  if (query.sort) filters.sortField = query.sort;
  if (Object.keys(filters).length > 0) params.set('filters', JSON.stringify(filters));
  if (query.brandId) params.set('brandId', query.brandId);
  if (query.from) params.set('from', query.from);
  return `/api/ingestionLogs?${params}`;
}

async function list(email: string, query: ListQuery = {}) {
  const response = await call(app, { url: listUrl(query), token: tokens[email] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    data: IngestionLogRow[];
    pagination: { page: number; limit: number; total: number; totalPages: number };
  }>();
}

/** What the list must show for these brands (or every file's totals), computed here from the tables. */
async function expectedRows(brandIds: string[] | 'all') {
  const logs = await testApp.db
    .selectFrom('ingestion_logs as l')
    .innerJoin('publishers as p', 'p.id', 'l.publisher_id')
    .select(['l.id', 'p.display_name', 'l.uploaded_at', 'l.gmv_pence', 'l.transaction_count'])
    .execute();
  const shares = await testApp.db.selectFrom('ingestion_log_brands').selectAll().execute();
  const rows = new Map<string, IngestionLogRow>();
  for (const log of logs) {
    const own = shares.filter(
      (share) =>
        share.ingestion_log_id === log.id && (brandIds === 'all' || brandIds.includes(share.brand_id)),
    );
    if (brandIds !== 'all' && own.length === 0) continue;
    rows.set(log.id, {
      _id: log.id,
      data_source: log.display_name,
      uploadedDate: log.uploaded_at.toISOString(),
      gmvPence: brandIds === 'all' ? log.gmv_pence : own.reduce((sum, share) => sum + share.gmv_pence, 0),
      txnCount:
        brandIds === 'all'
          ? log.transaction_count
          : own.reduce((sum, share) => sum + share.transaction_count, 0),
    });
  }
  return rows;
}

describe('GET /api/ingestionLogs', () => {
  it("shows a bank its linked brands' share of each file, newest first", async () => {
    const linked = await testApp.db
      .selectFrom('brand_banks')
      .select('brand_id')
      .where('bank_id', '=', ids.bankId)
      .execute();
    const expected = await expectedRows(linked.map((link) => link.brand_id));
    const body = await list('bank@demo.test', { limit: 100 });
    expect(body.pagination.total).toBe(expected.size);
    expect(body.data).toHaveLength(expected.size);
    for (const row of body.data) expect(row).toEqual(expected.get(row._id));
    const uploaded = body.data.map((row) => row.uploadedDate);
    expect(uploaded).toEqual([...uploaded].sort().reverse());
  });

  it("shows a brand only its own share of each file, never the file's totals", async () => {
    const expected = await expectedRows([ids.brands.standalone]);
    const body = await list('companyadmin@demo.test', { limit: 100 });
    expect(body.pagination.total).toBe(expected.size);
    for (const row of body.data) expect(row).toEqual(expected.get(row._id));
    const totals = await expectedRows('all');
    expect(body.data.some((row) => row.gmvPence < totals.get(row._id)!.gmvPence)).toBe(true);
  });

  it("shows a group its brands' shares summed, or one brand's when chosen, and 404 for a brand outside it", async () => {
    const group = [ids.brands.groupBrandA, ids.brands.groupBrandB];
    const all = await list('groupadmin@demo.test', { limit: 100, brandId: group[0], from: 'onboard' });
    const expectedAll = await expectedRows(group);
    expect(all.pagination.total).toBe(expectedAll.size);
    for (const row of all.data) expect(row).toEqual(expectedAll.get(row._id));
    const one = await list('groupadmin@demo.test', { limit: 100, brandId: ids.brands.groupBrandB });
    const expectedOne = await expectedRows([ids.brands.groupBrandB]);
    expect(one.pagination.total).toBe(expectedOne.size);
    for (const row of one.data) expect(row).toEqual(expectedOne.get(row._id));
    const outside = await call(app, {
      url: listUrl({ brandId: ids.brands.standalone }),
      token: tokens['groupadmin@demo.test'],
    });
    expect(outside.statusCode).toBe(404);
  });

  it.each<[string, (row: IngestionLogRow) => string | number]>([
    ['dataSource', (row) => row.data_source],
    ['uploadedDate', (row) => row.uploadedDate],
    ['GMV', (row) => row.gmvPence],
    ['txnCount', (row) => row.txnCount],
  ])('sorts by %s descending, then ascending', async (sortfield, value) => {
    const compare = (a: string | number, b: string | number) =>
      typeof a === 'number' && typeof b === 'number'
        ? a - b
        : String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
    for (const direction of ['desc', 'asc'] as const) {
      const body = await list('bank@demo.test', { limit: 100, sort: { sortfield, direction } });
      const values = body.data.map(value);
      const sorted = [...values].sort((a, b) => (direction === 'asc' ? compare(a, b) : compare(b, a)));
      expect(values).toEqual(sorted);
    }
  });

  it('searches the data source by its shown name or its code, from 3 characters', async () => {
    const byName = await list('bank@demo.test', { limit: 100, search: 'nextjump' });
    expect(byName.data.length).toBeGreaterThan(0);
    expect(byName.data.every((row) => row.data_source === 'NextJump')).toBe(true);
    const byCode = await list('bank@demo.test', { limit: 100, search: 'Fidel' });
    expect(byCode.data.map((row) => row._id).sort()).toEqual(byName.data.map((row) => row._id).sort());
    const tooShort = await list('bank@demo.test', { search: 'AT' });
    expect(tooShort.pagination.total).toBe((await expectedRows('all')).size);
  });

  it('pages with the total, also past the last page', async () => {
    const total = (await expectedRows('all')).size;
    const second = await list('bank@demo.test', { limit: 10, page: 2 });
    expect(second.pagination).toEqual({ page: 2, limit: 10, total, totalPages: Math.ceil(total / 10) });
    const past = await list('bank@demo.test', { limit: 10, page: 99 });
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(total);
  });

  it.each([
    ['an unknown sort field', listUrl({ sort: { sortfield: 'gmv_pence', direction: 'asc' } })],
    [
      'a status filter (logs have none)',
      `/api/ingestionLogs?filters=${encodeURIComponent(JSON.stringify({ dropDown: { key: 'status', value: 'Active', type: 'eq' } }))}`,
    ],
    ['a limit over 100', '/api/ingestionLogs?limit=1000'],
    ['a brand id that is not an id', '/api/ingestionLogs?brandId=standalone'],
  ])('refuses %s with 400', async (_case, url) => {
    const response = await call(app, { url, token: tokens['bank@demo.test'] });
    expect(response.statusCode).toBe(400);
  });
});
