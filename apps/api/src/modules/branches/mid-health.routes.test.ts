import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { call, createTestApp, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * MID health on the Branches list (docs/decisions/0115): a brand of the test's own with four live
 * branches, each with one Visa/Mastercard MID, and ATR's transactions at two of them:
 * - `Busy`: a purchase yesterday, and 60 purchases at 23:xx local time over the last 30 days;
 * - `Quiet`: its last purchase 10 days ago, past the 7-day silent period;
 * - `Unseen`: live for 20 days, never a transaction;
 * - `Fresh`: live for 3 days, never a transaction.
 */

let testApp: TestApp;
let app: App;
let adminToken: string;
const dayMs = 86_400_000;
const now = Date.now();

async function addBranch(brandId: string, name: string, mid: string, liveDaysAgo: number) {
  await testApp.db
    .insertInto('branches')
    .values({
      brand_id: brandId,
      name,
      status: 'Active',
      mastercard_merchant_id: mid,
      activated_at: new Date(now - liveDaysAgo * dayMs),
    })
    .execute();
}

/** The local day of an instant in the timezone setting (YYYY-MM-DD). */
const localDay = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: testApp.config.timezone }).format(new Date(at));
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs;

/** A purchase at `mid` `daysAgo` days ago, at the local hour given. */
function purchase(id: string, mid: string, at: number) {
  return {
    transaction_id: id,
    datetime: new Date(at).toISOString(),
    amount: '25.00',
    currency: 'GBP',
    mid,
    card_token: `mid-health-card-${id}`,
    card_last4: '4242',
    postcode: 'N1 9AA',
    publisher: 'ATR',
  };
}

/** The instant of local hour 23:10 `daysAgo` local days before today, in the timezone setting. */
function lateEvening(daysAgo: number) {
  const day = localDay(now - daysAgo * dayMs);
  // The zone's offset at noon that day, in minutes (the test's zone has no change at 23:00).
  const noon = Date.parse(`${day}T12:00:00Z`);
  const wall = Date.parse(
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: testApp.config.timezone,
      dateStyle: 'short',
      timeStyle: 'medium',
    })
      .format(new Date(noon))
      .replace(' ', 'T') + 'Z',
  );
  return Date.parse(`${day}T23:10:00Z`) - (wall - noon);
}

let rows: Map<string, BranchRow>;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  adminToken = (await loginAs(app, 'admin@demo.test')).token;
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: 'MID Health Brand' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addBranch(brand.id, 'MidHealth Busy', 'MH-BUSY-1', 60);
  await addBranch(brand.id, 'MidHealth Quiet', 'MH-QUIET-1', 60);
  await addBranch(brand.id, 'MidHealth Unseen', 'MH-UNSEEN-1', 20);
  await addBranch(brand.id, 'MidHealth Fresh', 'MH-FRESH-1', 3);
  const sent = [
    purchase('mh-busy-yesterday', 'MH-BUSY-1', now - dayMs),
    ...Array.from({ length: 60 }, (_, index) =>
      purchase(`mh-busy-late-${index}`, 'MH-BUSY-1', lateEvening(2 + (index % 28))),
    ),
    purchase('mh-quiet-first', 'MH-QUIET-1', now - 40 * dayMs),
    purchase('mh-quiet-last', 'MH-QUIET-1', now - 10 * dayMs),
  ];
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'application/json', 'x-api-key': 'demo-atr-key' },
    body: JSON.stringify(sent),
  });
  expect(response.statusCode, response.body).toBe(200);
  const filters = JSON.stringify({ globalSearch: { value: 'MidHealth', type: 'user' } });
  const listed = await call(app, {
    url: `/api/merchants?limit=10&filters=${encodeURIComponent(filters)}`,
    token: adminToken,
  });
  expect(listed.statusCode, listed.body).toBe(200);
  rows = new Map(listed.json<{ data: BranchRow[] }>().data.map((row) => [row.name, row]));
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const healthOf = (name: string) => rows.get(`MidHealth ${name}`)!.midHealth;

describe('the Branches list', () => {
  it('shows a MID seen yesterday as tracking, with its counts and the hour its transactions arrive in', () => {
    const [mid] = healthOf('Busy').merchantIds;
    expect(healthOf('Busy').status).toBe('tracking');
    expect(mid).toMatchObject({
      mid: 'MH-BUSY-1',
      scheme: 'mastercard',
      status: 'tracking',
      lastSeenDay: localDay(now - dayMs),
      daysSinceSeen: 1,
      last30Days: 61,
      batchedHour: 23,
    });
    expect(mid!.last7Days).toBeGreaterThanOrEqual(1 + 5 * 2);
  });

  it('shows a MID last seen 10 days ago as silent, for the days since', () => {
    const [mid] = healthOf('Quiet').merchantIds;
    const lastSeenDay = localDay(now - 10 * dayMs);
    expect(mid).toMatchObject({
      status: 'silent',
      firstSeenDay: localDay(now - 40 * dayMs),
      lastSeenDay,
      daysSinceSeen: daysBetween(lastSeenDay, localDay(now)),
      last7Days: 0,
      last30Days: 1,
      batchedHour: null,
    });
    expect(healthOf('Quiet').status).toBe('silent');
  });

  it('shows a MID never seen 14 days after the branch went live as never seen, and waits before that', () => {
    expect(healthOf('Unseen')).toMatchObject({
      status: 'neverSeen',
      merchantIds: [{ mid: 'MH-UNSEEN-1', firstSeenDay: null, lastSeenDay: null, daysSinceSeen: null }],
    });
    expect(healthOf('Fresh').status).toBe('awaitingFirst');
  });
});
