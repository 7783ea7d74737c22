import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceRow } from '@krowd/domain/invoice/invoice-response.schema';
import { everyWeekDay, insertBranch, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';
import { createInvoiceRun, scheduleInvoiceJobs } from './invoice-run.ts';
import { pdfTexts } from './pdf-text.fixtures.ts';

/**
 * An issued invoice never changes; refunds that come after it go on a credit note.
 * Green Fork (the demo's standalone brand, read by user@demo.test) runs 10% campaigns in March and
 * April 2024 at a branch of the test's own; transactions go through the publisher route and the
 * invoice run through the daily job, with the clock (New York, the default timezone) moved by hand.
 * March and April are the brand's first campaign months, so no success fee is charged (hand sums
 * below: cashback only).
 */

let testApp: TestApp;
let app: App;
let brandId: string;
let now = new Date('2024-05-01T16:00:00Z');
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

/** The daily job as the server queues it, run now. */
async function runDailyJob() {
  await scheduleInvoiceJobs(app.services.jobs, testApp.config.timezone, now);
  await app.services.jobs.runDue();
}

/** A GET as Green Fork's user, signed in at the clock's time. */
async function get(url: string) {
  const { token } = await loginAs(app, 'user@demo.test');
  const response = await call(app, { url, token });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function invoiceList() {
  const response = await get(`/api/distributors/getInvoiceList/invoice?limit=100`);
  return response.json<{ data: InvoiceRow[] }>().data;
}

const invoiceOf = (month: number) =>
  testApp.db
    .selectFrom('invoices')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('year', '=', 2024)
    .where('month', '=', month)
    .executeTakeFirstOrThrow();

const creditNotes = () =>
  testApp.db
    .selectFrom('credit_notes as n')
    .innerJoin('invoices as i', 'i.id', 'n.invoice_id')
    .select([
      'n.credit_note_number',
      'i.invoice_number',
      'n.cashback_pence',
      'n.success_fee_pence',
      'n.amount_pence',
      'n.issued_on',
    ])
    .where('n.brand_id', '=', brandId)
    .orderBy('n.credit_note_number')
    .execute();

/** Everything a reader sees of an invoice: its row, list entry, both PDFs and its detailed list. */
async function snapshot(month: number) {
  const invoice = await invoiceOf(month);
  const row = (await invoiceList()).find((entry) => entry.InvoiceNumber === invoice.invoice_number);
  const pdf = (await get(`/api/invoices/documents/${invoice.document_id}`)).rawPayload;
  const detailed = (await get(`/api/invoices/detailed/${invoice.invoice_number}-detailed.pdf`)).rawPayload;
  const lines = (
    await get(`/api/dashboard/getInvoice/${campaigns[month]}?type=detailed&month=${month}&year=2024`)
  ).json();
  const { payment_status: _status, paid_at: _paid, updated_at: _updated, ...fixed } = invoice;
  return { fixed, row: { ...row, paymentStatus: undefined }, pdf, detailed, lines };
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
  brandId = (await demoIds(testApp.db)).brands.standalone;
  const branchId = await insertBranch(testApp.db, brandId, 'Active', 'Green Fork Credit', 'CN-MC-1');
  for (const month of [3, 4]) {
    campaigns[month] = await insertCampaign(testApp.db, {
      brandId,
      month: `2024-0${month}`,
      status: 'Bank Approved',
      discountPercent: 10,
      successFee: 10,
      branchIds: [branchId],
      allBranches: false,
      values: { week_days: everyWeekDay },
    });
  }
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('credit notes', () => {
  let march: Awaited<ReturnType<typeof snapshot>>;

  it('invoices March on 1 May with the refund of its return period (hand sums)', async () => {
    await ingest(
      'CN-1,2024-03-05T12:00:00-05:00,50.00,GBP,CN-MC-1,card-a,1111,N1 9AA,ATR',
      'CN-2,2024-03-12T12:00:00-04:00,30.00,GBP,CN-MC-1,card-b,2222,N1 9AA,ATR',
      'CN-3,2024-04-10T12:00:00-04:00,-10.00,GBP,CN-MC-1,card-a,1111,N1 9AA,ATR',
      'CN-4,2024-04-10T13:00:00-04:00,20.00,GBP,CN-MC-1,card-c,3333,N1 9AA,ATR',
    );
    await runDailyJob();

    const invoice = await invoiceOf(3);
    // 10% of £50.00 and £30.00, less 10% of the £10.00 refund; the 1% charge of a manual payment.
    expect(invoice).toMatchObject({
      cashback_pence: 500 + 300 - 100,
      success_fee_pence: 0,
      admin_charge_pence: 7,
      amount_pence: 707,
      issued_on: '2024-05-01',
    });
    march = await snapshot(3);
    expect(march.lines.pdfData.detailedList.map((line: { cashback: number }) => line.cashback)).toEqual([
      500, 300, -100,
    ]);
    expect(await creditNotes()).toEqual([]);
  });

  it('leaves a refund dated after the issue date off an invoice made later (a run catching up)', async () => {
    now = new Date('2024-06-20T16:00:00Z');
    await ingest(
      'CN-5,2024-06-18T12:00:00-04:00,-30.00,GBP,CN-MC-1,card-b,2222,N1 9AA,ATR',
      'CN-6,2024-06-19T12:00:00-04:00,-20.00,GBP,CN-MC-1,card-c,3333,N1 9AA,ATR',
    );
    // April's first invoice date is 31 May: a run of that date (as the demo replays it) invoices the
    // £20.00 purchase alone, not its refund of 19 June, and credits nothing dated after 31 May.
    const result = await createInvoiceRun({
      db: testApp.db,
      timeZone: testApp.config.timezone,
      clock: () => now,
    }).runOn('2024-05-31');

    expect(result.creditNotes).toEqual([]);
    expect(result.invoices).toHaveLength(1);
    expect(await invoiceOf(4)).toMatchObject({
      cashback_pence: 200,
      amount_pence: 202,
      issued_on: '2024-05-31',
    });
  });

  it('credits later refunds on credit notes of their own series and PDF; the invoices do not change', async () => {
    await testApp.db
      .updateTable('invoices')
      .set({ payment_status: 'Paid', paid_at: now })
      .where('brand_id', '=', brandId)
      .execute();
    const april = await snapshot(4);

    await runDailyJob();

    expect(await snapshot(3)).toEqual(march);
    expect(await snapshot(4)).toEqual(april);
    const [marchInvoice, aprilInvoice] = [await invoiceOf(3), await invoiceOf(4)];
    const notes = await creditNotes();
    // 10% of the £30.00 and £20.00 refunds, each on a credit note of the invoice it corrects.
    expect(notes).toEqual([
      {
        credit_note_number: expect.stringMatching(/^CN-\d{6}$/),
        invoice_number: marchInvoice.invoice_number,
        cashback_pence: -300,
        success_fee_pence: 0,
        amount_pence: -300,
        issued_on: '2024-06-20',
      },
      {
        credit_note_number: expect.stringMatching(/^CN-\d{6}$/),
        invoice_number: aprilInvoice.invoice_number,
        cashback_pence: -200,
        success_fee_pence: 0,
        amount_pence: -200,
        issued_on: '2024-06-20',
      },
    ]);
    const [first, second] = notes;
    expect(Number(second!.credit_note_number.slice(3))).toBe(Number(first!.credit_note_number.slice(3)) + 1);

    const listed = (await invoiceList()).filter((row) => row.kind === 'creditNote');
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          InvoiceNumber: first!.credit_note_number,
          correctsInvoiceNumber: marchInvoice.invoice_number,
          invoiceAmountPence: -300,
          month: 3,
          year: 2024,
          issuedOn: '2024-06-20',
          dueDate: null,
          paymentStatus: null,
          xero_invoice_id: first!.credit_note_number,
        }),
      ]),
    );
    expect(listed).toHaveLength(2);

    const url = await get(
      `/api/distributors/getInvoice/invoice?month=3&year=2024&xero_invoice_id=${first!.credit_note_number}`,
    );
    const pdf = (await get(url.json<{ invoiceURL: string }>().invoiceURL)).rawPayload;
    const texts = await pdfTexts(pdf);
    expect(texts).toEqual(
      expect.arrayContaining([
        `Credit note ${first!.credit_note_number}`,
        `Corrects invoice: ${marchInvoice.invoice_number} (invoice month 03-2024)`,
        'Total credit: -£3.00',
      ]),
    );
    expect(texts).toContain('-£30.00');
  });

  it('issues nothing twice when the job runs again', async () => {
    const before = await creditNotes();
    now = new Date('2024-06-21T16:00:00Z');
    await runDailyJob();
    await runDailyJob();
    expect(await creditNotes()).toEqual(before);
    const linked = await testApp.db
      .selectFrom('credit_note_transactions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(linked.count)).toBe(2);
  });
});
