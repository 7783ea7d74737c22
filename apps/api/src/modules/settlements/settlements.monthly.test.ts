import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandTotals } from '@krowd/domain/settlement/settlement.rules';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { createTestApp, createTestClock, days, type App, type TestApp } from '../../test/test-app.ts';
import { scheduleInvoiceJobs } from '../invoices/invoice-run.ts';
import { createWebhookEvents } from '../webhooks/webhooks.wiring.ts';
import { settlementQueries } from './settlements.repository.ts';
import { createSettlements, sha256Hex } from './settlements.service.ts';
import { ingestAtrRows } from './settlements.fixtures.ts';

/**
 * The monthly settlement file's figures are the invoices' (docs/decisions/0107): after the invoice
 * run has issued its invoices and credit notes, each brand's monthly rows summed over every
 * publisher equal its documents issued that month, to the penny.
 */

let testApp: TestApp;
let app: App;
let brandId: string;
const clock = createTestClock(new Date('2025-07-15T16:00:00Z'));

const ingest = (...rows: string[]) => ingestAtrRows(app, ...rows);

async function runDailyJob() {
  await scheduleInvoiceJobs(app.services.jobs, testApp.config.timezone, clock.now());
  await app.services.jobs.runDue();
}

/** Each brand's totals over every publisher's monthly rows of `month`. */
async function allPublishersTotals(month: string) {
  const rows = [];
  for (const id of await settlementQueries.publisherIds(testApp.db)) {
    rows.push(...(await settlementQueries.monthlyRows(testApp.db, id, month)));
  }
  return brandTotals(rows);
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  app = testApp.app;
  brandId = (
    await testApp.db
      .insertInto('brands')
      .values({ name: 'Settlement Brand' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: 'S Branch', status: 'Active', mastercard_merchant_id: 'SET-MC-1' })
    .execute();
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  for (const month of ['2025-05', '2025-06']) {
    await insertCampaign(testApp.db, {
      brandId,
      month,
      status: 'Bank Approved',
      discountPercent: 7,
      successFee: 10,
      values: { week_days: JSON.stringify(everyDay) },
    });
  }
  await ingest(
    'SET-1,2025-05-10T12:00:00-04:00,40.00,GBP,SET-MC-1,card-a,1111,N1 9AA,ATR',
    'SET-2,2025-05-20T19:30:00-04:00,23.33,GBP,SET-MC-1,card-b,2222,,ATR',
    'SET-3,2025-06-02T12:00:00-04:00,50.00,GBP,SET-MC-1,card-a,1111,N1 9AA,ATR',
  );
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the monthly settlement rows', () => {
  it('sum, per brand over every publisher, to the invoices issued in the month, credit notes included', async () => {
    await runDailyJob(); // 15 July: May's invoice
    // A refund of a May purchase after its invoice: a credit note in August.
    clock.advance(days(21));
    await ingest('SET-4,2025-08-04T10:00:00-04:00,-23.33,GBP,SET-MC-1,card-b,2222,,ATR');
    await runDailyJob(); // 5 August: June's invoice and May's credit note
    for (const month of ['2025-07', '2025-08']) {
      const invoices = await testApp.db
        .selectFrom('invoices')
        .select(['cashback_pence', 'success_fee_pence'])
        .where('brand_id', '=', brandId)
        .where('issued_on', '>=', `${month}-01`)
        .where('issued_on', '<', month === '2025-07' ? '2025-08-01' : '2025-09-01')
        .execute();
      const notes = await testApp.db
        .selectFrom('credit_notes')
        .select(['cashback_pence', 'success_fee_pence'])
        .where('brand_id', '=', brandId)
        .where('issued_on', '>=', `${month}-01`)
        .where('issued_on', '<', month === '2025-07' ? '2025-08-01' : '2025-09-01')
        .execute();
      const documents = [...invoices, ...notes];
      expect(documents.length).toBeGreaterThan(0);
      const totals = (await allPublishersTotals(month)).get(brandId);
      expect(totals).toMatchObject({
        cashbackPence: documents.reduce((sum, d) => sum + d.cashback_pence, 0),
        successFeePence: documents.reduce((sum, d) => sum + d.success_fee_pence, 0),
      });
    }
    // August's documents: June's invoice and May's credit note, each its own row.
    expect((await allPublishersTotals('2025-08')).get(brandId)?.rows).toBe(2);
  });

  it('is stored once a publisher and month, with the checksum of its bytes and its totals', async () => {
    const publisher = await testApp.db
      .selectFrom('transactions')
      .select('publisher_id')
      .where('publisher_transaction_id', '=', 'SET-1')
      .executeTakeFirstOrThrow();
    const events = createWebhookEvents({ db: testApp.db, jobs: app.services.jobs });
    const timeZone = testApp.config.timezone;
    const settlements = createSettlements({ db: testApp.db, events, timeZone, clock: clock.now });
    // August is made once it is over, in September.
    await expect(settlements.generateMonthly(publisher.publisher_id, '2025-08')).rejects.toThrow(
      /not closed/,
    );
    clock.advance(days(27));
    const first = await settlements.generateMonthly(publisher.publisher_id, '2025-08');
    const again = await settlements.generateMonthly(publisher.publisher_id, '2025-08');
    expect(again).toEqual(first);
    expect(first.sha256).toBe(sha256Hex(first.content));
    expect(first.content.split('\n')[0]).toMatch(/^brand_id,brand_name,campaign_id,/);
    expect(first).toMatchObject({ kind: 'monthly', period: '2025-08', row_count: 2 });
  });
});
