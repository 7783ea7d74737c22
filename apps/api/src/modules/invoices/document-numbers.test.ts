import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoIds, type TestApp } from '../../test/test-app.ts';

/**
 * Invoice and credit-note numbers are sequential without gaps (brief §5; migration 0030): a number
 * drawn by a transaction that rolls back (a fault mid invoice run) is drawn again by the next one.
 */

let testApp: TestApp;
let brandId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  brandId = (await demoIds(testApp.db)).brands.standalone;
});

afterAll(async () => {
  await testApp?.close();
});

const invoiceRow = (month: number) => ({
  brand_id: brandId,
  year: 2031,
  month,
  cashback_pence: 0,
  success_fee_pence: 0,
  admin_charge_pence: 0,
  amount_pence: 0,
  collection_method: 'manual' as const,
  issued_on: '2031-02-01',
  due_date: '2031-03-01',
});

const numberOf = (invoice: { invoice_number: string }) => Number(invoice.invoice_number.slice('INV-'.length));

describe('invoice numbers', () => {
  it('follow one another, and a rolled-back invoice leaves no gap', async () => {
    const first = await testApp.db
      .insertInto('invoices')
      .values(invoiceRow(1))
      .returning('invoice_number')
      .executeTakeFirstOrThrow();

    const rolledBack = testApp.db.transaction().execute(async (trx) => {
      await trx.insertInto('invoices').values(invoiceRow(2)).execute();
      throw new Error('the database went away');
    });
    await expect(rolledBack).rejects.toThrow('the database went away');

    const next = await testApp.db
      .insertInto('invoices')
      .values(invoiceRow(3))
      .returning('invoice_number')
      .executeTakeFirstOrThrow();
    expect(numberOf(next)).toBe(numberOf(first) + 1);
  });
});
