import type { QualificationCampaign, QualificationOutcome } from './qualification.types.ts';

/**
 * Whether a transaction's outcome shows its campaign's budget used up (qualification.md 'Budget';
 * docs/decisions/0100), so the offer ends: a purchase it paid brought what it spent to its budget,
 * or a purchase it would have paid was refused because its budget could not pay it (a smaller one
 * might still fit, but the offer can no longer keep its promise to a cardholder who buys as the
 * offer invites). A refused campaign that is not the outcome's (another campaign paid: stacking)
 * is listed in the outcome's `budgetRefused`, whose budgets are used up too. `campaign` is the
 * outcome's campaign, as spent after the outcome. A refund gives budget back and uses none up;
 * budget type `na` has no cap.
 */
export function budgetUsedUp(
  outcome: QualificationOutcome,
  campaign: Pick<QualificationCampaign, 'id' | 'budgetType' | 'budgetPence' | 'budgetSpentPence'>,
): boolean {
  if (campaign.budgetType !== 'budget' || outcome.campaignId !== campaign.id) return false;
  if (outcome.outcome === 'notQualified') return outcome.reason === 'budgetExhausted';
  return outcome.outcome === 'qualified' && campaign.budgetSpentPence >= (campaign.budgetPence ?? 0);
}
