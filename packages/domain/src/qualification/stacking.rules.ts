import { compareCampaigns } from './campaign-order.rules.ts';
import type { QualificationCampaign, QualificationOutcome, QualifiedOutcome } from './qualification.types.ts';

/**
 * Stacking (qualification.md 'One reward per transaction: stacking'; docs/decisions/0105): when
 * several campaigns of one brand would each pay one purchase, exactly one pays. A candidate is a
 * campaign whose every rule the purchase meets, its budget included (a campaign whose budget
 * cannot pay this purchase is no candidate, so the next best pays). Of the candidates, the one that
 * gives the cardholder the most cashback for this purchase pays (the cashback in pence, whatever
 * the offer type: a percent, a fixed value or a stretch-spend percent; the success fee plays no
 * part); ties go to the earliest created campaign, then the lowest id, so the choice is total and
 * the same whatever order the campaigns come in. Every other candidate is
 * 'stackedWithBetterOffer', naming the campaign that paid.
 */

/** What the rule reads of a candidate: its campaign (for the tie rule) and the cashback it gives. */
type Candidate = Pick<QualificationCampaign, 'id' | 'createdAt'>;

/**
 * Whether `challenger`, giving `challengerCashback`, pays before `holder`, giving `holderCashback`:
 * more cashback, else the tie rule (compareCampaigns: earliest created, then lowest id).
 */
export function paysBefore(
  challenger: Candidate,
  challengerCashback: number,
  holder: Candidate,
  holderCashback: number,
): boolean {
  if (challengerCashback !== holderCashback) return challengerCashback > holderCashback;
  return compareCampaigns(challenger, holder) < 0;
}

/**
 * One candidate's verdict once the brand's choice is known: its own reward when it is the one that
 * pays, else 'stackedWithBetterOffer' naming the payer and what the payer gives.
 */
export function stackedVerdict(own: QualifiedOutcome, paid: QualificationOutcome): QualificationOutcome {
  if (paid.outcome === 'notQualified' || paid.campaignId === own.campaignId) return own;
  return {
    outcome: 'notQualified',
    reason: 'stackedWithBetterOffer',
    campaignId: own.campaignId,
    paidBy: { campaignId: paid.campaignId, cashbackPence: paid.cashbackPence },
  };
}
