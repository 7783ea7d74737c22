import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RewardTerms } from '@krowd/domain/qualification/qualification.rules';
import { earnings } from '@krowd/domain/qualification/reward-terms.rules';
import { insertBranch, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { scheduleInvoiceJobs } from '../invoices/invoice-run.ts';
import { settlementRecords } from '../settlements/settlements.fixtures.ts';
import { createSettlements } from '../settlements/settlements.service.ts';
import { createWebhookEvents } from '../webhooks/webhooks.events.ts';
import {
  call,
  createTestApp,
  createTestClock,
  loginAs,
  type App,
  type TestApp,
} from '../../test/test-app.ts';
import { publisherWithKeys } from './transaction-api.fixtures.ts';

/**
 * A purchase cleared and refunded in part through the single-transaction API reaches the brand's
 * invoice and the publisher's monthly settlement file by exactly what the engine computed for the
 * two steps (docs/decisions/0109, 0107): the month's file row for the campaign is the invoice's.
 */
// A Thursday in December, noon in New York (the test settings' time zone).
const clock = createTestClock(new Date('2026-12-10T18:00:00Z'));
const mid = 'TXNSET-MID-1';
const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

let testApp: TestApp;
let app: App;
let liveKey: string;
let publisherId: string;
let brandId: string;
let campaignId: string;

const send = (step: string, body: unknown) =>
  call(app, {
    method: 'POST',
    url: `/api/publisher/transactions/${step}`,
    headers: { 'x-api-key': liveKey },
    body,
  });

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  const systemAdmin = await loginAs(app, 'admin@demo.test');
  const publisher = await publisherWithKeys(app, systemAdmin, 'TXNSET');
  publisherId = publisher.id;
  liveKey = publisher.live;
  // A brand of its own, so its December invoice holds this test's purchase alone.
  brandId = (
    await testApp.db
      .insertInto('brands')
      .values({ name: 'Txn Settlement Brand' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const branchId = await insertBranch(testApp.db, brandId, 'Active', 'Txn Settlement Branch', mid);
  campaignId = await insertCampaign(testApp.db, {
    brandId,
    month: '2026-12',
    status: 'Active',
    name: 'Txn Settlement December',
    allBranches: false,
    branchIds: [branchId],
    discountPercent: 15,
    successFee: 10,
    values: { week_days: JSON.stringify(everyDay) },
  });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('a cleared purchase and its partial refund, one at a time', () => {
  it("reach the brand's invoice and the monthly settlement file by exactly the engine's amounts", async () => {
    const cleared = await send('cleared', {
      transaction_id: 'TXN-SET',
      datetime: '2026-12-10T17:00:00Z',
      amount: '40.00',
      currency: 'GBP',
      mid,
      card_token: 'tok-txnset-1',
      card_last4: '4242',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ status: 'qualified' });
    const refund = await send('refunded', {
      transaction_id: 'TXN-SET-1',
      original_transaction_id: 'TXN-SET',
      datetime: '2026-12-10T17:30:00Z',
      amount: '10.00',
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const { terms } = await testApp.db
      .selectFrom('transactions')
      .select('terms')
      .where('publisher_id', '=', publisherId)
      .where('publisher_transaction_id', '=', 'TXN-SET')
      .executeTakeFirstOrThrow();
    // What is left of the purchase (£30) earns what a £30 purchase earns: the two steps' sum.
    const owed = earnings(terms as RewardTerms, 3000);
    expect(owed.cashbackPence).toBeGreaterThan(0);

    // December is invoiced once its last purchase's return period has passed.
    clock.advance(Date.parse('2027-02-01T17:00:00Z') - clock.now().getTime());
    await scheduleInvoiceJobs(app.services.jobs, testApp.config.timezone, clock.now());
    await app.services.jobs.runDue();
    const invoice = await testApp.db
      .selectFrom('invoices')
      .select(['invoice_number', 'issued_on', 'cashback_pence', 'success_fee_pence'])
      .where('brand_id', '=', brandId)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({
      cashback_pence: owed.cashbackPence,
      success_fee_pence: owed.successFeePence,
    });

    // The month the invoice was issued in, once it has closed: its row for the campaign.
    const issuedMonth = invoice.issued_on.slice(0, 7);
    const [year, month] = issuedMonth.split('-').map(Number) as [number, number];
    clock.advance(Date.UTC(year, month, 2, 17) - clock.now().getTime());
    const settlements = createSettlements({
      db: testApp.db,
      events: createWebhookEvents({ db: testApp.db, jobs: app.services.jobs }),
      timeZone: testApp.config.timezone,
      clock: clock.now,
    });
    const file = await settlements.generateMonthly(publisherId, issuedMonth);
    const download = await call(app, {
      url: `/api/publisher/settlement-files/${file.id}`,
      headers: { 'x-api-key': liveKey },
    });
    expect(download.statusCode, download.body).toBe(200);
    const rows = settlementRecords(download.body).filter((row) => row.brand_id === brandId);
    expect(rows).toEqual([
      expect.objectContaining({
        campaign_id: campaignId,
        document: invoice.invoice_number,
        transactions: '2',
        cashback_pence: String(owed.cashbackPence),
        success_fee_pence: String(owed.successFeePence),
      }),
    ]);
  });
});
