import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceRow } from '@krowd/domain/invoice/invoice-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const tokens: Record<string, string> = {};

/** Invoices of 2019 (before any demo invoice), so the test knows every figure. */
const fixtures = [
  { brand: 'standalone', month: 1, cashback: 52_000, status: 'Paid', document: 'T-STANDALONE-01' },
  { brand: 'standalone', month: 2, cashback: 75_100, status: 'Unpaid', document: null },
  { brand: 'standalone', month: 3, cashback: 18_250, status: 'Failed', document: 'T-STANDALONE-03' },
  { brand: 'groupBrandA', month: 1, cashback: 99_900, status: 'Pending', document: 'T-GROUP-A-01' },
  { brand: 'groupBrandB', month: 2, cashback: 10_000, status: 'Unpaid', document: null },
] as const;
const numbers: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const fixture of fixtures) {
    const row = await testApp.db
      .insertInto('invoices')
      .values({
        brand_id: ids.brands[fixture.brand],
        year: 2019,
        month: fixture.month,
        cashback_pence: fixture.cashback,
        success_fee_pence: 0,
        amount_pence: fixture.cashback,
        collection_method: 'direct_debit',
        issued_on: `2019-0${fixture.month + 1}-01`,
        due_date: `2019-0${fixture.month + 2}-01`,
        payment_status: fixture.status,
        document_id: fixture.document,
      })
      .returning('invoice_number')
      .executeTakeFirstOrThrow();
    numbers[`${fixture.brand}-${fixture.month}`] = row.invoice_number;
  }
  for (const email of [
    'companyadmin@demo.test',
    'branduser@demo.test',
    'user@demo.test',
    'groupadmin@demo.test',
    'groupuser@demo.test',
  ]) {
    tokens[email] = (await loginAs(app, email)).token;
  }
});

afterAll(async () => {
  await testApp?.close();
});

interface ListQuery {
  page?: number;
  limit?: number;
  search?: string;
  status?: string;
  sort?: { sortfield: string; direction: 'asc' | 'desc' };
  brandId?: string;
  from?: string;
}

function listUrl(query: ListQuery = {}) {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.limit) params.set('limit', String(query.limit));
  const filters: Record<string, unknown> = {};
  if (query.search !== undefined) filters.globalSearch = { value: query.search, type: 'user' };
  if (query.status !== undefined) filters.dropDown = { key: 'status', value: query.status, type: 'eq' };
  if (query.sort) filters.sortField = query.sort;
  if (Object.keys(filters).length > 0) params.set('filters', JSON.stringify(filters));
  if (query.brandId) params.set('brandId', query.brandId);
  if (query.from) params.set('from', query.from);
  return `/api/distributors/getInvoiceList/invoice?${params}`;
}

async function list(email: string, query: ListQuery = {}) {
  const response = await call(app, { url: listUrl(query), token: tokens[email] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    data: InvoiceRow[];
    pagination: { page: number; limit: number; total: number; totalPages: number };
  }>();
}

/** The fixture rows of a list, as brand-month keys in the list's order. */
const fixtureKeys = (rows: InvoiceRow[]) =>
  rows
    .filter((row) => row.year === 2019)
    .map((row) => `${Object.entries(ids.brands).find(([, id]) => id === row.brandId)![0]}-${row.month}`);

async function invoiceCount(brandIds: string[]) {
  const row = await testApp.db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('brand_id', 'in', brandIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('GET /api/distributors/getInvoiceList/invoice', () => {
  it("answers a brand's invoices with month, year, the amount in pence, number, due date, status and document", async () => {
    const body = await list('companyadmin@demo.test', { limit: 100 });
    expect(body.pagination.total).toBe(await invoiceCount([ids.brands.standalone]));
    expect(body.data.every((row) => row.brandId === ids.brands.standalone)).toBe(true);
    expect(body.data.find((row) => row.InvoiceNumber === numbers['standalone-1'])).toEqual({
      _id: expect.any(String),
      kind: 'invoice',
      brandId: ids.brands.standalone,
      brandName: 'Green Fork',
      month: 1,
      year: 2019,
      invoiceAmountPence: 52_000,
      InvoiceNumber: numbers['standalone-1'],
      correctsInvoiceNumber: null,
      issuedOn: '2019-02-01',
      dueDate: '2019-03-01',
      paymentStatus: 'Paid',
      xero_invoice_id: 'T-STANDALONE-01',
    });
  });

  it('lets the finance role and the plain user role of the brand read them too', async () => {
    for (const email of ['branduser@demo.test', 'user@demo.test']) {
      const body = await list(email, { limit: 100 });
      expect(fixtureKeys(body.data).sort()).toEqual(['standalone-1', 'standalone-2', 'standalone-3']);
    }
  });

  it("shows a group role every brand of its group, or the one chosen with brandId, never another brand's", async () => {
    const all = await list('groupuser@demo.test', {
      limit: 100,
      brandId: ids.brands.groupBrandA,
      from: 'onboard',
    });
    expect(all.pagination.total).toBe(await invoiceCount([ids.brands.groupBrandA, ids.brands.groupBrandB]));
    expect(fixtureKeys(all.data).sort()).toEqual(['groupBrandA-1', 'groupBrandB-2']);
    const one = await list('groupadmin@demo.test', { limit: 100, brandId: ids.brands.groupBrandB });
    expect(fixtureKeys(one.data)).toEqual(['groupBrandB-2']);
    const outside = await call(app, {
      url: listUrl({ brandId: ids.brands.standalone }),
      token: tokens['groupadmin@demo.test'],
    });
    expect(outside.statusCode).toBe(404);
  });

  it('answers 404 to a brand role choosing another brand', async () => {
    const response = await call(app, {
      url: listUrl({ brandId: ids.brands.groupBrandA }),
      token: tokens['companyadmin@demo.test'],
    });
    expect(response.statusCode).toBe(404);
  });

  it('lists the newest month first, and sorts any column descending, then ascending', async () => {
    const byMonth = await list('companyadmin@demo.test', { limit: 100 });
    expect(fixtureKeys(byMonth.data)).toEqual(['standalone-3', 'standalone-2', 'standalone-1']);
    const desc = await list('companyadmin@demo.test', {
      limit: 100,
      sort: { sortfield: 'invoiceAmount', direction: 'desc' },
    });
    const amounts = desc.data.map((row) => row.invoiceAmountPence);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const asc = await list('companyadmin@demo.test', {
      limit: 100,
      sort: { sortfield: 'invoiceAmount', direction: 'asc' },
    });
    expect(asc.data.map((row) => row.invoiceAmountPence)).toEqual([...amounts].reverse());
    const byStatus = await list('companyadmin@demo.test', {
      limit: 100,
      sort: { sortfield: 'paymentStatus', direction: 'asc' },
    });
    const statuses = byStatus.data.map((row) => row.paymentStatus);
    expect(statuses).toEqual([...statuses].sort());
  });

  it('filters by payment status and searches the invoice number from 3 characters', async () => {
    // The fixture's Failed invoice is past its due date: it shows, and is found, as Overdue.
    const overdue = await list('companyadmin@demo.test', { status: 'Overdue' });
    expect(fixtureKeys(overdue.data)).toEqual(expect.arrayContaining(['standalone-3']));
    expect(overdue.data.every((row) => row.paymentStatus === 'Overdue')).toBe(true);
    const failed = await list('companyadmin@demo.test', { status: 'Failed' });
    expect(fixtureKeys(failed.data)).toEqual([]);
    const paid = await list('companyadmin@demo.test', { status: 'Paid' });
    expect(paid.data.every((row) => row.paymentStatus === 'Paid')).toBe(true);
    const number = numbers['standalone-2']!;
    const found = await list('companyadmin@demo.test', { search: number.slice(-6) });
    expect(found.data.map((row) => row.InvoiceNumber)).toEqual([number]);
    const tooShort = await list('companyadmin@demo.test', { search: 'IN', limit: 100 });
    expect(tooShort.pagination.total).toBe(await invoiceCount([ids.brands.standalone]));
  });

  it('pages with the total, also past the last page', async () => {
    const total = await invoiceCount([ids.brands.standalone]);
    const first = await list('companyadmin@demo.test', { limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.pagination).toEqual({ page: 1, limit: 1, total, totalPages: total });
    const past = await list('companyadmin@demo.test', { limit: 1, page: total + 1 });
    expect(past.data).toEqual([]);
    expect(past.pagination.total).toBe(total);
  });

  it.each([
    ['an unknown sort field', listUrl({ sort: { sortfield: 'amount_pence', direction: 'asc' } })],
    ['an unknown payment status', listUrl({ status: 'Late' })],
    ['a page of 0', '/api/distributors/getInvoiceList/invoice?page=0'],
    ['filters that are not JSON', '/api/distributors/getInvoiceList/invoice?filters=%7Bnope'],
    ['an unknown parameter', '/api/distributors/getInvoiceList/invoice?drop=table'],
  ])('refuses %s with 400', async (_case, url) => {
    const response = await call(app, { url, token: tokens['companyadmin@demo.test'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('errorMessage');
  });
});

describe('GET /api/distributors/getInvoice/invoice', () => {
  const documentUrl = (month: number, year: number, document: string) =>
    `/api/distributors/getInvoice/invoice?month=${month}&year=${year}&xero_invoice_id=${document}`;

  it("answers where the invoice's document opens, and the document is a PDF of that invoice", async () => {
    const response = await call(app, {
      url: documentUrl(1, 2019, 'T-STANDALONE-01'),
      token: tokens['branduser@demo.test'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { invoiceURL } = response.json<{ invoiceURL: string }>();
    expect(invoiceURL).toBe('/api/invoices/documents/T-STANDALONE-01');
    const pdf = await call(app, { url: invoiceURL, token: tokens['branduser@demo.test'] });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${numbers['standalone-1']}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(`(Invoice ${numbers['standalone-1']})`);
  });

  it("answers 404 'Invoice is not created.' for an unknown document, another month, or another brand's invoice", async () => {
    for (const url of [
      documentUrl(2, 2019, 'T-NO-SUCH-DOCUMENT'),
      documentUrl(2, 2019, 'T-STANDALONE-01'),
      documentUrl(1, 2019, 'T-GROUP-A-01'),
    ]) {
      const response = await call(app, { url, token: tokens['companyadmin@demo.test'] });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.invoice.notCreated });
    }
  });

  it("gives a group role its group's documents only", async () => {
    const own = await call(app, {
      url: documentUrl(1, 2019, 'T-GROUP-A-01'),
      token: tokens['groupuser@demo.test'],
    });
    expect(own.statusCode).toBe(200);
    const other = await call(app, {
      url: '/api/invoices/documents/T-STANDALONE-03',
      token: tokens['groupuser@demo.test'],
    });
    expect(other.statusCode).toBe(404);
  });

  it.each([
    ['a month of 13', '/api/distributors/getInvoice/invoice?month=13&year=2019&xero_invoice_id=x'],
    ['no document reference', '/api/distributors/getInvoice/invoice?month=1&year=2019'],
    [
      'a year that is not a number',
      '/api/distributors/getInvoice/invoice?month=1&year=soon&xero_invoice_id=x',
    ],
  ])('refuses %s with 400', async (_case, url) => {
    const response = await call(app, { url, token: tokens['companyadmin@demo.test'] });
    expect(response.statusCode).toBe(400);
  });
});
