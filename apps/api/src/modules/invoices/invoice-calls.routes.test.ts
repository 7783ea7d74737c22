import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import type { CampaignInvoiceAnswer, VerifiedInvoice } from '@krowd/domain/invoice/invoice-response.schema';
import { shownPaymentStatus } from '@krowd/domain/invoice/invoice.schema';
import { messages } from '@krowd/domain/messages/messages';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';
import { createInvoiceRun } from './invoice-run.ts';
import { pdfTexts } from './pdf-text.fixtures.ts';

/**
 * The dashboard's invoice calls (spec 3 §7; contracts 1, 3, 4, 5) on invoices made by the real run:
 * May 2024 campaigns of the standalone brand (Green Fork) and of the group's Harbour Kitchen, each
 * at a branch of the test's own, with transactions sent through the publisher route.
 */

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const tokens: Record<string, string> = {};
const campaign: Record<'standalone' | 'groupBrandA', string> = { standalone: '', groupBrandA: '' };
const number: Record<'standalone' | 'groupBrandA', string> = { standalone: '', groupBrandA: '' };

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const brand of ['standalone', 'groupBrandA'] as const) {
    await testApp.db
      .insertInto('branches')
      .values({
        brand_id: ids.brands[brand],
        name: `Calls ${brand}`,
        status: 'Active',
        mastercard_merchant_id: `CALLS-${brand}`,
      })
      .execute();
    campaign[brand] = await insertCampaign(testApp.db, {
      brandId: ids.brands[brand],
      month: '2024-05',
      status: 'Bank Approved',
      discountPercent: 10,
      values: { week_days: JSON.stringify(everyDay) },
    });
  }
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    body: [
      header,
      'CALLS-1,2024-05-03T12:00:00-04:00,30.00,GBP,CALLS-standalone,card-1,1234,N1 9AA,ATR',
      'CALLS-2,2024-05-17T19:45:00-04:00,45.50,GBP,CALLS-standalone,card-2,5678,,ATR',
      'CALLS-3,2024-05-20T12:00:00-04:00,-10.00,GBP,CALLS-standalone,card-1,1234,N1 9AA,ATR',
      'CALLS-4,2024-06-02T12:00:00-04:00,-5.00,GBP,CALLS-standalone,card-2,5678,,ATR',
      'CALLS-5,2024-05-09T13:00:00-04:00,80.00,GBP,CALLS-groupBrandA,card-3,9999,LS1 4AP,ATR',
    ].join('\n'),
  });
  expect(response.statusCode, response.body).toBe(200);
  const created = await createInvoiceRun({
    db: testApp.db,
    timeZone: testApp.config.timezone,
    clock: () => new Date(),
  }).runOn('2024-07-01');
  for (const invoice of created.invoices) {
    const brand = invoice.brandId === ids.brands.standalone ? 'standalone' : 'groupBrandA';
    number[brand] = invoice.invoiceNumber;
  }
  for (const email of [
    'companyadmin@demo.test',
    'branduser@demo.test',
    'groupuser@demo.test',
    'bank@demo.test',
    'clientadmin@demo.test',
  ]) {
    tokens[email] = (await loginAs(app, email)).token;
  }
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const get = (email: string, url: string) => call(app, { url, token: tokens[email] });

describe('the run over this file’s transactions', () => {
  it('invoiced both brands’ May', () => {
    expect(number.standalone).toMatch(/^INV-\d{6}$/);
    expect(number.groupBrandA).toMatch(/^INV-\d{6}$/);
  });
});

describe('GET /api/dashboard/getInvoice/:campaignId', () => {
  it('with transaction=true lists the campaign’s purchases and refunds of its month, for its brand', async () => {
    const response = await get(
      'branduser@demo.test',
      `/api/dashboard/getInvoice/${campaign.standalone}?type=detailed&transaction=true`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      fileName: null,
      pdfType: 'detailed',
      pdfData: {
        detailedList: [
          {
            date: '2024-05-03 12:00',
            postcode: 'N1 9AA',
            cardLastNumber: '1234',
            amount: 3000,
            cashback: 300,
          },
          { date: '2024-05-17 19:45', postcode: '', cardLastNumber: '5678', amount: 4550, cashback: 455 },
          {
            date: '2024-05-20 12:00',
            postcode: 'N1 9AA',
            cardLastNumber: '1234',
            amount: -1000,
            cashback: -100,
          },
        ],
      },
      total: 3,
      next: null,
    });
    // Another month of the same campaign: its June refund.
    const june = await get(
      'branduser@demo.test',
      `/api/dashboard/getInvoice/${campaign.standalone}?type=detailed&transaction=true&month=6&year=2024`,
    );
    expect(june.json<CampaignInvoiceAnswer>().pdfData.detailedList).toEqual([
      { date: '2024-06-02 12:00', postcode: '', cardLastNumber: '5678', amount: -500, cashback: -50 },
    ]);
  });

  it('gives banks the transactions (they see every brand’s dashboard) but not the invoice (403)', async () => {
    const url = `/api/dashboard/getInvoice/${campaign.groupBrandA}?type=detailed`;
    expect((await get('bank@demo.test', `${url}&transaction=true`)).statusCode).toBe(200);
    expect((await get('bank@demo.test', url)).statusCode).toBe(403);
  });

  it("answers the month's invoice: the detailed file's name and every transaction it covers", async () => {
    const response = await get(
      'companyadmin@demo.test',
      `/api/dashboard/getInvoice/${campaign.standalone}?type=detailed`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CampaignInvoiceAnswer>();
    expect(body.fileName).toBe(`${number.standalone}-detailed.pdf`);
    // The June refund is the May campaign's, inside the return period: on the invoice too.
    expect(body.pdfData.detailedList.map((row) => row.amount)).toEqual([3000, 4550, -1000, -500]);
    const invoice = await testApp.db
      .selectFrom('invoices')
      .select(['cashback_pence'])
      .where('invoice_number', '=', number.standalone)
      .executeTakeFirstOrThrow();
    expect(body.pdfData.detailedList.reduce((sum, row) => sum + row.cashback, 0)).toBe(
      invoice.cashback_pence,
    );
  });

  it("answers 404 'Invoice is not created.' for a month without an invoice", async () => {
    const response = await get(
      'companyadmin@demo.test',
      `/api/dashboard/getInvoice/${campaign.standalone}?type=detailed&month=6&year=2024`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.invoice.notCreated });
  });

  it('answers 404 for another brand’s campaign, and lets a group role open its group’s', async () => {
    for (const variant of ['', '&transaction=true']) {
      const other = await get(
        'companyadmin@demo.test',
        `/api/dashboard/getInvoice/${campaign.groupBrandA}?type=detailed${variant}`,
      );
      expect(other.statusCode).toBe(404);
      const outside = await get(
        'groupuser@demo.test',
        `/api/dashboard/getInvoice/${campaign.standalone}?type=detailed${variant}`,
      );
      expect(outside.statusCode).toBe(404);
      const own = await get(
        'groupuser@demo.test',
        `/api/dashboard/getInvoice/${campaign.groupBrandA}?type=detailed${variant}`,
      );
      expect(own.statusCode).toBe(200);
    }
  });

  it.each([
    ['no type', ''],
    ['another type', '?type=summary'],
    ['a month without a year', '?type=detailed&month=5'],
    ['a month of 13', '?type=detailed&month=13&year=2024'],
    ['transaction other than true or false', '?type=detailed&transaction=yes'],
    ['an unknown parameter', '?type=detailed&drop=1'],
  ])('refuses %s with 400', async (_case, query) => {
    const response = await get(
      'companyadmin@demo.test',
      `/api/dashboard/getInvoice/${campaign.standalone}${query}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('errorMessage');
  });

  it('refuses a campaign id that is not a uuid with 400', async () => {
    expect(
      (await get('companyadmin@demo.test', '/api/dashboard/getInvoice/42?type=detailed')).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/dashboard/getInvoice/:campaignId?transaction=true, a page at a time', () => {
  let august = '';
  const details = (query = '', email = 'branduser@demo.test', id = august) =>
    get(email, `/api/dashboard/getInvoice/${id}?type=detailed&transaction=true${query}`);
  type Page = CampaignInvoiceAnswer & { total: number; next: string | null };

  beforeAll(async () => {
    august = await insertCampaign(testApp.db, {
      brandId: ids.brands.standalone,
      month: '2024-08',
      status: 'Bank Approved',
      discountPercent: 10,
      values: { week_days: JSON.stringify(everyDay) },
    });
    // Seven of August, two of them at the same instant (the id orders those), and one of September.
    const rows = [
      ['PAGE-1', '2024-08-20T09:00:00-04:00', '20.00', 'card-p1', '1001'],
      ['PAGE-2', '2024-08-02T09:00:00-04:00', '21.00', 'card-p2', '1002'],
      ['PAGE-3', '2024-08-09T18:30:00-04:00', '22.00', 'card-p3', '1003'],
      ['PAGE-4', '2024-08-09T18:30:00-04:00', '23.00', 'card-p4', '1004'],
      ['PAGE-5', '2024-08-31T23:59:00-04:00', '24.00', 'card-p5', '1005'],
      ['PAGE-6', '2024-08-01T00:00:00-04:00', '25.00', 'card-p6', '1006'],
      ['PAGE-7', '2024-08-15T12:00:00-04:00', '26.00', 'card-p7', '1007'],
      ['PAGE-8', '2024-09-01T00:00:00-04:00', '27.00', 'card-p8', '1008'],
    ].map(
      ([id, at, amount, card, last4]) => `${id},${at},${amount},GBP,CALLS-standalone,${card},${last4},,ATR`,
    );
    const response = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
      body: [header, ...rows].join('\n'),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers the first page of the asked size, the month’s total and the next page’s cursor', async () => {
    const response = await details('&limit=3');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page>();
    expect(page.pdfData.detailedList.map((row) => row.date)).toEqual([
      '2024-08-01 00:00',
      '2024-08-02 09:00',
      '2024-08-09 18:30',
    ]);
    expect(page.total).toBe(7);
    expect(page.next).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('follows the cursor to the next page and ends with next null on the last', async () => {
    const first = (await details('&limit=3')).json<Page>();
    const second = (await details(`&limit=3&after=${first.next}`)).json<Page>();
    expect(second.pdfData.detailedList.map((row) => row.date)).toEqual([
      '2024-08-09 18:30',
      '2024-08-15 12:00',
      '2024-08-20 09:00',
    ]);
    expect(second.total).toBe(7);
    const last = (await details(`&limit=3&after=${second.next}`)).json<Page>();
    expect(last.pdfData.detailedList.map((row) => row.date)).toEqual(['2024-08-31 23:59']);
    expect(last.next).toBeNull();
  });

  it('pages through exactly the month’s list: every row once, in order, as many as the total', async () => {
    const whole = (await details('&limit=500')).json<Page>();
    expect(whole.next).toBeNull();
    const pages: Page['pdfData']['detailedList'] = [];
    let after = '';
    for (let guard = 0; guard < 10; guard += 1) {
      const page = (await details(`&limit=2${after}`)).json<Page>();
      pages.push(...page.pdfData.detailedList);
      if (!page.next) break;
      after = `&after=${page.next}`;
    }
    expect(pages).toEqual(whole.pdfData.detailedList);
    expect(pages).toHaveLength(whole.total);
    expect(new Set(pages.map((row) => row.cardLastNumber)).size).toBe(7);
  });

  it('answers 50 rows a page unless asked', async () => {
    const page = (await details()).json<Page>();
    expect(page.pdfData.detailedList).toHaveLength(7);
    expect(page.next).toBeNull();
  });

  it('answers 404 for another brand’s campaign, with a cursor too', async () => {
    const first = (await details('&limit=3')).json<Page>();
    expect(
      (await details(`&limit=3&after=${first.next}`, 'companyadmin@demo.test', campaign.groupBrandA))
        .statusCode,
    ).toBe(404);
    expect((await details(`&limit=3&after=${first.next}`, 'groupuser@demo.test')).statusCode).toBe(404);
  });

  it.each([
    ['text that is not a cursor', 'nonsense'],
    ['a cursor naming no time', Buffer.from('["yesterday","x"]').toString('base64url')],
  ])('refuses %s as `after` with 400 naming the field', async (_case, after) => {
    const response = await details(`&after=${after}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: messages.invoice.transactionPageInvalid,
      fieldErrors: { after: messages.invoice.transactionPageInvalid },
    });
  });

  it.each([
    ['a limit of 0', '&limit=0'],
    ['a limit above 500', '&limit=501'],
    ['a limit that is not a number', '&limit=many'],
  ])('refuses %s with 400 naming the field', async (_case, query) => {
    const response = await details(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('fieldErrors.limit');
  });
});

describe('GET /api/invoices/detailed/:fileName', () => {
  it('downloads the detailed PDF: the invoice and its transactions', async () => {
    const response = await get(
      'branduser@demo.test',
      `/api/invoices/detailed/${number.standalone}-detailed.pdf`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${number.standalone}-detailed.pdf"`,
    );
    const texts = await pdfTexts(response.rawPayload);
    expect(texts).toContain(`Invoice ${number.standalone}`);
    expect(texts).toContain('Billed to: Green Fork');
    expect(texts).toContain('4 transactions; refunds are shown negative.');
    // Times in the timezone setting (New York's by default) with its zone (decision 0073).
    expect(testApp.config.timezone).toBe('America/New_York');
    expect(texts).toEqual(expect.arrayContaining(['03/05/2024 12:00 EDT', '1234', '£30.00', '-£5.00']));
  });

  it('answers 404 outside the scope, for an unknown number and for a name that is not a detailed file', async () => {
    for (const [email, name] of [
      ['companyadmin@demo.test', `${number.groupBrandA}-detailed.pdf`],
      ['groupuser@demo.test', `${number.standalone}-detailed.pdf`],
      ['companyadmin@demo.test', 'INV-999999-detailed.pdf'],
      ['companyadmin@demo.test', `${number.standalone}.pdf`],
    ] as const) {
      const response = await get(email, `/api/invoices/detailed/${name}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.invoice.notCreated });
    }
  });
});

describe('POST /api/distributors/getXeroInvoice/invoice', () => {
  const lookup = (email: string, body: unknown) =>
    call(app, {
      method: 'POST',
      url: '/api/distributors/getXeroInvoice/invoice',
      token: tokens[email],
      body,
    });

  it('answers the address of the invoice document, which opens as its PDF', async () => {
    const response = await lookup('companyadmin@demo.test', { xero_invoiceNumber: number.standalone });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      respCode: 200,
      invoiceURL: `/api/invoices/documents/${number.standalone}`,
    });
    const pdf = await get('companyadmin@demo.test', `/api/invoices/documents/${number.standalone}`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfTexts(pdf.rawPayload)).toContain(`Invoice ${number.standalone}`);
  });

  it('lets a client admin open any brand’s invoice', async () => {
    expect(
      (await lookup('clientadmin@demo.test', { xero_invoiceNumber: number.groupBrandA })).statusCode,
    ).toBe(200);
  });

  it("answers 404 'Invoice is not created.' for an unknown number or another brand's", async () => {
    for (const xero_invoiceNumber of ['INV-999999', number.groupBrandA]) {
      const response = await lookup('companyadmin@demo.test', { xero_invoiceNumber });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.invoice.notCreated });
    }
  });

  it('refuses a malformed number with 400 naming the field', async () => {
    const response = await lookup('companyadmin@demo.test', { xero_invoiceNumber: 'INV-12; DROP' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty(
      'xero_invoiceNumber',
    );
  });
});

describe('GET /api/transaction/verifyInvoices', () => {
  it('says which numbers exist within scope, with status and amount; another brand’s does not exist', async () => {
    const response = await get(
      'companyadmin@demo.test',
      `/api/transaction/verifyInvoices?InvoiceNumbers=${number.standalone},INV-999999,${number.groupBrandA}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const invoice = await testApp.db
      .selectFrom('invoices')
      .select(['amount_pence', 'payment_status', 'due_date'])
      .where('invoice_number', '=', number.standalone)
      .executeTakeFirstOrThrow();
    expect(response.json<{ invoices: VerifiedInvoice[] }>().invoices).toEqual([
      {
        InvoiceNumber: number.standalone,
        exists: true,
        // Due in 2024 and seen today: the stored status as shown (Overdue while owed).
        paymentStatus: shownPaymentStatus(invoice.payment_status, invoice.due_date, '9999-12-31'),
        amount: invoice.amount_pence,
      },
      { InvoiceNumber: 'INV-999999', exists: false, paymentStatus: null, amount: null },
      { InvoiceNumber: number.groupBrandA, exists: false, paymentStatus: null, amount: null },
    ]);
  });

  it.each([
    ['no numbers', '/api/transaction/verifyInvoices?InvoiceNumbers='],
    ['a malformed number', '/api/transaction/verifyInvoices?InvoiceNumbers=INV-000001,nope'],
    ['no parameter', '/api/transaction/verifyInvoices'],
  ])('refuses %s with 400', async (_case, url) => {
    expect((await get('companyadmin@demo.test', url)).statusCode).toBe(400);
  });
});

describe('POST /api/dashboard/client with an invoice', () => {
  const dashboard = (email: string, conditions: Record<string, unknown>) =>
    call(app, { method: 'POST', url: '/api/dashboard/client', token: tokens[email], body: { conditions } });

  it('answers the invoice’s brand and month, whatever the date range, and lists the invoices', async () => {
    const response = await dashboard('companyadmin@demo.test', {
      is_invoice_data: true,
      xero_invoice_number: number.standalone,
      txn_date_time: ['2025-01-01', '2025-01-31'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ dashboard: DashboardAnswer }>().dashboard;
    expect(answer).toMatchObject({ start_date: '2024-05-01', end_date: '2024-05-31' });
    expect(answer.currentFilter).toMatchObject({
      is_invoice_data: true,
      selectedInvoiceNumber: number.standalone,
    });
    // Exactly what the invoice billed: May's two purchases less both their refunds, the one of
    // 2 June included (it came before the invoice was issued, so the invoice took it back).
    const stat = (name: string) => answer.statistics!.find((entry) => entry.name === name)!.value;
    expect(stat('conversions')).toBe(2);
    expect(stat('revenue')).toBe(3000 + 4550 - 1000 - 500);
    expect(stat('totalCashback')).toBe(300 + 455 - 100 - 50);
    const billed = await testApp.db
      .selectFrom('invoices')
      .select(['cashback_pence', 'success_fee_pence'])
      .where('invoice_number', '=', number.standalone)
      .executeTakeFirstOrThrow();
    expect(stat('totalCashback')).toBe(billed.cashback_pence);
    expect(stat('totalSuccessFee')).toBe(billed.success_fee_pence);
    expect(answer.invoiceList).toContainEqual({
      xero_invoiceNumber: number.standalone,
      month: 5,
      year: 2024,
      brandId: ids.brands.standalone,
    });
    expect(answer.invoiceList!.every((invoice) => invoice.brandId === ids.brands.standalone)).toBe(true);
  });

  it('lists a group role its group’s invoices, newest first, and banks none', async () => {
    const group = await dashboard('groupuser@demo.test', {});
    const list = group.json<{ dashboard: DashboardAnswer }>().dashboard.invoiceList!;
    expect(list.map((invoice) => invoice.xero_invoiceNumber)).toContain(number.groupBrandA);
    expect(list.some((invoice) => invoice.brandId === ids.brands.standalone)).toBe(false);
    const months = list.map((invoice) => invoice.year * 12 + invoice.month);
    expect(months).toEqual([...months].sort((a, b) => b - a));
    const bank = await dashboard('bank@demo.test', {});
    expect(bank.json<{ dashboard: DashboardAnswer }>().dashboard.invoiceList).toEqual([]);
  });

  it('ANDs the invoice with a brand filter: another brand of the group shows nothing', async () => {
    const response = await dashboard('groupuser@demo.test', {
      is_invoice_data: true,
      xero_invoice_number: number.groupBrandA,
      brand_id: ids.brands.groupBrandB,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ dashboard: DashboardAnswer }>().dashboard;
    expect(answer.statistics!.find((entry) => entry.name === 'conversions')!.value).toBe(0);
  });

  it('answers 404 naming an unknown invoice or one outside the scope, 400 without a number', async () => {
    for (const xero_invoice_number of ['INV-999999', number.groupBrandA]) {
      const response = await dashboard('companyadmin@demo.test', {
        is_invoice_data: true,
        xero_invoice_number,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: 'not_found',
        errorMessage: messages.invoice.notFound(xero_invoice_number),
      });
    }
    expect((await dashboard('companyadmin@demo.test', { is_invoice_data: true })).statusCode).toBe(400);
    expect(
      (await dashboard('companyadmin@demo.test', { is_invoice_data: true, xero_invoice_number: 'nope' }))
        .statusCode,
    ).toBe(400);
  });
});

describe("the dashboard's view of an invoice is exactly the invoice (decision 0072)", () => {
  it("leaves out a refund dated in the invoice's month that the month before's invoice billed", async () => {
    const june = await insertCampaign(testApp.db, {
      brandId: ids.brands.standalone,
      month: '2024-06',
      status: 'Bank Approved',
      discountPercent: 10,
      values: { week_days: JSON.stringify(everyDay) },
    });
    const sent = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
      body: [header, 'CALLS-6,2024-06-12T12:00:00-04:00,20.00,GBP,CALLS-standalone,card-4,4444,,ATR'].join(
        '\n',
      ),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const run = await createInvoiceRun({
      db: testApp.db,
      timeZone: testApp.config.timezone,
      clock: () => new Date(),
    }).runOn('2024-08-01');
    const juneInvoice = run.invoices.find((invoice) => invoice.brandId === ids.brands.standalone)!;
    expect(juneInvoice).toBeDefined();

    const response = await call(app, {
      method: 'POST',
      url: '/api/dashboard/client',
      token: tokens['companyadmin@demo.test'],
      body: { conditions: { is_invoice_data: true, xero_invoice_number: juneInvoice.invoiceNumber } },
    });

    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ dashboard: DashboardAnswer }>().dashboard;
    const stat = (name: string) => answer.statistics!.find((entry) => entry.name === name)!.value;
    // June's one purchase; the 2 June refund of a May purchase is on May's invoice, not June's.
    expect([stat('conversions'), stat('revenue'), stat('totalCashback')]).toEqual([1, 2000, 200]);
    const billed = await testApp.db
      .selectFrom('invoices')
      .select(['cashback_pence', 'success_fee_pence'])
      .where('invoice_number', '=', juneInvoice.invoiceNumber)
      .executeTakeFirstOrThrow();
    expect([stat('totalCashback'), stat('totalSuccessFee')]).toEqual([
      billed.cashback_pence,
      billed.success_fee_pence,
    ]);
    expect(june).toBeTruthy();
  });
});
