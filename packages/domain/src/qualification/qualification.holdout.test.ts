import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { juneCampaign } from './qualification.fixtures.ts';
import { qualificationMessage, qualifyTransaction, type QualificationInput } from './qualification.rules.ts';

/**
 * The holdout check (qualification.md rule 10, docs/decisions/0129): a card held out of a campaign
 * (`heldOutOf`, given by the caller only at a publisher that hides held-out cards' offers) earns
 * nothing from it, after every rule of the offer, and takes nothing from its budget. A £50.00
 * purchase on Wednesday 11 June 2025 at noon in London, at branch-1 of brand-1.
 */

const wide = juneCampaign({ id: 'wide', discountPercent: 10, holdoutShareBasisPoints: 5_000 });
const narrow = juneCampaign({
  id: 'narrow',
  createdAt: '2025-04-02T09:00:00Z',
  discountPercent: 5,
  holdoutShareBasisPoints: 2_000,
});

function input(change: Partial<QualificationInput> = {}): QualificationInput {
  return {
    transaction: { datetime: '2025-06-11T12:00:00+01:00', amountPence: 5_000 },
    branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Active' },
    campaigns: [wide, narrow],
    history: { lastPurchaseAt: null, averageSpendPence: null },
    brandCampaignMonths: ['2025-06'],
    timeZone: 'Europe/London',
    ...change,
  };
}

describe('a card held out of a campaign', () => {
  it('is paid by no campaign it is held out of: held out of both, the reason is holdout', () => {
    const outcome = qualifyTransaction(input({ heldOutOf: new Set(['wide', 'narrow']) }));
    expect(outcome).toEqual({ outcome: 'notQualified', reason: 'holdout', campaignId: 'wide' });
    expect(qualificationMessage('holdout', null)).toBe(messages.qualification.holdout);
  });

  it('is paid by the brand’s next campaign it is not held out of (stacking among the rest)', () => {
    const outcome = qualifyTransaction(input({ heldOutOf: new Set(['wide']) }));
    expect(outcome).toMatchObject({ outcome: 'qualified', campaignId: 'narrow', cashbackPence: 250 });
  });

  it('is paid as any card when nothing is held out (a publisher that does not honour holdouts)', () => {
    expect(qualifyTransaction(input())).toMatchObject({
      outcome: 'qualified',
      campaignId: 'wide',
      cashbackPence: 500,
    });
    expect(qualifyTransaction(input({ heldOutOf: new Set() }))).toMatchObject({ campaignId: 'wide' });
  });

  it('is told the offer’s own reason when the offer would not have paid it anyway', () => {
    const value = juneCampaign({
      id: 'value',
      discountType: 'dv',
      discountPercent: null,
      discountAmountPence: 6_000,
      discountValuePence: 500,
    });
    const outcome = qualifyTransaction(input({ campaigns: [value], heldOutOf: new Set(['value']) }));
    expect(outcome).toMatchObject({ outcome: 'notQualified', reason: 'belowMinimumSpend' });
  });

  it('takes nothing from a used-up budget: holdout, never budgetExhausted, and no budget refused', () => {
    const spent = juneCampaign({
      id: 'spent',
      budgetType: 'budget',
      budgetPence: 100,
      budgetSpentPence: 100,
    });
    const outcome = qualifyTransaction(input({ campaigns: [spent], heldOutOf: new Set(['spent']) }));
    expect(outcome).toEqual({ outcome: 'notQualified', reason: 'holdout', campaignId: 'spent' });
  });

  it('leaves a refund alone: it reverses what its original earned', () => {
    const outcome = qualifyTransaction(
      input({
        transaction: { datetime: '2025-06-12T12:00:00+01:00', amountPence: -5_000 },
        heldOutOf: new Set(['wide', 'narrow']),
        original: {
          amountPence: 5_000,
          refundedPence: 0,
          outcome: { outcome: 'notQualified', reason: 'holdout', campaignId: 'wide' },
        },
      }),
    );
    expect(outcome).toEqual({ outcome: 'notQualified', reason: 'refundOfUnqualified', campaignId: 'wide' });
  });
});
