import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import type { IngestionLogRow } from '@krowd/domain/ingestion/ingestion-response.schema';
import { call, createTestApp, demoIds, loginAs, type TestApp } from '../test/test-app.ts';
import { demoMerchants, ingestDemoTransactions, type DemoFile } from './demo-transactions.ts';

/**
 * The demo transactions going through the real ingestion, as at a first start (the test harness's
 * demo data holds none: loading them costs seconds, so this file loads its own).
 */
let testApp: TestApp;
let files: DemoFile[];
let logsBefore: string[];
const now = new Date();
const count = 1500;

const load = async () =>
  ingestDemoTransactions(testApp.db, {
    merchants: await demoMerchants(testApp.db),
    count,
    now,
    timeZone: testApp.config.timezone,
    file: 'month',
  });

beforeAll(async () => {
  testApp = await createTestApp();
  // The harness's demo data holds demo-reporting.ts's synthetic logs.
  logsBefore = (await testApp.db.selectFrom('ingestion_logs').select('id').execute()).map((log) => log.id);
  files = await load();
}, 120_000);
afterAll(() => testApp?.close());

describe('demo transactions at first start', () => {
  it('are uploaded a file per publisher and month, every row stored', () => {
    expect(files.reduce((sum, file) => sum + file.rows, 0)).toBe(count);
    expect(files.every((file) => file.result.rejected === 0 && file.result.duplicates === 0)).toBe(true);
    expect(files.reduce((sum, file) => sum + file.result.inserted, 0)).toBe(count);
    expect(new Set(files.map((file) => file.publisher))).toEqual(new Set(['ATR', 'Fidel', 'LUX', 'Amex']));
    const months = files.filter((file) => file.publisher === 'ATR').length;
    expect(months).toBeGreaterThanOrEqual(12);
    expect(months).toBeLessThanOrEqual(13);
  });

  it('show in the ingestion logs the bank sees, with the files’ real totals', async () => {
    const { token } = await loginAs(testApp.app, 'bank@demo.test');
    const response = await call(testApp.app, { url: '/api/ingestionLogs?limit=100', token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: IngestionLogRow[]; pagination: { total: number } }>();
    expect(body.pagination.total).toBe(logsBefore.length + files.length);
    const stored = await testApp.db
      .selectFrom('transactions')
      .select([sql<number>`count(*)::int`.as('rows'), sql<number>`sum(amount_pence)::int`.as('gmv')])
      .executeTakeFirstOrThrow();
    const demoLogs = await testApp.db
      .selectFrom('ingestion_logs')
      .where('id', 'not in', logsBefore)
      .select(['transaction_count', 'gmv_pence', 'unmatched_count'])
      .execute();
    expect(demoLogs).toHaveLength(files.length);
    expect(demoLogs.reduce((sum, log) => sum + Number(log.transaction_count), 0)).toBe(stored.rows);
    expect(demoLogs.reduce((sum, log) => sum + Number(log.gmv_pence), 0)).toBe(stored.gmv);
    const unmatched = files.reduce((sum, file) => sum + file.result.unmatched, 0);
    expect(unmatched).toBeGreaterThan(0);
    expect(demoLogs.reduce((sum, log) => sum + Number(log.unmatched_count), 0)).toBe(unmatched);
  });

  it('qualify for the demo campaigns of past months, with cashback', async () => {
    const ids = await demoIds(testApp.db);
    const month = currentMonth(now, testApp.config.timezone);
    const byCampaign = await testApp.db
      .selectFrom('transactions as t')
      .innerJoin('campaigns as c', 'c.id', 't.campaign_id')
      .where('t.outcome', 'in', ['qualified', 'refund'])
      .groupBy(['c.id', 'c.brand_id', 'c.start_date', 't.outcome'])
      .select([
        'c.brand_id',
        'c.start_date',
        't.outcome',
        sql<number>`count(*)::int`.as('rows'),
        sql<number>`sum(t.cashback_pence)::int`.as('cashback'),
      ])
      .execute();
    const qualified = byCampaign.filter((row) => row.outcome === 'qualified');
    const startOf = (row: { start_date: unknown }) => String(row.start_date).slice(0, 7);
    const past = qualified.filter((row) => startOf(row) < month);
    expect(past.length).toBeGreaterThanOrEqual(2);
    expect(past.every((row) => row.cashback > 0)).toBe(true);
    expect(past.map((row) => row.brand_id)).toContain(ids.brands.standalone);
    expect(qualified.every((row) => startOf(row) <= month)).toBe(true);
    expect(qualified.some((row) => startOf(row) === shiftMonth(month, 1))).toBe(false);
  });

  // The rows run to yesterday: on the first two days of a month its campaigns may have none yet.
  it.runIf(Number(new Date().toISOString().slice(8, 10)) >= 3)(
    'qualify for the demo campaigns of the current month',
    async () => {
      const month = currentMonth(now, testApp.config.timezone);
      const current = await testApp.db
        .selectFrom('transactions as t')
        .innerJoin('campaigns as c', 'c.id', 't.campaign_id')
        .where('t.outcome', '=', 'qualified')
        .where('c.start_date', '=', `${month}-01`)
        .select(sql<number>`sum(t.cashback_pence)::int`.as('cashback'))
        .executeTakeFirstOrThrow();
      expect(current.cashback).toBeGreaterThan(0);
    },
  );

  it("give the dashboard's reasons panel at least two reasons on first start, for every brand and for one brand", async () => {
    const ids = await demoIds(testApp.db);
    const reasonsFor = async (email: string, conditions: Record<string, unknown>) => {
      const { token } = await loginAs(testApp.app, email);
      const response = await call(testApp.app, {
        method: 'POST',
        url: '/api/dashboard/not-qualified',
        token,
        body: { conditions },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ notQualified: { reasons: { reason: string; count: number }[] } }>().notQualified
        .reasons;
    };
    // The dashboard's first answer: the last 30 days, no filter.
    expect((await reasonsFor('clientadmin@demo.test', {})).length).toBeGreaterThanOrEqual(2);
    expect(
      (await reasonsFor('groupadmin@demo.test', { brand_id: ids.brands.groupBrandA })).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('are the same rows on a second load, so nothing more is stored', async () => {
    const again = await load();
    expect(again.reduce((sum, file) => sum + file.result.duplicates, 0)).toBe(count);
    expect(again.reduce((sum, file) => sum + file.result.inserted, 0)).toBe(0);
  }, 60_000);
});
