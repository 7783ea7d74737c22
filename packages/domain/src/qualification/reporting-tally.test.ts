import { describe, expect, it } from 'vitest';
import { ReportingTally, type Reward } from './reporting-tally.ts';

const terms = {
  cashbackPercent: 10,
  cashbackValuePence: null,
  minimumSpendPence: 0,
  successFeePercent: 5,
  successFeeFree: false,
};
const purchase = (pence: number, customerType: Reward['customerType'] = 'new'): Reward => ({
  outcome: 'qualified',
  campaignId: 'campaign-1',
  cashbackPence: pence / 10,
  successFeePence: pence / 20,
  customerType,
  offerType: 'dp',
  terms,
});
const refund = (pence: number): Reward => ({
  ...purchase(pence),
  outcome: 'refund',
  cashbackPence: -pence / 10,
  successFeePence: -pence / 20,
});
const branch = { branchId: 'branch-1', brandId: 'brand-1', status: 'Active' as const };
const otherBranch = { branchId: 'branch-2', brandId: 'brand-1', status: 'Active' as const };
/** 12 June 2025 at a wall-clock hour, read as UTC (day 20,251 since 1970-01-01). */
const june12 = (hour: number) => Date.UTC(2025, 5, 12, hour);

describe('the reporting tally', () => {
  it('sums a cell per local day, branch, campaign, customer type and offer type', () => {
    const tally = new ReportingTally();
    tally.add(june12(0), branch, purchase(2000), 2000, 7);
    tally.add(june12(23), branch, purchase(500), 500, 9);
    tally.add(june12(12), branch, refund(1000), -1000, 0);
    tally.add(june12(24), branch, purchase(800), 800, 7);
    tally.add(june12(12), otherBranch, purchase(300), 300, 7);
    tally.add(june12(12), branch, purchase(400, 'existing'), 400, 7);

    expect(tally.cellCount).toBe(4);
    expect(tally.listedCards).toBe(5);
    const cells = tally.take();
    expect(cells[0]).toEqual({
      day: 20_251,
      brandId: 'brand-1',
      branchId: 'branch-1',
      campaignId: 'campaign-1',
      customerType: 'new',
      offerType: 'dp',
      conversions: 2,
      refunds: 1,
      spendPence: 1500,
      cashbackPence: 150,
      successFeePence: 75,
      maxSpendPence: 2000,
      minSpendPence: 500,
      cards: [7, 9],
    });
    expect(cells.slice(1).map((cell) => [cell.day, cell.branchId, cell.customerType, cell.cards])).toEqual([
      [20_252, 'branch-1', 'new', [7]],
      [20_251, 'branch-2', 'new', [7]],
      [20_251, 'branch-1', 'existing', [7]],
    ]);
  });

  it('keeps no spend extremes for a cell of refunds alone', () => {
    const tally = new ReportingTally();
    tally.add(june12(9), branch, refund(1000), -1000, 0);
    expect(tally.take()).toMatchObject([
      { conversions: 0, refunds: 1, spendPence: -1000, maxSpendPence: null, minSpendPence: null, cards: [] },
    ]);
  });

  it('starts again empty once its cells are taken', () => {
    const tally = new ReportingTally();
    tally.add(june12(9), branch, purchase(1000), 1000, 1);
    tally.take();
    expect([tally.cellCount, tally.listedCards, tally.take()]).toEqual([0, 0, []]);
    tally.add(june12(9), branch, purchase(600), 600, 2);
    expect(tally.take()).toMatchObject([{ conversions: 1, spendPence: 600, cards: [2] }]);
  });
});
