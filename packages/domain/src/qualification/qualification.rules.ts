import { branchCarriesCampaigns } from '../branch/branch.rules.ts';
import { capReasonParams, isCapReason } from './cap-reasons.rules.ts';
import { checkCampaign, inCampaignMonth, type PurchaseContext } from './campaign-check.rules.ts';
import { compareCampaigns, isSorted } from './campaign-order.rules.ts';
import { localTimeOf } from './local-time.ts';
import type {
  QualificationCampaign,
  QualificationInput,
  QualificationOutcome,
  QualificationReason,
  QualifiedOutcome,
  RefundOriginal,
  TransactionReading,
} from './qualification.types.ts';
import { earnings } from './reward-terms.rules.ts';
import { paysBefore, stackedVerdict } from './stacking.rules.ts';

/**
 * The qualification engine (brief §5, §6): whether one transaction earns a reward, from which
 * campaign, how much cashback and success fee, for which customer type, or why not. Pure: the
 * caller looks everything up and passes it in. The rules, the formulas, the rounding and every
 * decision the brief and spec leave open are written out in qualification.md beside this file;
 * keep the two in step. Beside it: the transaction's local time (local-time.ts), the customer
 * types (customer-type.rules.ts), the card's history (card-history.rules.ts), the tie rule
 * (campaign-order.rules.ts), which campaign pays when several would (stacking.rules.ts), what it
 * reads and answers (qualification.types.ts), the checks of one campaign (campaign-check.rules.ts)
 * and what a purchase earns (reward-terms.rules.ts).
 */

// The engine's entry point names what it reads and answers, so its callers import from one file.
export type * from './qualification.types.ts';
export { percentOfPence, successFeeFreeMonths } from './reward-terms.rules.ts';

// The text shown for a reason, from the message catalogue, with a cap's number (decision 0116).
export { qualificationMessage } from './cap-reasons.rules.ts';

/**
 * A refund reverses what its original purchase no longer earns: the original's earnings on what
 * was left of it before this refund, minus its earnings on what is left after (never below 0).
 */
function qualifyRefund(
  transaction: TransactionReading,
  original: RefundOriginal | null | undefined,
): QualificationOutcome {
  if (!original) return { outcome: 'notQualified', reason: 'refundOriginalNotFound', campaignId: null };
  const earned = original.outcome;
  if (earned.outcome !== 'qualified') {
    return { outcome: 'notQualified', reason: 'refundOfUnqualified', campaignId: earned.campaignId };
  }
  const before = Math.max(0, original.amountPence - original.refundedPence);
  const after = Math.max(0, before + transaction.amountPence);
  const was = earnings(earned.terms, before);
  const now = earnings(earned.terms, after);
  // What the purchase found of other campaigns' budgets is the purchase's, not the refund's.
  const { budgetRefused: _purchases, cappedReason: _capped, reasonParams: _params, ...reward } = earned;
  return {
    ...reward,
    outcome: 'refund',
    cashbackPence: now.cashbackPence - was.cashbackPence,
    successFeePence: now.successFeePence - was.successFeePence,
  };
}

/**
 * The outcome of one transaction (brief §5): a purchase earns from exactly one campaign of its
 * brand, the one the stacking rule chooses (stacking.rules.ts: the most cashback among those whose
 * every rule, budget included, it meets; ties: earliest created, then lowest id), or names the
 * reason of the campaign that came closest; a refund reverses what its original earned.
 */
export function qualifyTransaction(input: QualificationInput): QualificationOutcome {
  const { transaction, branch, timeZone } = input;
  if (!Number.isSafeInteger(transaction.amountPence)) {
    throw new RangeError(`Amount is not whole pence: ${transaction.amountPence}`);
  }
  const local = input.local ?? localTimeOf(transaction.datetime, timeZone);
  if (branch === null) return { outcome: 'notQualified', reason: 'unknownMerchantId', campaignId: null };
  if (transaction.amountPence === 0)
    return { outcome: 'notQualified', reason: 'zeroAmount', campaignId: null };
  if (transaction.amountPence < 0) return qualifyRefund(transaction, input.original);
  if (!branchCarriesCampaigns(branch.status)) {
    return { outcome: 'notQualified', reason: 'branchNotApproved', campaignId: null };
  }

  const campaigns = isSorted(input.campaigns) ? input.campaigns : input.campaigns.toSorted(compareCampaigns);
  const context: PurchaseContext = {
    transaction,
    branch,
    history: input.history,
    rewards: input.rewards,
    brandCampaignMonths: input.brandCampaignMonths,
    local,
    heldOutOf: input.heldOutOf,
  };
  let best: QualifiedOutcome | null = null;
  let bestCampaign: QualificationCampaign | null = null;
  let closest: { reason: QualificationReason; passed: number; campaign: QualificationCampaign } | null = null;
  let budgetRefused: string[] | null = null;
  for (const campaign of campaigns) {
    if (!inCampaignMonth(campaign, local)) {
      closest ??= { reason: 'notInCampaignMonth', passed: 0, campaign };
      continue;
    }
    const check = checkCampaign(campaign, context);
    if (check.ok) {
      const cashback = check.reward.cashbackPence;
      if (best === null || paysBefore(campaign, cashback, bestCampaign!, best.cashbackPence)) {
        best = check.reward;
        bestCampaign = campaign;
      }
      continue;
    }
    if (check.reason === 'budgetExhausted') (budgetRefused ??= []).push(campaign.id);
    // Sorted by the tie rule, so only a strictly closer campaign displaces the closest so far.
    if (closest === null || check.passed > closest.passed) {
      closest = { reason: check.reason, passed: check.passed, campaign };
    }
  }
  let outcome: QualificationOutcome;
  if (best) outcome = best;
  else if (closest) {
    const { reason, campaign } = closest;
    outcome = { outcome: 'notQualified', reason, campaignId: campaign.id };
    const params = isCapReason(reason) ? capReasonParams(campaign, reason) : null;
    if (params) outcome.reasonParams = params;
  } else outcome = { outcome: 'notQualified', reason: 'noCampaign', campaignId: null };
  if (budgetRefused) outcome.budgetRefused = budgetRefused;
  return outcome;
}

/**
 * The rule simulator, "why not this campaign": one transaction against one chosen
 * campaign among its brand's (`input.campaigns`; the chosen one is added when missing). The
 * campaign's own reason when a rule of its own fails; its reward when it is the one that pays;
 * else 'stackedWithBetterOffer' naming the campaign of the brand that pays instead
 * (stacking.rules.ts), the payer ingestion's engine chooses for the same input.
 */
export function qualifyForCampaign(
  input: QualificationInput,
  campaign: QualificationCampaign,
): QualificationOutcome {
  const own = qualifyTransaction({ ...input, campaigns: [campaign] });
  if (own.outcome !== 'qualified') return own;
  const others = input.campaigns.filter((candidate) => candidate.id !== campaign.id);
  if (others.length === 0) return own;
  return stackedVerdict(own, qualifyTransaction({ ...input, campaigns: [campaign, ...others] }));
}
