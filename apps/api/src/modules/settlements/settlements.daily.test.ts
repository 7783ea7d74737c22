import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyColumns } from '@krowd/domain/settlement/settlement.rules';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { createTestApp, createTestClock, type App, type TestApp } from '../../test/test-app.ts';
import { createWebhookEvents } from '../webhooks/webhooks.wiring.ts';
import {
  createSettlements,
  publisherDownloadPath,
  sha256Hex,
  type Settlements,
} from './settlements.service.ts';
import { ingestAtrRows, settlementRecords } from './settlements.fixtures.ts';

/**
 * The daily redemption file (docs/decisions/0107): a publisher's transactions that qualified or
 * were refunded on one local day of the timezone setting (New York in the tests), made once. The
 * figures below are worked by hand from the campaign's terms: 7% cashback, 10% success fee, each
 * rounded half up to the penny.
 */

let testApp: TestApp;
let app: App;
let settlements: Settlements;
let publisherId: string;
const clock = createTestClock(new Date('2025-05-12T16:00:00Z'));

const ingest = (...rows: string[]) => ingestAtrRows(app, ...rows);

const parse = settlementRecords;

const readyEvents = (fileId: string) =>
  testApp.db
    .selectFrom('webhook_events')
    .select(['type', 'mode', 'publisher_id', 'data'])
    .where('subject_id', '=', fileId)
    .execute();

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  app = testApp.app;
  const brandId = (
    await testApp.db
      .insertInto('brands')
      .values({ name: 'Daily Brand' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: 'D Branch', status: 'Active', mastercard_merchant_id: 'DAY-MC-1' })
    .execute();
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  // The brand's first three campaign months charge no success fee: May is its fourth.
  for (const month of ['2025-02', '2025-03', '2025-04', '2025-05']) {
    await insertCampaign(testApp.db, {
      brandId,
      month,
      name: `Daily ${month}`,
      status: 'Bank Approved',
      discountPercent: 7,
      successFee: 10,
      values: { week_days: JSON.stringify(everyDay) },
    });
  }
  await ingest(
    'DAY-0,2025-05-09T23:59:00-04:00,10.00,GBP,DAY-MC-1,card-z,9999,,ATR',
    'DAY-1,2025-05-10T00:30:00-04:00,40.00,GBP,DAY-MC-1,card-a,1111,N1 9AA,ATR',
    'DAY-2,2025-05-10T18:00:00-04:00,-10.00,GBP,DAY-MC-1,card-a,1111,N1 9AA,ATR',
    // 03:45 UTC on 11 May is still 10 May in New York.
    'DAY-3,2025-05-10T23:45:00-04:00,23.33,GBP,DAY-MC-1,card-b,2222,,ATR',
    'DAY-4,2025-05-10T12:00:00-04:00,15.00,GBP,NO-SUCH-MID,card-c,3333,,ATR',
  );
  publisherId = (
    await testApp.db
      .selectFrom('transactions')
      .select('publisher_id')
      .where('publisher_transaction_id', '=', 'DAY-1')
      .executeTakeFirstOrThrow()
  ).publisher_id;
  const events = createWebhookEvents({ db: testApp.db, jobs: app.services.jobs });
  settlements = createSettlements({
    db: testApp.db,
    events,
    timeZone: testApp.config.timezone,
    clock: clock.now,
  });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the daily redemption file', () => {
  it("lists the local day's qualified purchases and refunds, in time order, with local times and offsets", async () => {
    const file = await settlements.generateDaily(publisherId, '2025-05-10');
    expect(file.content.split('\n')[0]).toBe(dailyColumns.map((c) => c.name).join(','));
    expect(parse(file.content)).toEqual([
      expect.objectContaining({
        event: 'qualified',
        transaction_id: 'DAY-1',
        original_transaction_id: '',
        local_time: '2025-05-10T00:30:00-04:00',
        brand_name: 'Daily Brand',
        campaign_name: 'Daily 2025-05',
        amount_pence: '4000',
        cashback_pence: '280', // 7% of £40.00
        success_fee_pence: '400', // 10% of £40.00
      }),
      expect.objectContaining({
        event: 'refunded',
        transaction_id: 'DAY-2',
        original_transaction_id: 'DAY-1',
        local_time: '2025-05-10T18:00:00-04:00',
        amount_pence: '-1000',
        cashback_pence: '-70', // 7% of £10.00 taken back
        success_fee_pence: '-100',
      }),
      expect.objectContaining({
        event: 'qualified',
        transaction_id: 'DAY-3',
        local_time: '2025-05-10T23:45:00-04:00',
        amount_pence: '2333',
        cashback_pence: '163', // 7% of £23.33 = 163.31p
        success_fee_pence: '233', // 10% of £23.33 = 233.3p
      }),
    ]);
  });

  it('stores its totals, the checksum of its bytes, and tells settlement.ready once', async () => {
    const file = await settlements.generateDaily(publisherId, '2025-05-10');
    expect(file).toMatchObject({
      kind: 'daily',
      period: '2025-05-10',
      row_count: 3,
      cashback_pence: 280 - 70 + 163,
      success_fee_pence: 400 - 100 + 233,
      sha256: sha256Hex(file.content),
    });
    expect(await readyEvents(file.id)).toEqual([
      {
        type: 'settlement.ready',
        mode: 'live',
        publisher_id: publisherId,
        data: {
          id: file.id,
          kind: 'daily',
          period: '2025-05-10',
          sha256: file.sha256,
          downloadPath: publisherDownloadPath(file.id),
        },
      },
    ]);
  });

  it('is answered unchanged when made again, even after a late upload for that day', async () => {
    const first = await settlements.generateDaily(publisherId, '2025-05-10');
    await ingest('DAY-5,2025-05-10T15:00:00-04:00,20.00,GBP,DAY-MC-1,card-d,4444,,ATR');
    const again = await settlements.generateDaily(publisherId, '2025-05-10');
    expect(again).toEqual(first);
    expect(await readyEvents(first.id)).toHaveLength(1);
  });

  it('of a day with nothing is the header alone; a day not yet over is not made', async () => {
    const quiet = await settlements.generateDaily(publisherId, '2025-05-08');
    expect(quiet).toMatchObject({ row_count: 0, cashback_pence: 0, success_fee_pence: 0 });
    expect(quiet.content).toBe(`${dailyColumns.map((c) => c.name).join(',')}\n`);
    // 16:00 UTC on 12 May is the middle of 12 May in New York.
    await expect(settlements.generateDaily(publisherId, '2025-05-12')).rejects.toThrow(/not closed/);
  });
});
