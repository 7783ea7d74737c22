import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyWeekDay, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, type App, type TestApp } from '../../test/test-app.ts';

/**
 * A recurring series' paused ranges are kept on its primary (spec 1 §4) and apply to the month's
 * campaign of the series they fall in (qualification.md rule 4, 'Campaign paused'): a purchase on
 * a paused day of a child month earns nothing, the day after it earns again. One brand of the
 * test's own (MID PAUSE-1), in the default timezone (America/New_York): a dp 10% series from May
 * 2025, its June campaign made, paused 10–12 June.
 */

let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: 'Pause Brand' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await testApp.db
    .insertInto('branches')
    .values({ brand_id: brand.id, name: 'Pause Branch', status: 'Active', mastercard_merchant_id: 'PAUSE-1' })
    .execute();
  const values = { week_days: everyWeekDay, discount_percent: 10 };
  const primary = await insertCampaign(testApp.db, {
    brandId: brand.id,
    month: '2025-05',
    status: 'Bank Approved',
    recurring: true,
    values,
  });
  await insertCampaign(testApp.db, {
    brandId: brand.id,
    month: '2025-06',
    status: 'Bank Approved',
    recurring: true,
    primaryId: primary,
    values,
  });
  await testApp.db
    .insertInto('campaign_pauses')
    .values({ campaign_id: primary, brand_id: brand.id, from_date: '2025-06-10', to_date: '2025-06-12' })
    .execute();
});

afterAll(async () => {
  await testApp?.close();
});

describe("a series' pause in a month of the series", () => {
  it('refuses the paused days of the child month, both ends included, and qualifies the days around them', async () => {
    const day = (id: string, date: string) =>
      `${id},2025-06-${date}T12:00:00-04:00,20.00,GBP,PAUSE-1,card-${id},4242,,ATR`;
    const response = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
      body: [
        'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher',
        day('P-09', '09'),
        day('P-10', '10'),
        day('P-12', '12'),
        day('P-13', '13'),
      ].join('\n'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await testApp.db
      .selectFrom('transactions')
      .select(['publisher_transaction_id as id', 'outcome', 'reason'])
      .where('publisher_transaction_id', 'like', 'P-%')
      .orderBy('publisher_transaction_id')
      .execute();
    expect(rows.map((r) => `${r.id} ${r.outcome} ${r.reason ?? '-'}`)).toEqual([
      'P-09 qualified -',
      'P-10 notQualified campaignPaused',
      'P-12 notQualified campaignPaused',
      'P-13 qualified -',
    ]);
  });
});
