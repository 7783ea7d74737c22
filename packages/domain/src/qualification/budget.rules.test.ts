import { describe, expect, it } from 'vitest';
import { budgetUsedUp } from './budget.rules.ts';
import { qualifyTransaction, type QualificationCampaign } from './qualification.rules.ts';
import { juneCampaign } from './qualification.fixtures.ts';

/**
 * A £50.00 purchase on Wednesday 11 June 2025 at noon, London, against the June campaign: dp 10%,
 * success fee 10% (the brand's 4th month), so it earns 500 p cashback and 500 p fee, 1,000 p of
 * budget. The caller adds what a purchase earned to what its campaign spent, then asks.
 */
function june(change: Partial<QualificationCampaign>): QualificationCampaign {
  return juneCampaign({ status: 'Bank Approved', budgetType: 'budget', budgetPence: 10_000, ...change });
}

/** The purchase (or a refund of it) qualified against the campaign, spent updated, then asked. */
function usedUpAfter(campaign: QualificationCampaign, amountPence = 5_000) {
  const outcome = qualifyTransaction({
    transaction: { datetime: '2025-06-11T12:00:00+01:00', amountPence },
    branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Active' },
    campaigns: [campaign],
    history: { lastPurchaseAt: null, averageSpendPence: null },
    brandCampaignMonths: ['2025-03', '2025-04', '2025-05', '2025-06'],
    original:
      amountPence < 0
        ? {
            amountPence: 5_000,
            refundedPence: 0,
            outcome: qualifyTransaction({
              transaction: { datetime: '2025-06-10T12:00:00+01:00', amountPence: 5_000 },
              branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Active' },
              campaigns: [june({})],
              history: { lastPurchaseAt: null, averageSpendPence: null },
              brandCampaignMonths: ['2025-03', '2025-04', '2025-05', '2025-06'],
              timeZone: 'Europe/London',
            }),
          }
        : null,
    timeZone: 'Europe/London',
  });
  if (outcome.outcome !== 'notQualified') {
    campaign.budgetSpentPence += outcome.cashbackPence + outcome.successFeePence;
  }
  return { outcome: outcome.outcome, usedUp: budgetUsedUp(outcome, campaign) };
}

describe('a campaign budget used up', () => {
  it('is a purchase that brings what the campaign spent to its budget exactly', () => {
    expect(usedUpAfter(june({ budgetSpentPence: 9_000 }))).toEqual({ outcome: 'qualified', usedUp: true });
  });

  it('is not a purchase that leaves budget over', () => {
    expect(usedUpAfter(june({ budgetSpentPence: 8_999 }))).toEqual({ outcome: 'qualified', usedUp: false });
  });

  it('is a purchase the campaign would have paid but for its budget, though a smaller one might fit', () => {
    expect(usedUpAfter(june({ budgetSpentPence: 9_001 }))).toEqual({ outcome: 'notQualified', usedUp: true });
  });

  it('is never a refund, which gives budget back, nor a campaign without a budget', () => {
    expect(usedUpAfter(june({ budgetSpentPence: 10_000 }), -5_000)).toEqual({
      outcome: 'refund',
      usedUp: false,
    });
    expect(usedUpAfter(june({ budgetType: 'na', budgetPence: null, budgetSpentPence: 1_000_000 }))).toEqual({
      outcome: 'qualified',
      usedUp: false,
    });
  });

  it('is not another campaign refused for another reason', () => {
    const outcome = qualifyTransaction({
      transaction: { datetime: '2025-07-11T12:00:00+01:00', amountPence: 5_000 },
      branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Active' },
      campaigns: [june({ budgetSpentPence: 10_000 })],
      history: { lastPurchaseAt: null, averageSpendPence: null },
      brandCampaignMonths: ['2025-06'],
      timeZone: 'Europe/London',
    });
    expect(outcome).toMatchObject({ outcome: 'notQualified', reason: 'notInCampaignMonth' });
    expect(budgetUsedUp(outcome, june({ budgetSpentPence: 10_000 }))).toBe(false);
  });
});
