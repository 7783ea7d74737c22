import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { midHealthStatuses, type MidHealthStatus } from '@krowd/domain/branch/mid-health.rules';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * MID health on the Branches list (docs/decisions/0115): a brand of the test's own with four live
 * branches, each with one Visa/Mastercard MID, and ATR's transactions at two of them:
 * - `Busy`: a purchase yesterday, and 60 purchases at 23:xx local time over the last 30 days;
 * - `Quiet`: its last purchase 10 days ago, past the 7-day silent period;
 * - `Unseen`: live for 20 days, never a transaction;
 * - `Fresh`: live for 3 days, never a transaction;
 * and three more for the list's filter and sort by MID health:
 * - `Mixed`: a Visa/Mastercard MID seen yesterday and an Amex MID silent for 10 days (silent: the worst);
 * - `Bare`: live, no merchant ID at all (awaiting its first);
 * - `Pending`: not yet approved, its MID never seen (not live).
 */

let testApp: TestApp;
let app: App;
let adminToken: string;
const dayMs = 86_400_000;
const now = Date.now();

async function addBranch(
  brandId: string,
  name: string,
  mid: string | null,
  liveDaysAgo: number,
  more: { status?: 'Active' | 'Pending'; amex_merchant_id?: string } = {},
) {
  await testApp.db
    .insertInto('branches')
    .values({
      brand_id: brandId,
      name,
      status: 'Active',
      mastercard_merchant_id: mid,
      activated_at: new Date(now - liveDaysAgo * dayMs),
      ...more,
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
  await addBranch(brand.id, 'MidHealth Mixed', 'MH-MIXED-1', 60, { amex_merchant_id: 'MH-MIXED-AMEX-1' });
  await addBranch(brand.id, 'MidHealth Bare', null, 60);
  await addBranch(brand.id, 'MidHealth Pending', 'MH-PENDING-1', 60, { status: 'Pending' });
  const sent = [
    purchase('mh-mixed-yesterday', 'MH-MIXED-1', now - dayMs),
    purchase('mh-mixed-amex-last', 'MH-MIXED-AMEX-1', now - 10 * dayMs),
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

/** The MidHealth branches listed with these query parameters (the search keeps to this test's brand). */
async function listed(query: string, more: object = {}) {
  const filters = JSON.stringify({ globalSearch: { value: 'MidHealth', type: 'user' }, ...more });
  const response = await call(app, {
    url: `/api/merchants?limit=100&filters=${encodeURIComponent(filters)}&${query}`,
    token: adminToken,
  });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<{ data: BranchRow[]; pagination: { total: number } }>();
  return { names: answer.data.map((row) => row.name.replace('MidHealth ', '')), answer };
}

describe('the Branches list by MID health', () => {
  it.each([
    { tracking: 'tracking', names: ['Busy'] },
    { tracking: 'silent', names: ['Mixed', 'Quiet'] },
    { tracking: 'neverSeen', names: ['Unseen'] },
    { tracking: 'awaitingFirst', names: ['Bare', 'Fresh'] },
    { tracking: 'notLive', names: ['Pending'] },
  ] as { tracking: MidHealthStatus; names: string[] }[])(
    'filters by $tracking: those branches only, each showing that status, the total theirs',
    async ({ tracking, names }) => {
      const { names: found, answer } = await listed(`tracking=${tracking}`);

      expect([...found].sort()).toEqual(names);
      expect(answer.data.every((row) => row.midHealth.status === tracking)).toBe(true);
      expect(answer.pagination.total).toBe(names.length);
    },
  );

  it('lists every branch once across the five statuses, as many as unfiltered', async () => {
    const all = (await listed('')).names;
    const byStatus = await Promise.all(midHealthStatuses.map((status) => listed(`tracking=${status}`)));

    expect(byStatus.flatMap((found) => found.names).sort()).toEqual([...all].sort());
  });

  it('sorts worst first ascending and best first descending, in the statuses order', async () => {
    const rank = (row: BranchRow) => midHealthStatuses.indexOf(row.midHealth.status);
    const up = (await listed('', { sortField: { sortfield: 'tracking', direction: 'asc' } })).answer.data;
    const down = (await listed('', { sortField: { sortfield: 'tracking', direction: 'desc' } })).answer.data;

    expect(up.map(rank)).toEqual([...up.map(rank)].sort((a, b) => a - b));
    expect(up[0]!.midHealth.status).toBe('neverSeen');
    expect(down.map(rank)).toEqual([...down.map(rank)].sort((a, b) => b - a));
    expect(down[0]!.midHealth.status).toBe('notLive');
  });

  it('filters with the silent-days setting as the badges do: 12 days make the 10-day silences tracking', async () => {
    const setDays = (days: number) =>
      testApp.db
        .updateTable('settings')
        .set({ value: JSON.stringify(days) })
        .where('key', '=', 'midSilentDays')
        .execute();
    await setDays(12);
    try {
      const { names, answer } = await listed('tracking=tracking');

      expect([...names].sort()).toEqual(['Busy', 'Mixed', 'Quiet']);
      expect(answer.data.every((row) => row.midHealth.status === 'tracking')).toBe(true);
      expect((await listed('tracking=silent')).names).toEqual([]);
    } finally {
      await setDays(7);
    }
  });

  it('refuses an unknown status with 400 naming tracking', async () => {
    const response = await call(app, { url: '/api/merchants?tracking=dormant', token: adminToken });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ tracking: messages.branch.midHealth.trackingInvalid });
  });
});
