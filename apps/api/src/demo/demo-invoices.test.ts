import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import {
  adminChargePence,
  firstInvoiceDate,
  latestInvoiceableMonth,
  oneMonthAfter,
} from '@krowd/domain/invoice/invoice.rules';
import { successFeeFreeMonths } from '@krowd/domain/qualification/qualification.rules';
import { createTestApp, demoIds, type TestApp } from '../test/test-app.ts';
import { loadDemoInvoices } from './demo-reporting.ts';
import { demoMerchants, demoTransactionCount, ingestDemoTransactions } from './demo-transactions.ts';

/**
 * The demo's invoices at a first start: the demo transactions ingested, then the real invoice run
 * (the test harness's demo data holds no transactions, so this file loads its own).
 */
let testApp: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
const now = new Date();
let today: string;

beforeAll(async () => {
  testApp = await createTestApp();
  ids = await demoIds(testApp.db);
  const timeZone = testApp.config.timezone;
  today = localToday(now, timeZone);
  await ingestDemoTransactions(testApp.db, {
    merchants: await demoMerchants(testApp.db),
    count: demoTransactionCount,
    now,
    timeZone,
    file: 'month',
  });
  await loadDemoInvoices(testApp.db, { now, timeZone });
}, 180_000);
afterAll(() => testApp?.close());

const invoices = () => testApp.db.selectFrom('invoices').selectAll().orderBy('invoice_number').execute();

describe('demo invoices', () => {
  it('exist for the closed, approved campaign months of Green Fork and Harbour Kitchen', async () => {
    const rows = await invoices();
    const brands = new Set(rows.map((row) => row.brand_id));
    expect(brands.has(ids.brands.standalone)).toBe(true);
    expect(brands.has(ids.brands.groupBrandA)).toBe(true);
    const latest = latestInvoiceableMonth(today);
    for (const row of rows) {
      expect(`${row.year}-${String(row.month).padStart(2, '0')}-01` <= latest).toBe(true);
    }
  });

  it('carry the sums of the transactions they cover: those of their campaign month dated by the issue date', async () => {
    for (const invoice of await invoices()) {
      const month = `${invoice.year}-${String(invoice.month).padStart(2, '0')}-01`;
      const all = await testApp.db
        .selectFrom('transactions as t')
        .innerJoin('campaigns as c', 'c.id', 't.campaign_id')
        .select([
          't.id',
          't.outcome',
          't.cashback_pence',
          't.success_fee_pence',
          sql<string>`to_char(t.local_datetime, 'YYYY-MM-DD')`.as('day'),
        ])
        .where('c.brand_id', '=', invoice.brand_id)
        .where('c.start_date', '=', month)
        .where('t.outcome', '<>', 'notQualified')
        .execute();
      const raw = all.filter((row) => row.day <= invoice.issued_on);
      // What came later can only be refunds: on a credit note of this invoice, if any.
      const later = all.filter((row) => row.day > invoice.issued_on);
      expect(later.every((row) => row.outcome === 'refund')).toBe(true);
      if (later.length > 0) {
        const credited = await testApp.db
          .selectFrom('credit_note_transactions as ct')
          .innerJoin('credit_notes as n', 'n.id', 'ct.credit_note_id')
          .select(['ct.transaction_id', 'n.invoice_id'])
          .where(
            'ct.transaction_id',
            'in',
            later.map((row) => row.id),
          )
          .execute();
        expect(credited.every((row) => row.invoice_id === invoice.id)).toBe(true);
      }
      const linked = await testApp.db
        .selectFrom('invoice_transactions')
        .select('transaction_id')
        .where('invoice_id', '=', invoice.id)
        .execute();
      expect(new Set(linked.map((row) => row.transaction_id))).toEqual(new Set(raw.map((row) => row.id)));
      const cashback = raw.reduce((sum, row) => sum + row.cashback_pence, 0);
      const fee = raw.reduce((sum, row) => sum + row.success_fee_pence, 0);
      expect(invoice).toMatchObject({
        cashback_pence: cashback,
        success_fee_pence: fee,
        admin_charge_pence: adminChargePence(cashback, fee),
        amount_pence: cashback + fee + adminChargePence(cashback, fee),
        collection_method: 'manual',
        issued_on: firstInvoiceDate(invoice.year, invoice.month),
        due_date: oneMonthAfter(firstInvoiceDate(invoice.year, invoice.month)),
        document_id: invoice.invoice_number,
      });
    }
  });

  it('are numbered in month order; Paid on the due date when over 3 months old, else Unpaid', async () => {
    const rows = await invoices();
    const months = rows.map((row) => row.year * 12 + row.month);
    expect(months).toEqual([...months].sort((a, b) => a - b));
    const numbers = rows.map((row) => Number(row.invoice_number.slice(4)));
    numbers.forEach((value, index) => index === 0 || expect(value).toBe(numbers[index - 1]! + 1));
    const [year, month] = currentMonth(now, testApp.config.timezone).split('-').map(Number) as [
      number,
      number,
    ];
    expect(new Set(rows.map((row) => row.payment_status))).toEqual(new Set(['Paid', 'Unpaid']));
    for (const row of rows) {
      if (row.year * 12 + row.month < year * 12 + month - 3) {
        expect(row.due_date < today).toBe(true);
        expect(row.payment_status).toBe('Paid');
        expect(row.paid_at?.toISOString()).toBe(`${row.due_date}T09:00:00.000Z`);
      } else {
        expect(row.payment_status).toBe('Unpaid');
        expect(row.paid_at).toBe(null);
      }
    }
  });

  it('charge no success fee in a brand’s first 3 campaign months, and one after (the campaign history)', async () => {
    const latest = latestInvoiceableMonth(today);
    for (const brandId of [ids.brands.standalone, ids.brands.groupBrandA, ids.brands.groupBrandB]) {
      const months = await testApp.db
        .selectFrom('campaigns')
        .select(sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start'))
        .where('brand_id', '=', brandId)
        .where('status', 'in', ['Bank Approved', 'Active'])
        .where('deleted_at', 'is', null)
        .groupBy('start_date')
        .orderBy('start_date')
        .execute();
      const free = months.slice(0, successFeeFreeMonths).map((row) => row.start);
      const charged = months.slice(successFeeFreeMonths).map((row) => row.start);
      // Near-monthly over the past year: most of the brand's months are charged, closed ones invoiced.
      expect(charged.filter((month) => month <= latest).length).toBeGreaterThanOrEqual(5);
      const byMonth = await testApp.db
        .selectFrom('transactions as t')
        .innerJoin('campaigns as c', 'c.id', 't.campaign_id')
        .where('c.brand_id', '=', brandId)
        .where('t.outcome', '=', 'qualified')
        .groupBy('c.start_date')
        .select([
          sql<string>`to_char(c.start_date, 'YYYY-MM-DD')`.as('start'),
          sql<number>`count(*)::int`.as('rows'),
          sql<number>`sum(t.success_fee_pence)::int`.as('fee'),
          sql<number>`sum(t.cashback_pence)::int`.as('cashback'),
        ])
        .execute();
      for (const row of byMonth) {
        if (free.includes(row.start)) expect(row.fee).toBe(0);
        else expect(row.fee).toBeGreaterThan(0);
      }
      const feeInvoices = (await invoices()).filter(
        (row) => row.brand_id === brandId && row.success_fee_pence > 0,
      );
      expect(feeInvoices.length).toBeGreaterThanOrEqual(3);
      for (const invoice of feeInvoices) {
        expect(charged).toContain(`${invoice.year}-${String(invoice.month).padStart(2, '0')}-01`);
      }
    }
  });

  it('credit refunds that came after their invoice on credit notes, which add up', async () => {
    const notes = await testApp.db.selectFrom('credit_notes').selectAll().execute();
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      const { rows } = await sql<{ cashback: number; fee: number; late: number; count: number }>`
        SELECT sum(t.cashback_pence)::int AS cashback, sum(t.success_fee_pence)::int AS fee,
          count(*) FILTER (WHERE t.outcome = 'refund' AND t.local_datetime >= i.issued_on + 1)::int AS late,
          count(*)::int AS count
        FROM credit_note_transactions ct JOIN transactions t ON t.id = ct.transaction_id
        JOIN credit_notes n ON n.id = ct.credit_note_id JOIN invoices i ON i.id = n.invoice_id
        WHERE ct.credit_note_id = ${note.id}::uuid`.execute(testApp.db);
      const [sums] = rows;
      expect(note).toMatchObject({
        cashback_pence: sums!.cashback,
        success_fee_pence: sums!.fee,
        amount_pence: sums!.cashback + sums!.fee,
      });
      expect(note.amount_pence).toBeLessThan(0);
      // Every refund on a credit note is dated after the invoice it corrects was issued.
      expect(sums!.late).toBe(sums!.count);
    }
  });

  it('are not made again by a later run', async () => {
    const before = await invoices();
    const notes = await testApp.db.selectFrom('credit_notes').selectAll().execute();
    await loadDemoInvoices(testApp.db, { now, timeZone: testApp.config.timezone });
    expect(await invoices()).toEqual(before);
    expect(await testApp.db.selectFrom('credit_notes').selectAll().execute()).toEqual(notes);
  });
});
