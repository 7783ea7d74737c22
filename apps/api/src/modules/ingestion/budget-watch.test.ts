import { describe, expect, it } from 'vitest';
import type {
  QualificationCampaign,
  QualificationOutcome,
} from '@krowd/domain/qualification/qualification.rules';
import { BudgetWatch } from './budget-watch.ts';

/**
 * What an upload tells of its campaigns' budgets (docs/decisions/0120): the highest threshold each
 * crossed between its brand's first sight in the upload and the upload's end, 100 for a budget the
 * engine found used up. The campaigns' spending is moved by hand, as the upload moves it.
 */
function campaign(
  id: string,
  spentPence: number,
  budgetPence: number | null = 10_000,
): QualificationCampaign {
  return {
    id,
    budgetType: budgetPence === null ? 'na' : 'budget',
    budgetPence,
    budgetSpentPence: spentPence,
  } as QualificationCampaign;
}

const paid = (campaignId: string): QualificationOutcome =>
  ({ outcome: 'qualified', campaignId, cashbackPence: 0, successFeePence: 0 }) as QualificationOutcome;

describe('an upload watching its budgets', () => {
  it('names the highest threshold each campaign crossed, and only those', () => {
    const watch = new BudgetWatch();
    const [to80, to100, both, already, none, unlimited] = [
      campaign('to80', 7_000),
      campaign('to100', 9_000),
      campaign('both', 1_000),
      campaign('already', 8_500),
      campaign('none', 1_000),
      campaign('unlimited', 0, null),
    ];
    watch.watch([to80, to100, both, already, none, unlimited]);
    to80.budgetSpentPence = 8_000;
    to100.budgetSpentPence = 10_000;
    both.budgetSpentPence = 10_000;
    already.budgetSpentPence = 9_500;
    none.budgetSpentPence = 7_999;
    unlimited.budgetSpentPence = 1_000_000;
    for (const each of [to100, both]) watch.add(paid(each.id), each);

    expect(watch.reached()).toEqual([
      { campaignId: 'to80', threshold: 80 },
      { campaignId: 'to100', threshold: 100 },
      { campaignId: 'both', threshold: 100 },
    ]);
  });

  it('crosses nothing when a refund brings the spending back under before the end', () => {
    const watch = new BudgetWatch();
    const refunded = campaign('refunded', 7_000);
    watch.watch([refunded]);
    refunded.budgetSpentPence = 8_200;
    refunded.budgetSpentPence = 7_900;
    expect(watch.reached()).toEqual([]);
  });

  it('counts a budget refused for a purchase it could not pay as used up, under 100%', () => {
    const watch = new BudgetWatch();
    const short = campaign('short', 9_700);
    watch.watch([short]);
    watch.add(
      {
        outcome: 'notQualified',
        reason: 'budgetExhausted',
        campaignId: 'short',
        budgetRefused: ['short'],
      } as QualificationOutcome,
      null,
    );
    expect(watch.reached()).toEqual([{ campaignId: 'short', threshold: 100 }]);
  });
});
