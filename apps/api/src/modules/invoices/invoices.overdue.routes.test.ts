import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceRow, VerifiedInvoice } from '@krowd/domain/invoice/invoice-response.schema';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * Overdue (invoice.schema.ts `shownPaymentStatus`): an invoice still owed after its due date shows
 * Overdue, judged on today in the timezone setting (America/New_York). Today is 1 December 2026,
 * 10:00 there; one invoice was due on 30 November, one is due today.
 */
const now = new Date('2026-12-01T15:00:00Z');
let testApp: TestApp;
let app: App;
let token = '';
const numbers: Record<'late' | 'dueToday' | 'paid', string> = { late: '', dueToday: '', paid: '' };

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now });
  app = testApp.app;
  const ids = await demoIds(testApp.db);
  const fixtures = [
    ['late', 9, '2026-11-30', 'Unpaid'],
    ['dueToday', 10, '2026-12-01', 'Unpaid'],
    ['paid', 8, '2026-11-30', 'Paid'],
  ] as const;
  for (const [key, month, dueDate, status] of fixtures) {
    const row = await testApp.db
      .insertInto('invoices')
      .values({
        brand_id: ids.brands.standalone,
        year: 2020,
        month,
        cashback_pence: 1000,
        success_fee_pence: 0,
        amount_pence: 1000,
        collection_method: 'manual',
        issued_on: '2026-10-30',
        due_date: dueDate,
        payment_status: status,
      })
      .returning('invoice_number')
      .executeTakeFirstOrThrow();
    numbers[key] = row.invoice_number;
  }
  token = (await loginAs(app, 'companyadmin@demo.test')).token;
});

afterAll(async () => {
  await testApp?.close();
});

const list = async (status?: string) => {
  const filters = status ? { dropDown: { key: 'status', value: status, type: 'eq' } } : {};
  const response = await call(app, {
    url: `/api/distributors/getInvoiceList/invoice?limit=100&filters=${encodeURIComponent(JSON.stringify(filters))}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as InvoiceRow[];
};
const statusOf = (rows: InvoiceRow[], number: string) =>
  rows.find((row) => row.InvoiceNumber === number)?.paymentStatus;

describe('an invoice past its due date', () => {
  it('shows Overdue the day after it was due, and Unpaid on its due date', async () => {
    const rows = await list();
    expect(statusOf(rows, numbers.late)).toBe('Overdue');
    expect(statusOf(rows, numbers.dueToday)).toBe('Unpaid');
    expect(statusOf(rows, numbers.paid)).toBe('Paid');
    const stored = await testApp.db
      .selectFrom('invoices')
      .select('payment_status')
      .where('invoice_number', '=', numbers.late)
      .executeTakeFirstOrThrow();
    expect(stored.payment_status).toBe('Unpaid');
  });

  it('is found by the Overdue filter, and no longer by Unpaid', async () => {
    const overdue = (await list('Overdue')).map((row) => row.InvoiceNumber);
    expect(overdue).toContain(numbers.late);
    expect(overdue).not.toContain(numbers.dueToday);
    const unpaid = (await list('Unpaid')).map((row) => row.InvoiceNumber);
    expect(unpaid).toContain(numbers.dueToday);
    expect(unpaid).not.toContain(numbers.late);
  });

  it('answers Overdue to verifyInvoices too', async () => {
    const response = await call(app, {
      url: `/api/transaction/verifyInvoices?InvoiceNumbers=${numbers.late},${numbers.dueToday}`,
      token,
    });
    const invoices = response.json().invoices as VerifiedInvoice[];
    expect(invoices.map((invoice) => invoice.paymentStatus)).toEqual(['Overdue', 'Unpaid']);
  });
});
