import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import { campaignDates } from '@krowd/domain/overview/overview.schema';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { loadDemoImpressions } from './demo-impressions.ts';
import { demoMerchants, ingestDemoTransactions } from './demo-transactions.ts';

/** The demo impressions, made after the demo transactions as at a first start. */
let testApp: TestApp;
const now = new Date();

const impressions = () =>
  testApp.db
    .selectFrom('impressions as i')
    .innerJoin('campaigns as c', 'c.id', 'i.campaign_id')
    .select([
      'i.campaign_id',
      'i.publisher_id',
      'i.brand_id',
      'c.brand_id as campaign_brand',
      'c.start_date',
      'i.day',
      'i.reach',
    ])
    .orderBy('i.campaign_id')
    .orderBy('i.publisher_id')
    .orderBy('i.day')
    .execute();

beforeAll(async () => {
  testApp = await createTestApp();
  await ingestDemoTransactions(testApp.db, {
    merchants: await demoMerchants(testApp.db),
    count: 800,
    now,
    timeZone: testApp.config.timezone,
    file: 'month',
  });
  await loadDemoImpressions(testApp.db, { now, timeZone: testApp.config.timezone });
}, 120_000);
afterAll(() => testApp?.close());

describe('demo impressions', () => {
  it("fall on the days of their campaign's month up to yesterday, for the campaign's brand", async () => {
    const rows = await impressions();
    expect(rows.length).toBeGreaterThan(0);
    const today = localToday(now, testApp.config.timezone);
    for (const row of rows) {
      const { startDate, endDate } = campaignDates(row.start_date);
      expect(row.day >= startDate && row.day <= endDate && row.day < today).toBe(true);
      expect(row.brand_id).toBe(row.campaign_brand);
    }
  });

  it('cover every campaign and publisher that brought conversions, several times their conversions', async () => {
    const { rows } = await sql<{
      campaign_id: string;
      publisher_id: string;
      day: string;
      conversions: number;
    }>`
      SELECT campaign_id, publisher_id, day::text AS day, sum(conversions)::int AS conversions
      FROM reporting_daily WHERE day < ${localToday(now, testApp.config.timezone)}::date
      GROUP BY 1, 2, 3 HAVING sum(conversions) > 0`.execute(testApp.db);
    expect(rows.length).toBeGreaterThan(0);
    const reachOf = new Map(
      (await impressions()).map((row) => [
        `${row.campaign_id} ${row.publisher_id} ${row.day}`,
        Number(row.reach),
      ]),
    );
    for (const row of rows) {
      const reach = reachOf.get(`${row.campaign_id} ${row.publisher_id} ${row.day}`);
      expect(reach, JSON.stringify(row)).toBeDefined();
      expect(reach!).toBeGreaterThanOrEqual(row.conversions * 8 + 40);
    }
  });

  it('are the same values when loaded again (seeded, and a day replaces its value)', async () => {
    const before = await impressions();
    await loadDemoImpressions(testApp.db, { now, timeZone: testApp.config.timezone });
    expect(await impressions()).toEqual(before);
  });
});
