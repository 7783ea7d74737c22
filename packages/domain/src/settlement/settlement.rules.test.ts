import { describe, expect, it } from 'vitest';
import {
  brandTotals,
  csvValue,
  dailyColumns,
  dailyCsv,
  isSettlementPeriod,
  monthlyColumns,
  monthlyCsv,
  settlementFileName,
  settlementTotals,
  type DailyRow,
  type MonthlyRow,
} from './settlement.rules';

const purchase: DailyRow = {
  event: 'qualified',
  transactionId: 'T-2',
  originalTransactionId: null,
  localTime: '2026-12-01T10:00:00+00:00',
  brandId: 'b1',
  brandName: 'Acme, Ltd',
  campaignId: 'c1',
  campaignName: 'Winter "10%"',
  amountPence: 5000,
  cashbackPence: 500,
  successFeePence: 100,
  cappedReason: null,
  capLimit: null,
  capInterval: null,
};
const refund: DailyRow = {
  ...purchase,
  event: 'refunded',
  transactionId: 'T-3',
  originalTransactionId: 'T-2',
  localTime: '2026-12-01T09:00:00+00:00',
  amountPence: -5000,
  cashbackPence: -500,
  successFeePence: -100,
};

const monthly = (over: Partial<MonthlyRow>): MonthlyRow => ({
  brandId: 'b1',
  brandName: 'Acme',
  campaignId: 'c1',
  campaignName: 'Winter',
  document: 'INV-000001',
  issuedOn: '2026-11-01',
  transactions: 1,
  cashbackPence: 100,
  successFeePence: 10,
  ...over,
});

describe('settlement files', () => {
  it('start with the documented header, one name per column', () => {
    expect(dailyCsv([]).trimEnd()).toBe(dailyColumns.map((c) => c.name).join(','));
    expect(monthlyCsv([]).trimEnd()).toBe(monthlyColumns.map((c) => c.name).join(','));
    expect(dailyColumns.every((c) => c.meaning.length > 0)).toBe(true);
  });

  it('list the day in time order, quoting values with commas and quotes, lines ending in LF', () => {
    expect(dailyCsv([purchase, refund]).split('\n')).toEqual([
      dailyColumns.map((c) => c.name).join(','),
      'refunded,T-3,T-2,2026-12-01T09:00:00+00:00,b1,"Acme, Ltd",c1,"Winter ""10%""",-5000,-500,-100,,,',
      'qualified,T-2,,2026-12-01T10:00:00+00:00,b1,"Acme, Ltd",c1,"Winter ""10%""",5000,500,100,,,',
      '',
    ]);
  });

  it('name the cap a capped purchase earned less by, with its number, in the last three columns', () => {
    const capped: DailyRow = {
      ...purchase,
      transactionId: 'T-4',
      cashbackPence: 300,
      cappedReason: 'cappedSpendPartly',
      capLimit: 20000,
      capInterval: 'month',
    };
    expect(dailyColumns.slice(-3).map((c) => c.name)).toEqual(['capped_reason', 'cap_limit', 'cap_interval']);
    expect(dailyCsv([capped]).split('\n')[1]).toBe(
      'qualified,T-4,,2026-12-01T10:00:00+00:00,b1,"Acme, Ltd",c1,"Winter ""10%""",5000,300,100,cappedSpendPartly,20000,month',
    );
  });

  it('give the same bytes for the same rows in any order', () => {
    expect(dailyCsv([purchase, refund])).toBe(dailyCsv([refund, purchase]));
    const rows = [monthly({ brandName: 'Zed', brandId: 'b2' }), monthly({ document: 'CN-000001' })];
    expect(monthlyCsv(rows)).toBe(monthlyCsv([...rows].reverse()));
  });

  it('defuse a value a spreadsheet would run as a formula', () => {
    expect(csvValue('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvValue('-5')).toBe("'-5");
    expect(csvValue(-5)).toBe('-5');
  });

  it('refuse money that is not whole pence', () => {
    expect(() => csvValue(1.5)).toThrow(/whole pence/);
  });

  it("total a brand's invoice and credit note rows net, to the penny", () => {
    const rows = [
      monthly({ campaignId: 'c1', cashbackPence: 700, successFeePence: 70 }),
      monthly({ campaignId: 'c2', campaignName: 'Spring', cashbackPence: 301, successFeePence: 31 }),
      monthly({ document: 'CN-000004', cashbackPence: -200, successFeePence: -20 }),
      monthly({ brandId: 'b2', brandName: 'Other', cashbackPence: 5, successFeePence: 1 }),
    ];
    expect(brandTotals(rows).get('b1')).toEqual({ rows: 3, cashbackPence: 801, successFeePence: 81 });
    expect(brandTotals(rows).get('b2')).toEqual({ rows: 1, cashbackPence: 5, successFeePence: 1 });
    expect(settlementTotals(rows)).toEqual({ rows: 4, cashbackPence: 806, successFeePence: 82 });
  });

  it('name the file by kind and period, and know a period of each kind', () => {
    expect(settlementFileName('daily', '2026-12-01')).toBe('settlement-daily-2026-12-01.csv');
    expect(settlementFileName('monthly', '2026-11')).toBe('settlement-monthly-2026-11.csv');
    expect(isSettlementPeriod('daily', '2026-12-01')).toBe(true);
    expect(isSettlementPeriod('daily', '2026-12')).toBe(false);
    expect(isSettlementPeriod('monthly', '2026-12')).toBe(true);
  });
});
