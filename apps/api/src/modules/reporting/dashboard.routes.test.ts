import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import { messages } from '@krowd/domain/messages/messages';
import { insertCampaign, everyWeekDay, insertBranch } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * POST /api/dashboard/client (spec 3 §2.4, §3, §4, §7) over the reporting store (0013).
 *
 * Two publisher files are ingested through the real endpoint, for branches of our own at the demo
 * group's two brands and at the standalone brand, in June 2025 (America/New_York, -04:00), with
 * today fixed at 15 July 2025. Every figure the dashboard answers is then compared with the same
 * figure computed here from the raw `transactions` rows, for several filter combinations and
 * callers: the store must agree with the rows exactly.
 */

const today = new Date('2025-07-15T16:00:00Z');
let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
let clientAdmin: string;
const branch: Record<'a1' | 'a2' | 'b' | 's', string> = { a1: '', a2: '', b: '', s: '' };
const campaign: Record<'aMay' | 'aJune' | 'bJune' | 'sJune', string> = {
  aMay: '',
  aJune: '',
  bJune: '',
  sJune: '',
};

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const atrFile = [
  header,
  'DASH-1,2025-06-02T12:00:00-04:00,50.00,GBP,DASH-A1,card-1,1111,N1 9AA,ATR',
  'DASH-2,2025-06-09T12:00:00-04:00,30.00,GBP,DASH-A1,card-1,1111,N1 9AA,ATR',
  'DASH-3,2025-06-03T13:00:00-04:00,20.00,GBP,DASH-A1,card-2,2222,,ATR',
  'DASH-4,2025-06-04T12:00:00-04:00,40.00,GBP,DASH-B,card-1,1111,,ATR',
  'DASH-5,2025-06-05T12:00:00-04:00,12.34,GBP,DASH-S,card-3,3333,E1 6AN,ATR',
  'DASH-6,2025-06-10T12:00:00-04:00,-30.00,GBP,DASH-A1,card-1,1111,N1 9AA,ATR',
  'DASH-7,2025-06-05T12:00:00-04:00,9.99,GBP,DASH-UNKNOWN,card-9,9999,,ATR',
  'DASH-8,2025-06-11T23:30:00-04:00,18.00,GBP,DASH-A2,card-2,2222,,ATR',
].join('\n');
const fidelFile = [
  header,
  'DASH-F1,2025-06-06T12:00:00-04:00,25.00,GBP,DASH-A2,card-4,4444,,Fidel',
  'DASH-F2,2025-06-20T12:00:00-04:00,60.00,GBP,DASH-B,card-5,5555,,Fidel',
  'DASH-F3,2025-05-15T12:00:00-04:00,15.00,GBP,DASH-A1,card-6,6666,,Fidel',
  'DASH-F4,2025-06-21T12:00:00-04:00,35.00,GBP,DASH-B,card-5,5555,,Fidel',
].join('\n');

function ingest(body: string, key: string) {
  return call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': key },
    body,
  });
}

function dashboard(token: string, body: unknown) {
  return call(app, { method: 'POST', url: '/api/dashboard/client', token, body });
}

async function answerOf(token: string, conditions: Record<string, unknown>) {
  const response = await dashboard(token, { conditions });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { dashboard: DashboardAnswer }).dashboard;
}

interface RawFilter {
  start: string;
  end: string;
  brandIds?: string[];
  branchId?: string;
  publisher?: string;
  campaignId?: string;
  customerTypes?: string[];
  offerType?: string;
}

/** The dashboard's figures computed directly from the raw transactions, independently of the store. */
async function fromRawRows(filter: RawFilter) {
  let query = testApp.db
    .selectFrom('transactions as t')
    .innerJoin('publishers as p', 'p.id', 't.publisher_id')
    .select(['t.card_token', 't.amount_pence', 't.cashback_pence', 't.success_fee_pence', 't.outcome'])
    .where('t.outcome', '<>', 'notQualified')
    .where(sql<string>`t.local_datetime::date`, '>=', filter.start)
    .where(sql<string>`t.local_datetime::date`, '<=', filter.end);
  if (filter.brandIds) query = query.where('t.brand_id', 'in', filter.brandIds);
  if (filter.branchId) query = query.where('t.branch_id', '=', filter.branchId);
  if (filter.publisher) query = query.where('p.code', '=', filter.publisher);
  if (filter.campaignId) query = query.where('t.campaign_id', '=', filter.campaignId);
  if (filter.customerTypes) {
    query = query.where('t.customer_type', 'in', filter.customerTypes as ('new' | 'existing')[]);
  }
  if (filter.offerType) query = query.where('t.offer_type', '=', filter.offerType as 'dp');
  const rows = await query.execute();
  const purchases = rows.filter((row) => row.outcome === 'qualified');
  const sum = (values: number[]) => values.reduce((total, value) => total + Number(value), 0);
  const conversions = purchases.length;
  const revenue = sum(rows.map((row) => row.amount_pence));
  const cashback = sum(rows.map((row) => row.cashback_pence));
  const fee = sum(rows.map((row) => row.success_fee_pence));
  const perCard = new Map<string, number>();
  for (const row of purchases) perCard.set(row.card_token, (perCard.get(row.card_token) ?? 0) + 1);
  const amounts = purchases.map((row) => Number(row.amount_pence));
  return {
    statistics: [
      // No impressions in these fixtures: reach is not available; the cards that bought are their own figure.
      { name: 'reach', value: 'N/A' },
      { name: 'paying_cards', value: perCard.size },
      { name: 'conversions', value: conversions },
      { name: 'revenue', value: revenue },
      { name: 'total_cost', value: cashback + fee },
      { name: 'totalCashback', value: cashback },
      { name: 'totalSuccessFee', value: fee },
      { name: 'cpa', value: conversions ? Math.round((cashback + fee) / conversions) : 'N/A' },
    ],
    insights: [
      { name: 'highest_spend', value: amounts.length ? Math.max(...amounts) : 'N/A' },
      { name: 'lowest_spend', value: amounts.length ? Math.min(...amounts) : 'N/A' },
      { name: 'average_spend', value: conversions ? Math.round(revenue / conversions) : 'N/A' },
      { name: 'repeat_customers', value: [...perCard.values()].filter((count) => count >= 2).length },
    ],
  };
}

const june = { start: '2025-06-01', end: '2025-06-30' };

/** The customer types of brand A's qualified purchases through one publisher, from the raw rows. */
async function customerTypesOf([start, end]: string[], publisher: string) {
  const rows = await testApp.db
    .selectFrom('transactions as t')
    .innerJoin('publishers as p', 'p.id', 't.publisher_id')
    .select('t.customer_type')
    .distinct()
    .where('t.outcome', '=', 'qualified')
    .where('t.brand_id', '=', ids.brands.groupBrandA)
    .where('p.code', '=', publisher)
    .where(sql<string>`t.local_datetime::date`, '>=', start!)
    .where(sql<string>`t.local_datetime::date`, '<=', end!)
    .execute();
  return rows.map((row) => row.customer_type).sort();
}
const juneDates = [june.start, june.end];

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => new Date(today) });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  const addBranch = (brandId: string, name: string, mid: string) =>
    insertBranch(testApp.db, brandId, 'Active', name, mid);
  branch.a1 = await addBranch(ids.brands.groupBrandA, 'Dashboard A One', 'DASH-A1');
  branch.a2 = await addBranch(ids.brands.groupBrandA, 'Dashboard A Two', 'DASH-A2');
  branch.b = await addBranch(ids.brands.groupBrandB, 'Dashboard B', 'DASH-B');
  branch.s = await addBranch(ids.brands.standalone, 'Dashboard S', 'DASH-S');
  const approved = { status: 'Bank Approved' as const, values: { week_days: everyWeekDay } };
  for (const month of ['2025-03', '2025-04']) {
    await insertCampaign(testApp.db, { brandId: ids.brands.groupBrandA, month, ...approved });
  }
  campaign.aMay = await insertCampaign(testApp.db, {
    brandId: ids.brands.groupBrandA,
    month: '2025-05',
    discountPercent: 5,
    ...approved,
  });
  campaign.aJune = await insertCampaign(testApp.db, {
    brandId: ids.brands.groupBrandA,
    month: '2025-06',
    name: 'Dashboard June A',
    discountPercent: 10,
    successFee: 10,
    status: 'Bank Approved',
    values: { week_days: everyWeekDay, start_time: '08:00', end_time: '22:00' },
  });
  campaign.bJune = await insertCampaign(testApp.db, {
    brandId: ids.brands.groupBrandB,
    month: '2025-06',
    discountType: 'dv',
    discountPercent: null,
    values: { week_days: everyWeekDay, discount_value_pence: 500, discount_amount_pence: 3000 },
    status: 'Bank Approved',
  });
  campaign.sJune = await insertCampaign(testApp.db, {
    brandId: ids.brands.standalone,
    month: '2025-06',
    discountPercent: 5,
    ...approved,
  });
  for (const [file, key] of [
    [atrFile, 'demo-atr-key'],
    [fidelFile, 'demo-fidel-key'],
  ] as const) {
    const response = await ingest(file, key);
    expect(response.statusCode, response.body).toBe(200);
  }
  clientAdmin = (await loginAs(app, 'clientadmin@demo.test')).token;
});

afterAll(async () => {
  await testApp?.close();
});

describe('the fixture', () => {
  it('qualifies a mix of new and existing customers, refunds, publishers, offer types and an outside-hours row', async () => {
    const rows = await testApp.db
      .selectFrom('transactions')
      .select(['publisher_transaction_id as id', 'outcome', 'customer_type', 'offer_type'])
      .where('publisher_transaction_id', 'like', 'DASH-%')
      .execute();
    const outcomes = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(outcomes['DASH-2']).toMatchObject({ outcome: 'qualified', customer_type: 'existing' });
    expect(outcomes['DASH-6']).toMatchObject({ outcome: 'refund' });
    expect(outcomes['DASH-8']).toMatchObject({ outcome: 'notQualified' });
    expect(outcomes['DASH-F4']).toMatchObject({ outcome: 'qualified', offer_type: 'dv' });
    expect(outcomes['DASH-F3']).toMatchObject({ outcome: 'qualified', customer_type: 'new' });
  });
});

describe('POST /api/dashboard/client totals equal the raw transactions', () => {
  const cases: [string, () => Record<string, unknown>, () => RawFilter][] = [
    ['every brand in June', () => ({ txn_date_time: juneDates }), () => june],
    [
      'one brand',
      () => ({ brand_id: ids.brands.groupBrandA, txn_date_time: juneDates }),
      () => ({ ...june, brandIds: [ids.brands.groupBrandA] }),
    ],
    [
      'the group',
      () => ({ group_id: ids.groupId, txn_date_time: juneDates }),
      () => ({ ...june, brandIds: [ids.brands.groupBrandA, ids.brands.groupBrandB] }),
    ],
    [
      'a brand and a branch',
      () => ({ brand_id: ids.brands.groupBrandA, kmid: branch.a2, txn_date_time: juneDates }),
      () => ({ ...june, brandIds: [ids.brands.groupBrandA], branchId: branch.a2 }),
    ],
    [
      'a publisher',
      () => ({ data_source: 'Fidel', txn_date_time: juneDates }),
      () => ({ ...june, publisher: 'Fidel' }),
    ],
    [
      'new customers',
      () => ({ customer_type_wrt_account: 'NEW USER', txn_date_time: juneDates }),
      () => ({ ...june, customerTypes: ['new'] }),
    ],
    [
      'existing customers (existing and lapsed)',
      () => ({ customer_type_wrt_account: 'REPEAT USER', txn_date_time: juneDates }),
      () => ({ ...june, customerTypes: ['existing', 'lapsed'] }),
    ],
    [
      'an offer type',
      () => ({ selectedOfferType: 'dv', txn_date_time: juneDates }),
      () => ({ ...june, offerType: 'dv' }),
    ],
    [
      'a campaign over May and June',
      () => ({ campaign_id: campaign.aMay, txn_date_time: ['2025-05-01', '2025-06-30'] }),
      () => ({ start: '2025-05-01', end: '2025-06-30', campaignId: campaign.aMay }),
    ],
    [
      'the first days of June, the refund outside',
      () => ({ txn_date_time: ['2025-06-01', '2025-06-09'] }),
      () => ({ start: '2025-06-01', end: '2025-06-09' }),
    ],
    ['the default last 30 days', () => ({}), () => ({ start: '2025-06-16', end: '2025-07-15' })],
  ];

  it.each(cases)('%s', async (_name, conditions, raw) => {
    const answer = await answerOf(clientAdmin, conditions());
    const expected = await fromRawRows(raw());
    expect(answer.statistics).toEqual(expected.statistics);
    expect(answer.insights).toEqual(expected.insights);
  });

  it('answers the figures of the June fixture (pence), weekly performance and the distribution', async () => {
    const answer = await answerOf(clientAdmin, {
      brand_id: ids.brands.groupBrandA,
      txn_date_time: juneDates,
    });
    // DASH-1 £50, DASH-2 £30 refunded by DASH-6, DASH-3 £20, DASH-F1 £25; DASH-8 is outside hours.
    expect(answer.statistics).toContainEqual({ name: 'conversions', value: 4 });
    expect(answer.statistics).toContainEqual({ name: 'revenue', value: 9500 });
    // No impressions in this fixture: reach is not available, never the distinct cards that bought,
    // which are 'paying_cards' (overview.routes.test.ts covers reach from impressions).
    expect(answer.statistics).toContainEqual({ name: 'reach', value: 'N/A' });
    expect(answer.statistics).toContainEqual({ name: 'paying_cards', value: 3 });
    expect(answer.reachSource).toBe('noImpressions');
    expect(answer.insights).toContainEqual({ name: 'repeat_customers', value: 1 });
    expect(answer.name).toBe('');
    expect(answer.count).toBe(1);
    expect(answer.is_two_customer).toBe(true);
    expect(answer.offerTypeList).toEqual(['dp']);
    expect(answer.performance?.conversions).toEqual([
      { label: '2025-W23', value: 3 },
      { label: '2025-W24', value: 1 },
    ]);
    // Week 24 holds DASH-2's £30 and its refund.
    expect(answer.performance?.revenue).toEqual([
      { label: '2025-W23', value: 9500 },
      { label: '2025-W24', value: 0 },
    ]);
    expect(answer.performance?.reach).toEqual([]);
    expect(answer.demographic).toEqual({
      age: [],
      gender: [],
      nationality: [],
      branches: [
        { label: 'Dashboard A One', value: 7000 },
        { label: 'Dashboard A Two', value: 2500 },
      ],
      revenuePerPublisher: [
        { label: 'ATR', value: 7000 },
        { label: 'NextJump', value: 2500 },
      ],
    });
  });

  it('flags two customer types whatever the publisher chosen, so the Customer Type filter can show (spec 3 §2.4)', async () => {
    // Brand A's June: new and repeat customers through ATR, only new ones through Fidel.
    const conditions = { brand_id: ids.brands.groupBrandA, txn_date_time: juneDates };
    const fidel = await answerOf(clientAdmin, { ...conditions, data_source: 'Fidel' });
    const atrNew = await answerOf(clientAdmin, {
      ...conditions,
      data_source: 'ATR',
      customer_type_wrt_account: 'NEW USER',
    });

    expect(await customerTypesOf(conditions.txn_date_time, 'Fidel')).toEqual(['new']);
    expect(fidel.is_two_customer).toBe(true);
    // Choosing a type does not hide the filter that chose it.
    expect(atrNew.is_two_customer).toBe(true);
    expect(atrNew.statistics).toContainEqual({ name: 'conversions', value: 2 });
  });

  it('answers the spec’s payload (conditions_body, date-times in txn_date_time) as it answers ours', async () => {
    const ours = await dashboard(clientAdmin, {
      conditions: { brand_id: ids.brands.groupBrandA, txn_date_time: juneDates },
    });
    // Midnight at each end in the timezone setting (New York, UTC-4 in June).
    const spec = await dashboard(clientAdmin, {
      conditions_body: {
        conditions: {
          brand_id: ids.brands.groupBrandA,
          txn_date_time: ['2025-06-01T04:00:00.000Z', '2025-07-01T03:59:59.999Z'],
        },
      },
    });

    expect(spec.statusCode, spec.body).toBe(200);
    expect(spec.json()).toEqual(ours.json());
  });

  it("names the chosen campaign and answers only the parts asked for in 'fields'", async () => {
    const response = await dashboard(clientAdmin, {
      conditions: { campaign_id: campaign.aJune, txn_date_time: juneDates },
      fields: ['statistics'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = (response.json() as { dashboard: DashboardAnswer }).dashboard;
    expect(answer.name).toBe('Dashboard June A');
    expect(answer.statistics).toBeDefined();
    expect(answer.insights).toBeUndefined();
    expect(answer.performance).toBeUndefined();
    expect(answer.demographic).toBeUndefined();
  });

  it("answers 'N/A' for the CPA and spends when nothing converted", async () => {
    const answer = await answerOf(clientAdmin, { txn_date_time: ['2024-01-01', '2024-01-31'] });
    expect(answer.statistics).toContainEqual({ name: 'cpa', value: 'N/A' });
    expect(answer.statistics).toContainEqual({ name: 'conversions', value: 0 });
    expect(answer.insights).toContainEqual({ name: 'highest_spend', value: 'N/A' });
    expect(answer.insights).toContainEqual({ name: 'average_spend', value: 'N/A' });
    expect(answer.performance).toEqual({ reach: [], conversions: [], revenue: [] });
  });

  it("a refused file changes no total: the store is written in the upload's transaction", async () => {
    const before = await answerOf(clientAdmin, { txn_date_time: juneDates });
    const refused = await ingest(
      [
        header,
        'DASH-R1,2025-06-12T12:00:00-04:00,80.00,GBP,DASH-A1,card-7,7777,,ATR',
        'DASH-R2,not-a-date,10.00,GBP,DASH-A1,card-7,7777,,ATR',
      ].join('\n'),
      'demo-atr-key',
    );
    expect(refused.statusCode).toBe(400);
    expect(await answerOf(clientAdmin, { txn_date_time: juneDates })).toEqual(before);
  });

  it('sending a file again changes no total', async () => {
    const before = await answerOf(clientAdmin, { txn_date_time: juneDates });
    const response = await ingest(atrFile, 'demo-atr-key');
    expect(response.json()).toMatchObject({ inserted: 0, duplicates: 8 });
    expect(await answerOf(clientAdmin, { txn_date_time: juneDates })).toEqual(before);
  });
});

describe('tenant scope', () => {
  it("a brand user sees its own brand's totals only, and another brand is not found", async () => {
    const { token } = await loginAs(app, 'branduser@demo.test');
    const answer = await answerOf(token, { txn_date_time: juneDates });
    expect(answer.statistics).toEqual(
      (await fromRawRows({ ...june, brandIds: [ids.brands.standalone] })).statistics,
    );
    expect(answer.statistics).toContainEqual({ name: 'revenue', value: 1234 });
    for (const conditions of [{ brand_id: ids.brands.groupBrandA }, { group_id: ids.groupId }]) {
      const response = await dashboard(token, { conditions: { ...conditions, txn_date_time: juneDates } });
      expect(response.statusCode).toBe(404);
    }
  });

  it("a group role sees its group's brands only ('All' is the group), and a brand outside is not found", async () => {
    const { token } = await loginAs(app, 'groupuser@demo.test');
    const group = await fromRawRows({ ...june, brandIds: [ids.brands.groupBrandA, ids.brands.groupBrandB] });
    expect((await answerOf(token, { txn_date_time: juneDates })).statistics).toEqual(group.statistics);
    expect((await answerOf(token, { brand_id: 'All', txn_date_time: juneDates })).statistics).toEqual(
      group.statistics,
    );
    expect(
      (await answerOf(token, { brand_id: ids.brands.groupBrandB, txn_date_time: juneDates })).statistics,
    ).toEqual((await fromRawRows({ ...june, brandIds: [ids.brands.groupBrandB] })).statistics);
    const outside = await dashboard(token, {
      conditions: { brand_id: ids.brands.standalone, txn_date_time: juneDates },
    });
    expect(outside.statusCode).toBe(404);
  });

  it("answers 404 for another brand's campaign or branch, as everywhere, naming nothing of it", async () => {
    const { token } = await loginAs(app, 'brandadmin@demo.test');
    for (const conditions of [
      { campaign_id: campaign.aJune },
      { campaign_id: campaign.aJune, txn_date_time: juneDates },
      { kmid: branch.a1, txn_date_time: juneDates },
    ]) {
      const response = await dashboard(token, { conditions });
      expect(response.statusCode, JSON.stringify(conditions)).toBe(404);
      expect(response.body).not.toContain('2025-06');
    }
  });

  it("the system admin reads any brand's campaign report, as the report and print pages ask (spec 3 §2.5, §2.9)", async () => {
    const { token } = await loginAs(app, 'admin@demo.test');
    const answer = await answerOf(token, { campaign_id: campaign.aJune, txn_date_time: juneDates });
    expect(answer.name).toBe('Dashboard June A');
    expect(answer.statistics).toEqual(
      (await fromRawRows({ ...june, campaignId: campaign.aJune })).statistics,
    );
    expect(answer.statistics).not.toContainEqual({ name: 'conversions', value: 0 });
  });

  it('callers without a page that draws the figures are refused', async () => {
    const { token } = await loginAs(app, 'cardprovider@demo.test');
    expect((await dashboard(token, { conditions: {} })).statusCode).toBe(403);
    expect((await call(app, { method: 'POST', url: '/api/dashboard/client', body: {} })).statusCode).toBe(
      401,
    );
  });
});

describe('the date range (spec 3 §4, §5)', () => {
  it('defaults to the last 30 days ending today in the timezone setting', async () => {
    const answer = await answerOf(clientAdmin, {});
    expect([answer.start_date, answer.end_date]).toEqual(['2025-06-16', '2025-07-15']);
    expect(answer.currentFilter).toMatchObject({ start_date: '2025-06-16', end_date: '2025-07-15' });
  });

  it('uses the default range unless both dates are given', async () => {
    const answer = await answerOf(clientAdmin, { txn_date_time: ['2025-06-01'] });
    expect([answer.start_date, answer.end_date]).toEqual(['2025-06-16', '2025-07-15']);
  });

  it('clamps an end after today to today', async () => {
    const answer = await answerOf(clientAdmin, { txn_date_time: ['2025-07-01', '2025-12-31'] });
    expect([answer.start_date, answer.end_date]).toEqual(['2025-07-01', '2025-07-15']);
  });

  it('accepts a range of today alone', async () => {
    const answer = await answerOf(clientAdmin, { txn_date_time: ['2025-07-15', '2025-07-15'] });
    expect([answer.start_date, answer.end_date]).toEqual(['2025-07-15', '2025-07-15']);
  });

  it.each([
    [['2025-07-16', '2025-07-20'], messages.dashboard.startInFuture],
    [['2025-06-10', '2025-06-09'], messages.dashboard.endBeforeStart],
    [['2025-06-31', '2025-07-01'], messages.dashboard.dateInvalid],
    [['01/06/2025', '2025-07-01'], messages.dashboard.dateInvalid],
  ])('refuses %j with 400', async (dates, message) => {
    const response = await dashboard(clientAdmin, { conditions: { txn_date_time: dates } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toContain(message);
  });

  it.each([
    { conditions: { brand_id: 'not-an-id' } },
    { conditions: { customer_type_wrt_account: 'SOMEONE' } },
    { conditions: { unknown: 1 } },
    { conditions: {}, fields: ['everything'] },
  ])('refuses a bad filter %j with 400', async (body) => {
    expect((await dashboard(clientAdmin, body)).statusCode).toBe(400);
  });
});

describe('card lists across uploads (reporting_daily_cards, 0018)', () => {
  it('extends a day’s list with a later upload’s cards and counts reach and repeat customers over both', async () => {
    const branchA3 = await insertBranch(
      testApp.db,
      ids.brands.groupBrandA,
      'Active',
      'Dashboard A Three',
      'DASH-A3',
    );
    const upload = (rows: string[]) => ingest([header, ...rows].join('\n'), 'demo-atr-key');
    // Two new customers on one day, in two uploads of one publisher: the same store row; the first
    // card comes back that day (an existing customer now), so it counts once and as a repeat customer.
    expect(
      (await upload(['LIST-1,2025-06-12T12:00:00-04:00,20.00,GBP,DASH-A3,list-card-1,1001,,ATR'])).statusCode,
    ).toBe(200);
    expect(
      (
        await upload([
          'LIST-2,2025-06-12T13:00:00-04:00,21.00,GBP,DASH-A3,list-card-2,1002,,ATR',
          'LIST-3,2025-06-12T14:00:00-04:00,22.00,GBP,DASH-A3,list-card-1,1001,,ATR',
        ])
      ).statusCode,
    ).toBe(200);
    const lists = await testApp.db
      .selectFrom('reporting_daily_cards')
      .select(['customer_type', sql<number>`octet_length(cards) / 4`.as('purchases')])
      .where('branch_id', '=', branchA3)
      .orderBy('customer_type')
      .execute();
    expect(lists).toEqual([
      { customer_type: 'existing', purchases: 1 },
      { customer_type: 'new', purchases: 2 },
    ]);

    const conditions = { brand_id: ids.brands.groupBrandA, kmid: branchA3, txn_date_time: juneDates };
    const answer = await answerOf(clientAdmin, conditions);
    expect(answer.statistics).toContainEqual({ name: 'paying_cards', value: 2 });
    expect(answer.insights).toContainEqual({ name: 'repeat_customers', value: 1 });
    const raw = await fromRawRows({ ...june, brandIds: [ids.brands.groupBrandA], branchId: branchA3 });
    expect(answer.statistics).toEqual(raw.statistics);
    expect(answer.insights).toEqual(raw.insights);
  });
});
