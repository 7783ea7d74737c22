import { describe, expect, it } from 'vitest';
import { shownPaymentStatus } from './invoice.schema.ts';
import {
  adminChargePence,
  detailedFileName,
  firstInvoiceDate,
  invoiceFigures,
  invoiceMonthLabel,
  invoiceNumberOfDetailedFile,
  isReturnPeriodOver,
  latestInvoiceableMonth,
  oneMonthAfter,
  returnPeriodEnd,
} from './invoice.rules.ts';

describe('invoiceMonthLabel', () => {
  it('pads a one-digit month to two digits', () => {
    expect(invoiceMonthLabel(3, 2026)).toBe('03-2026');
  });

  it('keeps a two-digit month as it is', () => {
    expect(invoiceMonthLabel(12, 2025)).toBe('12-2025');
  });
});

describe('oneMonthAfter', () => {
  it.each([
    ['2026-03-15', '2026-04-15', 'the same day of the next month'],
    ['2026-01-31', '2026-02-28', 'the last day of a shorter month'],
    ['2028-01-31', '2028-02-29', 'the last day of a leap February'],
    ['2025-12-31', '2026-01-31', 'across the year end'],
    ['2026-03-31', '2026-04-30', 'the 30th of a 30-day month'],
  ])('moves %s to %s (%s)', (from, to) => {
    expect(oneMonthAfter(from)).toBe(to);
  });
});

describe('the return period', () => {
  it.each([
    // January 2026 closes on the 31st; 30 days later is 2 March.
    [2026, 1, '2026-03-02', '2026-03-03'],
    // February 2026 (28 days) closes on the 28th.
    [2026, 2, '2026-03-30', '2026-03-31'],
    // February 2028 (leap year).
    [2028, 2, '2028-03-30', '2028-03-31'],
    // April (30 days).
    [2026, 4, '2026-05-30', '2026-05-31'],
    // December crosses the year.
    [2025, 12, '2026-01-30', '2026-01-31'],
  ])('of %i-%i ends on %s; the first run to invoice it is on %s', (year, month, end, first) => {
    expect(returnPeriodEnd(year, month)).toBe(end);
    expect(firstInvoiceDate(year, month)).toBe(first);
    expect(isReturnPeriodOver(year, month, end)).toBe(false);
    expect(isReturnPeriodOver(year, month, first)).toBe(true);
  });

  it('is not over for a month that has not closed', () => {
    expect(isReturnPeriodOver(2026, 3, '2026-03-31')).toBe(false);
    expect(isReturnPeriodOver(2026, 3, '2026-04-15')).toBe(false);
  });
});

describe('latestInvoiceableMonth', () => {
  it.each([
    // On 2 March, January's period (ends 2 March) is still running: December is the latest.
    ['2026-03-02', '2025-12-01'],
    ['2026-03-03', '2026-01-01'],
    // February's period ends 30 March.
    ['2026-03-30', '2026-01-01'],
    ['2026-03-31', '2026-02-01'],
    // On 1 January, November's period (ends 30 December) is over, December's is not.
    ['2026-01-01', '2025-11-01'],
    ['2026-01-31', '2025-12-01'],
  ])('on %s is %s', (today, month) => {
    expect(latestInvoiceableMonth(today)).toBe(month);
  });
});

describe('adminChargePence', () => {
  it.each([
    [126_369, 0, 1264, 'rounds 12.6369 up'],
    [100_000, 50_050, 1501, 'rounds 1500.5 half up'],
    [150, 0, 2, 'rounds 1.5 half up'],
    [149, 0, 1, 'rounds 1.49 down'],
    [49, 0, 0, 'charges nothing below half a penny'],
    [50, 0, 1, 'charges a penny from half a penny'],
    [0, 0, 0, 'charges nothing on nothing'],
    [-500, 0, 0, 'charges nothing on a net credit'],
  ])('on %i cashback and %i fee is %i (%s)', (cashback, fee, charge) => {
    expect(adminChargePence(cashback, fee)).toBe(charge);
  });

  it('stays exact where a float would not (1% of 100,000,050 pence)', () => {
    expect(adminChargePence(100_000_000, 50)).toBe(1_000_001);
  });
});

describe('invoiceFigures', () => {
  it('charges 1% and leaves the invoice Unpaid for manual payment when the brand has no mandate', () => {
    expect(
      invoiceFigures({
        cashbackPence: 10_000,
        successFeePence: 2_550,
        hasMandate: false,
        issuedOn: '2026-03-03',
      }),
    ).toEqual({
      cashbackPence: 10_000,
      successFeePence: 2_550,
      adminChargePence: 126,
      amountPence: 12_676,
      collectionMethod: 'manual',
      paymentStatus: 'Unpaid',
      issuedOn: '2026-03-03',
      dueDate: '2026-04-03',
    });
  });

  it('collects by direct debit without a charge, Pending, when the brand has a mandate', () => {
    expect(
      invoiceFigures({
        cashbackPence: 10_000,
        successFeePence: 2_550,
        hasMandate: true,
        issuedOn: '2026-01-31',
      }),
    ).toMatchObject({
      adminChargePence: 0,
      amountPence: 12_550,
      collectionMethod: 'direct_debit',
      paymentStatus: 'Pending',
      dueDate: '2026-02-28',
    });
  });

  it('makes no invoice for a month whose net cashback and fee is nothing or a credit', () => {
    for (const [cashbackPence, successFeePence] of [
      [0, 0],
      [500, -500],
      [-100, 0],
    ] as const) {
      expect(
        invoiceFigures({ cashbackPence, successFeePence, hasMandate: false, issuedOn: '2026-03-03' }),
      ).toBe(null);
    }
  });

  it('invoices a single penny', () => {
    expect(
      invoiceFigures({ cashbackPence: 1, successFeePence: 0, hasMandate: false, issuedOn: '2026-03-03' }),
    ).toMatchObject({ adminChargePence: 0, amountPence: 1 });
  });
});

describe('detailed file names', () => {
  it('name the invoice and read back to its number', () => {
    expect(detailedFileName('INV-000012')).toBe('INV-000012-detailed.pdf');
    expect(invoiceNumberOfDetailedFile('INV-000012-detailed.pdf')).toBe('INV-000012');
    expect(invoiceNumberOfDetailedFile('INV-1234567-detailed.pdf')).toBe('INV-1234567');
  });

  it.each(['INV-000012.pdf', '../INV-000012-detailed.pdf', 'INV-12-detailed.pdf', 'x-detailed.pdf'])(
    'refuse %s',
    (name) => {
      expect(invoiceNumberOfDetailedFile(name)).toBe(null);
    },
  );
});

describe('shownPaymentStatus: Overdue follows from the due date, never stored', () => {
  it.each([
    ['Unpaid', '2026-11-30', 'Unpaid'],
    ['Unpaid', '2026-12-01', 'Overdue'],
    ['Failed', '2026-12-01', 'Overdue'],
    ['Failed', '2026-11-30', 'Failed'],
    ['Pending', '2026-12-01', 'Pending'],
    ['Paid', '2026-12-01', 'Paid'],
  ] as const)('shows %s due 30/11/2026 on %s as %s', (stored, today, shown) => {
    expect(shownPaymentStatus(stored, '2026-11-30', today)).toBe(shown);
  });
});
