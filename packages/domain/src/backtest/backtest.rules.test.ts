import { describe, expect, it } from 'vitest';
import { localTimeAt } from '../qualification/local-time.ts';
import type { QualificationOutcome } from '../qualification/qualification.types.ts';
import { backtestCampaign, backtestCampaignId, BacktestTally } from './backtest.rules.ts';
import { backtestRequestSchema } from './backtest.schema.ts';

/** The backtest's pure parts (docs/decisions/0131): the draft as the engine's campaign, the figures. */

const brandId = 'b0b0b0b0-0000-4000-8000-000000000001';
const branch = 'b1b1b1b1-0000-4000-8000-000000000001';
const draft = (fields: Record<string, unknown>) =>
  backtestRequestSchema.parse({
    brandId,
    merchantIds: [branch],
    customerType: 'all',
    lastTransaction: 'NULL',
    discountType: 'dp',
    discountPercent: 10,
    successFee: 10,
    budgetType: 'na',
    ...fields,
  });
const local = (iso: string) => localTimeAt(Date.parse(iso), 'Europe/London');

const paid = (
  cashbackPence: number,
  successFeePence: number,
  outcome: 'qualified' | 'refund' = 'qualified',
): QualificationOutcome => ({
  outcome,
  campaignId: backtestCampaignId,
  cashbackPence,
  successFeePence,
  customerType: 'new',
  offerType: 'dp',
  terms: {
    cashbackPercent: 10,
    cashbackValuePence: null,
    minimumSpendPence: 0,
    successFeePercent: 10,
    successFeeFree: false,
  },
});

describe('the draft as the engine reads a campaign', () => {
  it('runs in the month replayed, approved, at its branches, money in pence, caps as stored, nothing spent', () => {
    const campaign = backtestCampaign(
      draft({
        discountType: 'dv',
        discountAmount: 30,
        discountValue: 5,
        customerType: 'existing',
        lastTransaction: 3,
        budgetType: 'budget',
        budget: 250.5,
        maxTransactionsPerCard: 2,
        maxSpendPerCardPerInterval: 99.99,
        capInterval: 'week',
        start_time: '09:00',
        end_time: '21:00',
      }),
      '2026-11',
      '2026-12-04T12:00:00.000Z',
    );
    expect(campaign).toMatchObject({
      id: backtestCampaignId,
      brandId,
      status: 'Active',
      start_date: '2026-11-01',
      allBranches: false,
      branchIds: [branch],
      pauses: [],
      weekDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      start_time: '09:00',
      end_time: '21:00',
      customerType: 'existing',
      lastTransaction: 3,
      discountPercent: null,
      discountAmountPence: 3_000,
      discountValuePence: 500,
      budgetPence: 25_050,
      budgetSpentPence: 0,
      maxTransactionsPerCard: 2,
      maxSpendPerIntervalPence: 9_999,
      maxCashbackPence: null,
      capInterval: 'week',
    });
  });

  it("follows the form's rules: dp is for all customers, every branch is allBranches", () => {
    const campaign = backtestCampaign(
      draft({ customerType: 'new', merchantIds: undefined, type: 'All' }),
      '2026-11',
      '2026-12-04T12:00:00.000Z',
    );
    expect(campaign).toMatchObject({ customerType: 'all', allBranches: true, branchIds: [] });
  });
});

describe('the figures of a replay', () => {
  it('counts paid purchases and their cards, nets refunds, and names the day the budget is used up', () => {
    const campaign = backtestCampaign(
      draft({ budgetType: 'budget', budget: 4 }),
      '2026-11',
      '2026-12-04T12:00:00.000Z',
    );
    const tally = new BacktestTally(campaign, '2026-11');
    tally.add(paid(100, 100), 1_000, 7, local('2026-11-02T12:00:00Z'));
    tally.add(
      { outcome: 'notQualified', reason: 'outsideCampaignHours', campaignId: backtestCampaignId },
      800,
      8,
      local('2026-11-02T23:00:00Z'),
    );
    tally.add(paid(-50, -50, 'refund'), -500, 7, local('2026-11-03T12:00:00Z'));
    tally.add(paid(100, 100), 1_000, 7, local('2026-11-05T12:00:00Z'));
    // 200 spent, 100 back, 200 more, then 100: the £4.00 budget is reached exactly on the 9th.
    tally.add(paid(50, 50), 500, 9, local('2026-11-09T12:00:00Z'));
    tally.add(
      { outcome: 'notQualified', reason: 'budgetExhausted', campaignId: backtestCampaignId },
      900,
      9,
      local('2026-11-10T12:00:00Z'),
    );
    expect(tally.result()).toEqual({
      month: '2026-11',
      purchases: 5,
      qualified: 3,
      cardholders: 2,
      revenuePence: 2_000,
      cashbackPence: 200,
      successFeePence: 200,
      budgetType: 'budget',
      budgetRunOutOn: '2026-11-09',
    });
  });

  it('says the budget was not reached when it was not', () => {
    const campaign = backtestCampaign(
      draft({ budgetType: 'budget', budget: 100 }),
      '2026-11',
      '2026-12-04T12:00:00.000Z',
    );
    const tally = new BacktestTally(campaign, '2026-11');
    tally.add(paid(100, 100), 1_000, 7, local('2026-11-02T12:00:00Z'));
    expect(tally.result().budgetRunOutOn).toBeNull();
  });
});

describe('the request', () => {
  it("refuses what the form refuses, naming the field, and takes no field but the draft's rules", () => {
    expect(
      backtestRequestSchema.safeParse({
        brandId,
        type: 'All',
        customerType: 'all',
        discountType: 'dp',
        successFee: 10,
      }).error?.issues[0]?.path,
    ).toEqual(['discountPercent']);
    expect(
      backtestRequestSchema.safeParse({
        brandId,
        type: 'All',
        customerType: 'all',
        discountType: 'dp',
        discountPercent: 10,
        successFee: 10,
        name: 'x',
      }).success,
    ).toBe(false);
  });
});
