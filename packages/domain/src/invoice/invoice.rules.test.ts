import { describe, expect, it } from 'vitest';
import { adminChargePence, invoiceDates, invoiceMonthLabel, oneMonthAfter } from './invoice.rules.ts';

describe('invoiceMonthLabel', () => {
  it('pads a one-digit month to two digits', () => {
    expect(invoiceMonthLabel(3, 2026)).toBe('03-2026');
  });

  it('keeps a two-digit month as it is', () => {
    expect(invoiceMonthLabel(12, 2025)).toBe('12-2025');
  });
});

describe('oneMonthAfter', () => {
  it('moves to the same day of the next month', () => {
    expect(oneMonthAfter('2026-03-15')).toBe('2026-04-15');
  });

  it('lands on the last day when the next month is shorter', () => {
    expect(oneMonthAfter('2026-01-31')).toBe('2026-02-28');
    expect(oneMonthAfter('2028-01-31')).toBe('2028-02-29');
  });

  it('crosses the year end', () => {
    expect(oneMonthAfter('2025-12-31')).toBe('2026-01-31');
  });
});

describe('invoiceDates', () => {
  it('issues the invoice 30 days after the month closes, due a calendar month later', () => {
    expect(invoiceDates(2026, 1)).toEqual({ issuedOn: '2026-03-02', dueDate: '2026-04-02' });
  });

  it('counts from the last day of a 31-day month', () => {
    expect(invoiceDates(2025, 12)).toEqual({ issuedOn: '2026-01-30', dueDate: '2026-02-28' });
  });
});

describe('adminChargePence', () => {
  it('is 1% of cashback plus success fee, to the nearest penny', () => {
    expect(adminChargePence(126_369, 0)).toBe(1264);
    expect(adminChargePence(100_000, 50_050)).toBe(1501);
  });
});
