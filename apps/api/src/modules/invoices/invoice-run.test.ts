import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, createTestClock, type App, type TestApp } from '../../test/test-app.ts';
import { invoiceRunJob, scheduleInvoiceJobs } from './invoice-run.ts';

/**
 * The invoice run through the API and the job queue. A brand of the test's own (America/New_York,
 * the default timezone) with approved campaigns from March 2025 and transactions sent through the
 * publisher route; the clock moves, the daily job runs, and every invoice figure is checked against
 * sums computed here from the stored rows.
 */

let testApp: TestApp;
let app: App;
let brandId: string;
const clock = createTestClock(new Date('2025-07-15T16:00:00Z'));
const campaigns: Record<string, string> = {};

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';

async function ingest(...rows: string[]) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    body: [header, ...rows].join('\n'),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ rejected: 0 });
}

/** The brand's invoices, oldest number first. */
const invoices = () =>
  testApp.db
    .selectFrom('invoices')
    .selectAll()
    .where('brand_id', '=', brandId)
    .orderBy('invoice_number')
    .execute();

/** Net cashback and fee of a campaign's stored purchases and refunds, straight from the rows. */
async function rawSums(campaignId: string) {
  const rows = await testApp.db
    .selectFrom('transactions')
    .select(['cashback_pence', 'success_fee_pence', 'outcome'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const counted = rows.filter((row) => row.outcome !== 'notQualified');
  return {
    cashback: counted.reduce((sum, row) => sum + row.cashback_pence, 0),
    fee: counted.reduce((sum, row) => sum + row.success_fee_pence, 0),
    rows: counted.length,
  };
}

/** Queues the day's run as the server does, and runs the due jobs. */
async function runDailyJob() {
  await scheduleInvoiceJobs(app.services.jobs, testApp.config.timezone, clock.now());
  await app.services.jobs.runDue();
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  app = testApp.app;
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: 'Invoice Run Brand' })
    .returning('id')
    .executeTakeFirstOrThrow();
  brandId = brand.id;
  await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: 'Run Branch', status: 'Active', mastercard_merchant_id: 'RUN-MC-1' })
    .execute();
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  for (const [month, percent] of [
    ['2025-03', 5],
    ['2025-04', 5],
    ['2025-05', 7],
    ['2025-06', 10],
  ] as const) {
    campaigns[month] = await insertCampaign(testApp.db, {
      brandId,
      month,
      status: 'Bank Approved',
      discountPercent: percent,
      successFee: 10,
      values: { week_days: JSON.stringify(everyDay) },
    });
  }
  // May (a free-fee month: the brand's 3rd) and June (fee charged), a refund of a June purchase in
  // July inside the return period, and a purchase at a MID nobody has.
  await ingest(
    'RUN-1,2025-05-10T12:00:00-04:00,40.00,GBP,RUN-MC-1,card-a,1111,N1 9AA,ATR',
    'RUN-2,2025-05-20T19:30:00-04:00,23.33,GBP,RUN-MC-1,card-b,2222,,ATR',
    'RUN-3,2025-06-02T12:00:00-04:00,50.00,GBP,RUN-MC-1,card-a,1111,N1 9AA,ATR',
    'RUN-4,2025-06-14T13:15:00-04:00,18.45,GBP,RUN-MC-1,card-c,3333,E1 6AN,ATR',
    'RUN-5,2025-06-30T23:59:00-04:00,99.99,GBP,RUN-MC-1,card-d,4444,SW1A 1AA,ATR',
    'RUN-6,2025-07-03T10:00:00-04:00,-20.00,GBP,RUN-MC-1,card-a,1111,N1 9AA,ATR',
    'RUN-7,2025-06-12T12:00:00-04:00,12.00,GBP,RUN-NOBODY,card-e,5555,,ATR',
  );
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the invoice run', () => {
  it('on 15 July invoices May only (June’s return period runs to 30 July), from the raw rows, with 1%', async () => {
    await runDailyJob();
    const rows = await invoices();
    expect(rows).toHaveLength(1);
    const [may] = rows;
    const sums = await rawSums(campaigns['2025-05']!);
    expect(sums.rows).toBe(2);
    // 7% of £40.00 and of £23.33, each rounded half up; no fee in the brand's first 3 campaign months.
    expect(sums).toMatchObject({ cashback: 280 + 163, fee: 0 });
    const charge = Math.floor(((sums.cashback + sums.fee) * 100 + 5_000) / 10_000);
    expect(may).toMatchObject({
      year: 2025,
      month: 5,
      cashback_pence: sums.cashback,
      success_fee_pence: sums.fee,
      admin_charge_pence: charge,
      amount_pence: sums.cashback + sums.fee + charge,
      collection_method: 'manual',
      payment_status: 'Unpaid',
      issued_on: '2025-07-15',
      due_date: '2025-08-15',
      document_id: may!.invoice_number,
    });
    expect(may!.invoice_number).toMatch(/^INV-\d{6}$/);
    const linked = await testApp.db
      .selectFrom('invoice_transactions')
      .select('transaction_id')
      .where('invoice_id', '=', may!.id)
      .execute();
    expect(linked).toHaveLength(2);
  });

  it('makes nothing new on the last day of June’s return period, nor for months without transactions', async () => {
    clock.advance(15 * 86_400_000); // 30 July
    await runDailyJob();
    expect(await invoices()).toHaveLength(1);
  });

  it('invoices June the day after, refund included, numbered next, as the daily job', async () => {
    clock.advance(86_400_000); // 31 July
    await runDailyJob();
    const rows = await invoices();
    expect(rows).toHaveLength(2);
    const [may, june] = rows;
    const sums = await rawSums(campaigns['2025-06']!);
    // Three purchases and the July refund; the purchase at an unknown MID is nobody's.
    expect(sums.rows).toBe(4);
    // 10% cashback and 10% fee of £50.00, £18.45 and £99.99, less 10% and 10% of the £20.00 refund.
    expect(sums).toEqual({ cashback: 500 + 185 + 1000 - 200, fee: 500 + 185 + 1000 - 200, rows: 4 });
    const charge = Math.floor(((sums.cashback + sums.fee) * 100 + 5_000) / 10_000);
    expect(june).toMatchObject({
      year: 2025,
      month: 6,
      cashback_pence: sums.cashback,
      success_fee_pence: sums.fee,
      admin_charge_pence: charge,
      amount_pence: sums.cashback + sums.fee + charge,
      issued_on: '2025-07-31',
      due_date: '2025-08-31',
    });
    expect(Number(june!.invoice_number.slice(4))).toBe(Number(may!.invoice_number.slice(4)) + 1);
  });

  it('creates nothing the second time, by job or by hand, and runs the day’s job once', async () => {
    const before = await invoices();
    await runDailyJob();
    await app.services.jobs.runDue();
    expect(await invoices()).toEqual(before);
    const jobs = await testApp.db
      .selectFrom('jobs')
      .select(['done_at', 'last_error'])
      .where('kind', '=', invoiceRunJob)
      .execute();
    expect(jobs).toHaveLength(3);
    expect(jobs.every((job) => job.done_at !== null && job.last_error === null)).toBe(true);
  });

  it('leaves a refund arriving after its month’s invoice out of it, on a credit note instead', async () => {
    clock.advance(5 * 86_400_000);
    await ingest('RUN-8,2025-08-04T10:00:00-04:00,-18.45,GBP,RUN-MC-1,card-c,3333,E1 6AN,ATR');
    const before = await invoices();
    await runDailyJob();
    expect(await invoices()).toEqual(before);
    const refund = await testApp.db
      .selectFrom('transactions as t')
      .leftJoin('invoice_transactions as it', 'it.transaction_id', 't.id')
      .select(['t.outcome', 't.campaign_id', 'it.invoice_id'])
      .where('t.publisher_transaction_id', '=', 'RUN-8')
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ outcome: 'refund', campaign_id: campaigns['2025-06'], invoice_id: null });
    // 10% cashback and 10% fee of the £18.45 refunded, credited against June's invoice.
    const notes = await testApp.db
      .selectFrom('credit_notes')
      .select(['invoice_id', 'cashback_pence', 'success_fee_pence', 'amount_pence'])
      .where('brand_id', '=', brandId)
      .execute();
    expect(notes).toEqual([
      { invoice_id: before[1]!.id, cashback_pence: -185, success_fee_pence: -185, amount_pence: -370 },
    ]);
  });
});
