import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { OverviewFigures } from '@krowd/domain/overview/overview.schema';
import { insertCampaign, everyWeekDay, insertBranch } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * The Campaign Overview Manager and Editor (spec 2 §2.12–2.13, §5, §7, §8) and what they add to the
 * dashboard: impressions reach and edited figures. June 2025 campaigns of the demo group's brand A
 * and the standalone brand; today is 15 July 2025 (America/New_York). Files go through the docs
 * upload; every figure is compared with sums computed here from the raw rows.
 */

const m = messages.overview;
const today = new Date('2025-07-15T16:00:00Z');
let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
const campaign = { a: '', a2: '', s: '' };
const branch = { a: '', s: '' };

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const transactionsFile = () =>
  [
    header,
    'OV-1,2025-06-02T12:00:00-04:00,50.00,GBP,OV-A,card-1,1111,N1 9AA,ATR',
    'OV-2,2025-06-02T13:00:00-04:00,30.00,GBP,OV-A,card-2,2222,N1 9AA,ATR',
    'OV-3,2025-06-09T12:00:00-04:00,20.00,GBP,OV-A,card-1,1111,N1 9AA,Fidel',
    'OV-4,2025-06-05T12:00:00-04:00,12.34,GBP,OV-S,card-3,3333,E1 6AN,ATR',
    'OV-5,2025-06-10T12:00:00-04:00,-30.00,GBP,OV-A,card-2,2222,N1 9AA,ATR',
  ].join('\n');
const impressionsFile = () =>
  [
    'date,publisher,campaign_id,reach',
    `2025-06-02,ATR,${campaign.a},400`,
    `2025-06-03,ATR,${campaign.a},350`,
    `2025-06-09,Fidel,${campaign.a},120`,
    `2025-06-05,ATR,${campaign.s},90`,
  ].join('\n');

interface Part {
  name: string;
  value: string;
  fileName?: string;
  type?: string;
}

function multipart(parts: Part[]) {
  const boundary = `----krowd${randomBytes(8).toString('hex')}`;
  const chunks = parts.map((part) =>
    part.fileName === undefined
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
        `Content-Type: ${part.type ?? 'text/csv'}\r\n\r\n${part.value}\r\n`,
  );
  return {
    body: `${chunks.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(token: string, parts: Part[]) {
  const { body, headers } = multipart(parts);
  return call(app, { method: 'POST', url: '/api/campaignoverview/upload', token, headers, body });
}

const files = (transactions: string, impressions: string): Part[] => [
  { name: 'transactions', value: transactions, fileName: 'transactions.csv' },
  { name: 'impressions', value: impressions, fileName: 'impressions.csv' },
];

function raw(token: string, id: string) {
  return call(app, { url: `/api/campaignoverview/raw?id=${id}`, token });
}

function save(token: string, id: string, body: unknown) {
  return call(app, { method: 'PUT', url: `/api/campaignoverview/${id}`, token, body });
}

async function dashboardOf(token: string, conditions: Record<string, unknown>) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/dashboard/client',
    token,
    body: { conditions },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { dashboard: DashboardAnswer }).dashboard;
}

const statistic = (answer: { statistics?: { name: string; value: unknown }[] }, name: string) =>
  answer.statistics?.find((entry) => entry.name === name)?.value;

/** A valid edit of campaign A: two days, one entry in each of the four tabs. */
const edited = () => ({
  co: { totalCost: 12_000, highestSpend: 9_000, lowestSpend: 1_000, averageSpend: 4_000 },
  performance: [
    { date: '2025-06-02', reach: 1_000, conversions: 30, revenue: 120_000 },
    { date: '2025-06-20', reach: 500, conversions: 10, revenue: 40_000 },
  ],
  stats: [
    { type: 'age', label: '25-34', value: 60 },
    { type: 'branches', label: 'Overview A', value: 40 },
    { type: 'nationality', label: 'British', value: 70 },
    { type: 'gender', label: 'Female', value: 55 },
  ],
  campaign_id: campaign.a,
});

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => new Date(today) });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  const addBranch = (brandId: string, name: string, mid: string) =>
    insertBranch(testApp.db, brandId, 'Active', name, mid);
  branch.a = await addBranch(ids.brands.groupBrandA, 'Overview A', 'OV-A');
  branch.s = await addBranch(ids.brands.standalone, 'Overview S', 'OV-S');
  const approved = { status: 'Bank Approved' as const, values: { week_days: everyWeekDay } };
  for (const month of ['2025-03', '2025-04', '2025-05']) {
    await insertCampaign(testApp.db, { brandId: ids.brands.groupBrandA, month, ...approved });
  }
  campaign.a = await insertCampaign(testApp.db, {
    brandId: ids.brands.groupBrandA,
    month: '2025-06',
    name: 'Overview June A',
    discountPercent: 10,
    successFee: 10,
    ...approved,
  });
  campaign.s = await insertCampaign(testApp.db, {
    brandId: ids.brands.standalone,
    month: '2025-06',
    name: 'Overview June S',
    discountPercent: 5,
    ...approved,
  });
  campaign.a2 = await insertCampaign(testApp.db, {
    brandId: ids.brands.groupBrandA,
    month: '2025-07',
    name: 'Overview July A',
    ...approved,
  });
  admin = (await loginAs(app, 'admin@demo.test')).token;
});

afterAll(async () => {
  await testApp?.close();
});

async function storedTransactions() {
  const row = await testApp.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('publisher_transaction_id', 'like', 'OV-%')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function storedImpressions() {
  return testApp.db
    .selectFrom('impressions')
    .select(['campaign_id', 'day', 'reach'])
    .where('campaign_id', 'in', [campaign.a, campaign.s])
    .orderBy('day')
    .execute();
}

describe('POST /api/campaignoverview/upload refuses without storing anything', () => {
  it.each([
    ['no impressions file', () => [files(transactionsFile(), '')[0]!], 400, m.impressionsFileRequired],
    ['no transactions file', () => [files('', impressionsFile())[1]!], 400, m.transactionsFileRequired],
    ['an empty impressions file', () => files(transactionsFile(), ''), 400, m.fileEmpty],
    ['an empty transactions file', () => files('', impressionsFile()), 400, m.fileEmpty],
    [
      'a file that is not .csv',
      () => [files(transactionsFile(), '')[0]!, { name: 'impressions', value: 'x', fileName: 'i.xlsx' }],
      400,
      m.fileNotCsv,
    ],
  ])('%s', async (_name, parts, status, message) => {
    const response = await upload(admin, parts());
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().errorMessage).toBe(message);
    expect(await storedTransactions()).toBe(0);
  });

  it('a bad impressions row stores no transaction either, and every error names its file and line', async () => {
    const impressions = [
      'date,publisher,campaign_id,reach',
      `2025-06-02,ATR,${campaign.a},400`,
      `2025-06-03,ATR,${campaign.a},-5`,
      `2025-07-03,ATR,${campaign.a},5`,
      `2025-06-04,Nobody,${campaign.a},5`,
      `2025-06-02,ATR,${campaign.a},7`,
    ].join('\n');
    const transactions = `${transactionsFile()}\nOV-9,not-a-date,1.00,GBP,OV-A,card-9,9999,,ATR`;
    const response = await upload(admin, files(transactions, impressions));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      code: 'file_refused',
      errorMessage: m.filesInvalid,
      errors: [
        { file: 'impressions', line: 3, message: m.impressionsReachInvalid },
        { file: 'impressions', line: 4, message: m.impressionsOutsideCampaign('2025-06-01', '2025-06-30') },
        { file: 'impressions', line: 5, message: m.impressionsPublisherUnknown('Nobody') },
        { file: 'impressions', line: 6, message: m.impressionsRepeated(2) },
        { file: 'transactions', line: 7, message: messages.ingestion.datetimeInvalid },
      ],
    });
    expect(await storedTransactions()).toBe(0);
    expect(await storedImpressions()).toEqual([]);
  });

  it('a bad transactions row of one publisher stores nothing of any publisher nor any impression', async () => {
    const transactions = `${transactionsFile()}\nOV-9,2025-06-03T12:00:00-04:00,1.00,EUR,OV-A,card-9,9999,,Fidel`;
    const response = await upload(admin, files(transactions, impressionsFile()));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { file: 'transactions', line: 7, message: messages.ingestion.currencyInvalid },
    ]);
    expect(await storedTransactions()).toBe(0);
    expect(await storedImpressions()).toEqual([]);
  });

  it('a publisher nobody knows is refused with its line', async () => {
    const transactions = `${transactionsFile()}\nOV-9,2025-06-03T12:00:00-04:00,1.00,GBP,OV-A,card-9,9999,,Nobody`;
    const response = await upload(admin, files(transactions, impressionsFile()));
    expect(response.json().errors).toEqual([
      { file: 'transactions', line: 7, message: m.impressionsPublisherUnknown('nobody') },
    ]);
    expect(await storedTransactions()).toBe(0);
  });

  it('only a system admin uploads', async () => {
    const { token } = await loginAs(app, 'brandadmin@demo.test');
    expect((await upload(token, files(transactionsFile(), impressionsFile()))).statusCode).toBe(403);
  });
});

describe('the docs upload, the computed overview and the edited figures', () => {
  beforeAll(async () => {
    const response = await upload(admin, [
      ...files(transactionsFile(), impressionsFile()),
      { name: 'start_date', value: '2025-06' },
      { name: 'end_date', value: '2025-06' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      respMessage: m.docsUploaded,
      transactions: { received: 5, inserted: 5, duplicates: 0, unmatched: 0 },
      impressions: { stored: 4 },
    });
  });

  it('stores the transactions of every publisher through the ingestion, with a console log each', async () => {
    expect(await storedTransactions()).toBe(5);
    const logs = await testApp.db
      .selectFrom('ingestion_logs as l')
      .innerJoin('publishers as p', 'p.id', 'l.publisher_id')
      .select(['p.code', 'l.channel', 'l.file_name'])
      .where('l.file_name', '=', 'transactions.csv')
      .orderBy('p.code')
      .execute();
    expect(logs).toEqual([
      { code: 'ATR', channel: 'console', file_name: 'transactions.csv' },
      { code: 'Fidel', channel: 'console', file_name: 'transactions.csv' },
    ]);
  });

  it('sending the impressions again replaces their values instead of adding to them', async () => {
    const again = impressionsFile().replace(
      `2025-06-03,ATR,${campaign.a},350`,
      `2025-06-03,ATR,${campaign.a},360`,
    );
    const response = await upload(admin, files(transactionsFile(), again));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().transactions).toMatchObject({ inserted: 0, duplicates: 5 });
    const rows = await storedImpressions();
    expect(rows).toHaveLength(4);
    expect(rows.find((row) => row.day === '2025-06-03')?.reach).toBe(360);
    // Put the first value back for the tests below.
    expect((await upload(admin, files(transactionsFile(), impressionsFile()))).statusCode).toBe(200);
  });

  it("the trigger's job stores snapshots equal to sums over the raw transactions and impressions", async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/campaignoverview/create',
      token: admin,
      body: { start_date: '2025-06', end_date: '2025-06' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().respMessage).toBe(m.triggered);
    await app.services.jobs.runDue();

    const snapshot = await testApp.db
      .selectFrom('campaign_overview_snapshots')
      .select('figures')
      .where('campaign_id', '=', campaign.a)
      .executeTakeFirstOrThrow();
    const figures = snapshot.figures as OverviewFigures;

    const rows = await testApp.db
      .selectFrom('transactions')
      .select([
        'amount_pence',
        'cashback_pence',
        'success_fee_pence',
        'outcome',
        sql<string>`local_datetime::date::text`.as('day'),
      ])
      .where('campaign_id', '=', campaign.a)
      .where('outcome', '<>', 'notQualified')
      .execute();
    const shown = await testApp.db
      .selectFrom('impressions')
      .select(['day', 'reach'])
      .where('campaign_id', '=', campaign.a)
      .execute();
    const purchases = rows.filter((row) => row.outcome === 'qualified');
    const sum = (values: number[]) => values.reduce((total, value) => total + Number(value), 0);
    const revenue = sum(rows.map((row) => row.amount_pence));
    const cost = sum(rows.map((row) => Number(row.cashback_pence) + Number(row.success_fee_pence)));
    const amounts = purchases.map((row) => Number(row.amount_pence));
    expect(figures.co).toEqual({
      totalCost: cost,
      highestSpend: Math.max(...amounts),
      lowestSpend: Math.min(...amounts),
      averageSpend: Math.round(revenue / purchases.length),
      reach: sum(shown.map((row) => row.reach)),
      conversions: purchases.length,
      revenue,
      cpa: Math.round(cost / purchases.length),
    });
    const days = [...new Set([...rows.map((row) => row.day), ...shown.map((row) => row.day)])].sort();
    expect(figures.performance).toEqual(
      days.map((day) => ({
        date: day,
        reach: sum(shown.filter((row) => row.day === day).map((row) => row.reach)),
        conversions: purchases.filter((row) => row.day === day).length,
        revenue: sum(rows.filter((row) => row.day === day).map((row) => row.amount_pence)),
      })),
    );
    expect(figures.stats).toEqual([{ type: 'branches', label: 'Overview A', value: purchases.length }]);
    // The July campaign is outside the range: no snapshot.
    const july = await testApp.db
      .selectFrom('campaign_overview_snapshots')
      .select('campaign_id')
      .where('campaign_id', '=', campaign.a2)
      .executeTakeFirst();
    expect(july).toBeUndefined();
  });

  it('answers the raw overview with the computed figures and no override yet', async () => {
    const response = await raw(admin, campaign.a);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.campaign).toEqual({
      id: campaign.a,
      name: 'Overview June A',
      startDate: '2025-06-01',
      endDate: '2025-06-30',
    });
    expect(body.overridden).toBe(false);
    expect(body.computedAt).not.toBeNull();
    expect(body.overview).toEqual({ ...body.computed, campaign_id: campaign.a });
  });

  it.each([
    ['an empty stats tab', () => ({ ...edited(), stats: edited().stats.slice(1) }), m.statsEmpty('age')],
    ['no performance row', () => ({ ...edited(), performance: [] }), m.performanceEmpty],
    [
      'a date outside the campaign',
      () => ({ ...edited(), performance: [{ date: '2025-07-01', reach: 1, conversions: 1, revenue: 1 }] }),
      m.dateOutsideCampaign('2025-06-01', '2025-06-30'),
    ],
    [
      'a fractional conversion count',
      () => ({ ...edited(), performance: [{ date: '2025-06-02', reach: 1, conversions: 1.5, revenue: 1 }] }),
      m.conversionsInvalid,
    ],
    [
      'no total cost',
      () => ({ ...edited(), co: { ...edited().co, totalCost: undefined } }),
      m.totalCostRequired,
    ],
    ['another campaign id', () => ({ ...edited(), campaign_id: campaign.s }), m.campaignMismatch],
  ])('refuses %s with 400 and changes nothing', async (_name, body, message) => {
    const response = await save(admin, campaign.a, body());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errorMessage).toContain(message);
    expect((await raw(admin, campaign.a)).json().overridden).toBe(false);
  });

  it('refuses brand-side callers the save (403) and outsiders the read (404)', async () => {
    const groupAdmin = await loginAs(app, 'groupadmin@demo.test');
    expect((await save(groupAdmin.token, campaign.a, edited())).statusCode).toBe(403);
    expect((await raw(groupAdmin.token, campaign.a)).statusCode).toBe(200);
    const brandAdmin = await loginAs(app, 'brandadmin@demo.test');
    expect((await raw(brandAdmin.token, campaign.a)).statusCode).toBe(404);
    expect((await raw(brandAdmin.token, campaign.s)).statusCode).toBe(200);
    const finance = await loginAs(app, 'branduser@demo.test');
    expect((await raw(finance.token, campaign.s)).statusCode).toBe(403);
    expect((await raw(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  describe('after a save', () => {
    let computedBefore: OverviewFigures;

    beforeAll(async () => {
      computedBefore = (await raw(admin, campaign.a)).json().computed;
      const response = await save(admin, campaign.a, edited());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ respCode: 205, respMessage: m.saved });
    });

    it('keeps the override beside the computed snapshot, with who saved it', async () => {
      const body = (await raw(admin, campaign.a)).json();
      expect(body.overridden).toBe(true);
      expect(body.overriddenBy).toBe('admin@demo.test');
      expect(body.overriddenAt).toBe(today.toISOString());
      expect(body.computed).toEqual(computedBefore);
      expect(body.overview.co).toEqual({
        ...edited().co,
        reach: 1_500,
        conversions: 40,
        revenue: 160_000,
        cpa: 300,
      });
      expect(body.overview.stats).toEqual(edited().stats);
      const snapshots = await testApp.db
        .selectFrom('campaign_overview_snapshots')
        .select('figures')
        .where('campaign_id', '=', campaign.a)
        .execute();
      expect(snapshots.map((row) => row.figures)).toEqual([computedBefore]);
    });

    it("the campaign's single-campaign dashboard shows the edited figures, marked, with the computed beside", async () => {
      const groupAdmin = await loginAs(app, 'groupadmin@demo.test');
      const answer = await dashboardOf(groupAdmin.token, { campaign_id: campaign.a });
      expect([answer.start_date, answer.end_date]).toEqual(['2025-06-01', '2025-06-30']);
      expect(answer.overridden).toEqual({ at: today.toISOString(), by: 'admin@demo.test' });
      expect(statistic(answer, 'conversions')).toBe(40);
      expect(statistic(answer, 'total_cost')).toBe(12_000);
      expect(statistic(answer, 'cpa')).toBe(300);
      expect(answer.insights).toContainEqual({ name: 'highest_spend', value: 9_000 });
      expect(answer.performance?.conversions).toEqual([
        { label: '2025-W23', value: 30 },
        { label: '2025-W25', value: 10 },
      ]);
      expect(answer.demographic?.age).toEqual([{ label: '25-34', value: 60 }]);
      expect(statistic(answer.computed!, 'conversions')).toBe(computedBefore.co.conversions);
    });

    it('other campaigns, other filters and part of the month stay computed', async () => {
      const client = (await loginAs(app, 'clientadmin@demo.test')).token;
      const sAnswer = await dashboardOf(client, {
        campaign_id: campaign.s,
        txn_date_time: ['2025-06-01', '2025-06-30'],
      });
      expect(sAnswer.overridden).toBeUndefined();
      for (const conditions of [
        { campaign_id: campaign.a, data_source: 'ATR', txn_date_time: ['2025-06-01', '2025-06-30'] },
        { campaign_id: campaign.a, txn_date_time: ['2025-06-05', '2025-06-30'] },
        { txn_date_time: ['2025-06-01', '2025-06-30'] },
      ]) {
        const answer = await dashboardOf(client, conditions);
        expect(answer.overridden).toBeUndefined();
        expect(statistic(answer, 'conversions')).not.toBe(40);
      }
    });
  });
});

describe('dashboard reach from impressions', () => {
  const june = ['2025-06-01', '2025-06-30'];

  async function rawReach(filter: {
    brandId?: string;
    campaignId?: string;
    publisher?: string;
    start?: string;
  }) {
    let query = testApp.db
      .selectFrom('impressions as i')
      .innerJoin('publishers as p', 'p.id', 'i.publisher_id')
      .select(['i.reach', 'i.day'])
      .where('i.day', '>=', filter.start ?? june[0]!)
      .where('i.day', '<=', june[1]!);
    if (filter.brandId) query = query.where('i.brand_id', '=', filter.brandId);
    if (filter.campaignId) query = query.where('i.campaign_id', '=', filter.campaignId);
    if (filter.publisher) query = query.where('p.code', '=', filter.publisher);
    return (await query.execute()).reduce((total, row) => total + Number(row.reach), 0);
  }

  it.each([
    ['every brand', {}, {}],
    ['one brand', () => ({ brand_id: ids.brands.standalone }), () => ({ brandId: ids.brands.standalone })],
    ['a publisher', { data_source: 'Fidel' }, { publisher: 'Fidel' }],
    ['part of the month', { txn_date_time: ['2025-06-03', '2025-06-30'] }, { start: '2025-06-03' }],
  ])('is the sum of the daily reach of the impressions for %s', async (_name, conditions, filter) => {
    const client = (await loginAs(app, 'clientadmin@demo.test')).token;
    const given = typeof conditions === 'function' ? conditions() : conditions;
    const expected = await rawReach(typeof filter === 'function' ? filter() : filter);
    expect(expected).toBeGreaterThan(0);
    const answer = await dashboardOf(client, { txn_date_time: june, ...given });
    expect(answer.reachSource).toBe('impressions');
    expect(statistic(answer, 'reach')).toBe(expected);
  });

  it('is not available for one branch, never replaced by the cards that bought', async () => {
    const client = (await loginAs(app, 'clientadmin@demo.test')).token;
    const answer = await dashboardOf(client, {
      brand_id: ids.brands.groupBrandA,
      kmid: branch.a,
      txn_date_time: june,
    });
    // Impressions are per campaign, not per branch: reach is 'N/A' with the reason, no weekly line.
    expect(answer.reachSource).toBe('notByBranch');
    expect(statistic(answer, 'reach')).toBe('N/A');
    expect(answer.performance?.reach).toEqual([]);
    // The two cards that bought at branch A are their own figure.
    expect(statistic(answer, 'paying_cards')).toBe(2);
    const whole = await dashboardOf(client, { brand_id: ids.brands.groupBrandA, txn_date_time: june });
    expect(statistic(whole, 'reach')).toBe(await rawReach({ brandId: ids.brands.groupBrandA }));
  });

  it('is not available for one customer type either', async () => {
    const client = (await loginAs(app, 'clientadmin@demo.test')).token;
    const answer = await dashboardOf(client, {
      brand_id: ids.brands.groupBrandA,
      customer_type_wrt_account: 'NEW USER',
      txn_date_time: june,
    });
    expect(answer.reachSource).toBe('notByCustomerType');
    expect(statistic(answer, 'reach')).toBe('N/A');
  });

  it('computes a campaign without impressions with no reach, not its paying cards', async () => {
    const ingested = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
      body: [
        header,
        'OV-J1,2025-07-02T12:00:00-04:00,40.00,GBP,OV-A,card-7,7777,N1 9AA,ATR',
        'OV-J2,2025-07-02T13:00:00-04:00,10.00,GBP,OV-A,card-8,8888,N1 9AA,ATR',
      ].join('\n'),
    });
    expect(ingested.json()).toMatchObject({ rejected: 0 });
    const response = await raw(admin, campaign.a2);
    expect(response.statusCode, response.body).toBe(200);
    const { computed } = response.json() as { computed: OverviewFigures };
    expect(computed.co).toMatchObject({ reach: 0, conversions: 2 });
    expect(computed.performance).toEqual([{ date: '2025-07-02', reach: 0, conversions: 2, revenue: 5_000 }]);
  });

  it('a brand never sees the reach of another brand', async () => {
    const { token } = await loginAs(app, 'branduser@demo.test');
    const answer = await dashboardOf(token, { txn_date_time: june });
    expect(statistic(answer, 'reach')).toBe(await rawReach({ brandId: ids.brands.standalone }));
  });
});

describe('the manager list and trigger validation', () => {
  it('lists campaigns of the months with their overview status', async () => {
    const response = await call(app, {
      url: '/api/campaignoverview/list?start_date=2025-06&end_date=2025-07',
      token: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().campaigns as {
      id: string;
      computedAt: string | null;
      editedAt: string | null;
    }[];
    expect(rows.find((row) => row.id === campaign.a)).toMatchObject({ editedAt: today.toISOString() });
    expect(rows.find((row) => row.id === campaign.a2)).toMatchObject({ computedAt: null, editedAt: null });
  });

  it.each([
    [{ start_date: '2025-07', end_date: '2025-06' }, m.endMonthBeforeStart],
    [{ start_date: '2025-13', end_date: '2025-06' }, m.monthInvalid],
    [{ start_date: '', end_date: '2025-06' }, m.startMonthRequired],
    [{ start_date: '2020-01', end_date: '2025-06' }, m.monthRangeTooLong(24)],
  ])('refuses the trigger %j with 400', async (body, message) => {
    for (const path of ['create', 'createfromdata']) {
      const response = await call(app, {
        method: 'POST',
        url: `/api/campaignoverview/${path}`,
        token: admin,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toContain(message);
    }
  });
});
