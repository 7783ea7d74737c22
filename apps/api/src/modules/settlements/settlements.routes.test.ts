import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { SettlementFile } from '@krowd/domain/settlement/settlement-response.schema';
import { demoBankPublisherCode } from '../../demo/demo-publishers.ts';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import {
  call,
  createTestApp,
  createTestClock,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';
import { createWebhookEvents } from '../webhooks/webhooks.wiring.ts';
import { createSettlements } from './settlements.service.ts';
import { ingestAtrRows } from './settlements.fixtures.ts';

/**
 * The settlement files through their routes (docs/decisions/0107): a publisher's live key lists and
 * downloads its own; in the web app the system admin any publisher's and a bank admin its bank's
 * publisher's; anyone else's file answers 404. The bytes downloaded are the bytes stored, and their
 * SHA-256 is the one the header and the listing give.
 */

let testApp: TestApp;
let app: App;
let systemAdmin: SignedIn;
let bankAdmin: SignedIn;
const clock = createTestClock(new Date('2025-05-12T16:00:00Z'));
const atrKey = { 'x-api-key': 'demo-atr-key' };
const ids = { atr: '', bank: '' };
const sha256 = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');

type Page = { data: SettlementFile[]; pagination: { total: number; totalPages: number } };
const list = async (url: string, options: { token?: string; headers?: Record<string, string> }) => {
  const response = await call(app, { url, ...options });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  app = testApp.app;
  const publishers = await testApp.db.selectFrom('publishers').select(['id', 'code']).execute();
  ids.atr = publishers.find((p) => p.code === 'ATR')!.id;
  ids.bank = publishers.find((p) => p.code === demoBankPublisherCode)!.id;
  const brandId = (
    await testApp.db
      .insertInto('brands')
      .values({ name: 'Route Brand, Ltd' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: 'R Branch', status: 'Active', mastercard_merchant_id: 'ROUTE-MC-1' })
    .execute();
  await insertCampaign(testApp.db, {
    brandId,
    month: '2025-05',
    status: 'Bank Approved',
    discountPercent: 5,
    values: { week_days: JSON.stringify(['Saturday', 'Sunday']) },
  });
  await ingestAtrRows(app, 'R-1,2025-05-10T12:00:00-04:00,30.00,GBP,ROUTE-MC-1,card-r,1234,,ATR');
  const events = createWebhookEvents({ db: testApp.db, jobs: app.services.jobs });
  const settlements = createSettlements({
    db: testApp.db,
    events,
    timeZone: testApp.config.timezone,
    clock: clock.now,
  });
  for (const day of ['2025-05-10', '2025-05-11']) await settlements.generateDaily(ids.atr, day);
  await settlements.generateMonthly(ids.atr, '2025-04');
  await settlements.generateDaily(ids.bank, '2025-05-10');
  systemAdmin = await loginAs(app, 'admin@demo.test');
  bankAdmin = await loginAs(app, 'bank@demo.test');
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe("a publisher's key", () => {
  it('lists its own files only, newest period first, with totals and checksums', async () => {
    const page = await list('/api/publisher/settlement-files', { headers: atrKey });
    expect(page.data.map((f) => [f.kind, f.period])).toEqual([
      ['daily', '2025-05-11'],
      ['daily', '2025-05-10'],
      ['monthly', '2025-04'],
    ]);
    expect(page.data[1]).toMatchObject({
      publisherId: ids.atr,
      fileName: 'settlement-daily-2025-05-10.csv',
      rows: 1,
      cashbackPence: 150, // 5% of £30.00
    });
    expect(page.data[1]).not.toHaveProperty('content');
  });

  it('filters by kind and by period (a month matches its days), paged as every list', async () => {
    const monthly = await list('/api/publisher/settlement-files?kind=monthly', { headers: atrKey });
    expect(monthly.data.map((f) => f.period)).toEqual(['2025-04']);
    const may = await list('/api/publisher/settlement-files?period=2025-05', { headers: atrKey });
    expect(may.data.map((f) => f.period)).toEqual(['2025-05-11', '2025-05-10']);
    const day = await list('/api/publisher/settlement-files?period=2025-05-10', { headers: atrKey });
    expect(day.data.map((f) => f.period)).toEqual(['2025-05-10']);
    const paged = await list('/api/publisher/settlement-files?limit=2&page=2', { headers: atrKey });
    expect(paged).toMatchObject({ data: [{ period: '2025-04' }], pagination: { total: 3, totalPages: 2 } });
  });

  it('answers 400 naming the field for a bad kind or period', async () => {
    const kind = await call(app, { url: '/api/publisher/settlement-files?kind=weekly', headers: atrKey });
    const period = await call(app, {
      url: '/api/publisher/settlement-files?period=2025-13',
      headers: atrKey,
    });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fieldErrors).toEqual({ kind: messages.settlement.kindInvalid });
    expect(period.statusCode).toBe(400);
    expect(period.json().fieldErrors).toEqual({ period: messages.settlement.periodInvalid });
  });

  it('downloads the stored bytes, their SHA-256 in X-Checksum-SHA256 equal to the listing’s', async () => {
    const [listed] = (await list('/api/publisher/settlement-files?period=2025-05-10', { headers: atrKey }))
      .data;
    const response = await call(app, {
      url: `/api/publisher/settlement-files/${listed!.id}`,
      headers: atrKey,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="settlement-daily-2025-05-10.csv"',
    );
    expect(response.headers['x-checksum-sha256']).toBe(sha256(response.rawPayload));
    expect(listed!.sha256).toBe(sha256(response.rawPayload));
    const stored = await testApp.db
      .selectFrom('settlement_files')
      .select('content')
      .where('id', '=', listed!.id)
      .executeTakeFirstOrThrow();
    expect(response.body).toBe(stored.content);
    // The brand's comma is quoted, so the row keeps its columns.
    expect(response.body).toContain('"Route Brand, Ltd"');
  });

  it("answers 404 for another publisher's file, and 401 without a live key", async () => {
    const [theirs] = (
      await list(`/api/settlement-files?publisherId=${ids.bank}`, { token: systemAdmin.token })
    ).data;
    const other = await call(app, { url: `/api/publisher/settlement-files/${theirs!.id}`, headers: atrKey });
    expect(other.statusCode).toBe(404);
    const testKey = await call(app, {
      url: '/api/publisher/settlement-files',
      headers: { 'x-api-key': 'demo-atr-test-key' },
    });
    expect([401, 403]).toContain(testKey.statusCode);
    expect((await call(app, { url: '/api/publisher/settlement-files' })).statusCode).toBe(401);
  });
});

describe('the web app', () => {
  it("shows the system admin any publisher's files, or every publisher's", async () => {
    const atr = await list(`/api/settlement-files?publisherId=${ids.atr}`, { token: systemAdmin.token });
    expect(atr.pagination.total).toBe(3);
    const all = await list('/api/settlement-files?kind=daily&period=2025-05-10', {
      token: systemAdmin.token,
    });
    expect(all.data.map((f) => f.publisherId).sort()).toEqual([ids.atr, ids.bank].sort());
  });

  it("shows a bank admin its bank's publisher's files only; another publisher's answer 404", async () => {
    const own = await list('/api/settlement-files', { token: bankAdmin.token });
    expect(own.data.map((f) => [f.publisherName, f.period])).toEqual([['Demo Bank', '2025-05-10']]);
    const named = await call(app, {
      url: `/api/settlement-files?publisherId=${ids.atr}`,
      token: bankAdmin.token,
    });
    expect(named.statusCode).toBe(404);
    const [atrFile] = (
      await list(`/api/settlement-files?publisherId=${ids.atr}`, { token: systemAdmin.token })
    ).data;
    const download = await call(app, {
      url: `/api/settlement-files/${atrFile!.id}/download`,
      token: bankAdmin.token,
    });
    expect(download.statusCode).toBe(404);
  });

  it('downloads a file within reach as stored, with its checksum', async () => {
    const [file] = (await list('/api/settlement-files', { token: bankAdmin.token })).data;
    const response = await call(app, {
      url: `/api/settlement-files/${file!.id}/download`,
      token: bankAdmin.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-checksum-sha256']).toBe(file!.sha256);
    expect(sha256(response.rawPayload)).toBe(file!.sha256);
    expect(response.headers['content-disposition']).toContain(file!.fileName);
  });

  it("answers a bank user who is not its admin 404, as if the bank's files did not exist", async () => {
    await testApp.db
      .updateTable('users')
      .set({ is_bank_admin: false })
      .where('email', '=', 'bank@demo.test')
      .execute();
    try {
      const response = await call(app, { url: '/api/settlement-files', token: bankAdmin.token });
      expect(response.statusCode).toBe(404);
    } finally {
      await testApp.db
        .updateTable('users')
        .set({ is_bank_admin: true })
        .where('email', '=', 'bank@demo.test')
        .execute();
    }
  });

  it('refuses a brand user by the permission table (403)', async () => {
    const brandAdmin = await loginAs(app, 'brandadmin@demo.test');
    const response = await call(app, { url: '/api/settlement-files', token: brandAdmin.token });
    expect(response.statusCode).toBe(403);
  });
});
