import type { IsoMonth } from '../campaign/campaign-dates.rules.ts';
import { statusLabel } from '../campaign/campaign.rules.ts';
import { capReasonParams, isCapReason } from './cap-reasons.rules.ts';
import { checkCaps, hasCaps } from './caps.rules.ts';
import { customerTypeFor } from './customer-type.rules.ts';
import type { LocalTime } from './local-time.ts';
import type {
  BranchMatch,
  CardHistory,
  CardRewards,
  QualificationCampaign,
  QualificationReason,
  QualifiedOutcome,
  RewardTerms,
  TransactionReading,
} from './qualification.types.ts';
import { earnings, isSuccessFeeFree, required } from './reward-terms.rules.ts';

/** One purchase against one campaign (qualification.md 'A purchase against one campaign'). */

export type CampaignCheck =
  { ok: true; reward: QualifiedOutcome } | { ok: false; reason: QualificationReason; passed: number };

export interface PurchaseContext {
  transaction: TransactionReading;
  branch: BranchMatch;
  history: CardHistory;
  rewards?: CardRewards;
  brandCampaignMonths: readonly IsoMonth[];
  local: LocalTime;
  /** The campaigns the card is held out of (qualification.types.ts `heldOutOf`). */
  heldOutOf?: ReadonlySet<string>;
}

/** A check that failed, after `passed` that did not (a function of its own, not a closure per purchase). */
function failed(reason: QualificationReason, passed: number): CampaignCheck {
  return { ok: false, reason, passed };
}

/** A cap's reason with the number it names, as the campaign has it (cap-reasons.rules.ts). */
function withParams(
  campaign: QualificationCampaign,
  cappedReason: QualificationReason,
): Pick<QualifiedOutcome, 'cappedReason' | 'reasonParams'> {
  const params = isCapReason(cappedReason) ? capReasonParams(campaign, cappedReason) : null;
  return params ? { cappedReason, reasonParams: params } : { cappedReason };
}

/** start_date is the 1st of the campaign month, 'YYYY-MM-DD': its month is its first 7 characters. */
export function inCampaignMonth(campaign: QualificationCampaign, local: LocalTime): boolean {
  return campaign.start_date.startsWith(local.month);
}

/**
 * One purchase against one campaign of its month: the checks in the order qualification.md gives,
 * stopping at the first that fails (`passed` counts those before it, the month included, so the
 * caller can tell which campaign came closest). The caller checks the month first
 * (`inCampaignMonth`): most of a brand's campaigns are of other months.
 */
export function checkCampaign(campaign: QualificationCampaign, context: PurchaseContext): CampaignCheck {
  const { transaction, branch, history, local } = context;
  const amount = transaction.amountPence;
  let passed = 1;

  const ownBranch = campaign.allBranches || campaign.branchIds.includes(branch.branchId);
  if (campaign.brandId !== branch.brandId || !ownBranch) return failed('branchNotInCampaign', passed);
  passed += 1;
  if (statusLabel(campaign.status) !== 'Approved') return failed('campaignNotApproved', passed);
  passed += 1;
  if (campaign.pauses.some((range) => range.from <= local.date && local.date <= range.to)) {
    return failed('campaignPaused', passed);
  }
  passed += 1;
  if (!campaign.weekDays.includes(local.weekDay)) return failed('outsideCampaignDays', passed);
  passed += 1;
  const startTime = campaign.start_time || '00:00';
  if (local.time < startTime || (campaign.end_time && local.time >= campaign.end_time)) {
    return failed('outsideCampaignHours', passed);
  }
  passed += 1;
  const customerType = customerTypeFor(campaign, history.lastPurchaseAt, local);
  if (customerType === null) return failed('customerTypeMismatch', passed);
  passed += 1;

  let terms: RewardTerms;
  const successFeeFree = isSuccessFeeFree(local.month, context.brandCampaignMonths);
  const successFeePercent = successFeeFree ? 0 : campaign.successFee;
  if (campaign.discountType === 'dp') {
    terms = {
      cashbackPercent: required(campaign.discountPercent, 'discountPercent', campaign.id),
      cashbackValuePence: null,
      minimumSpendPence: 0,
      successFeePercent,
      successFeeFree,
    };
  } else if (campaign.discountType === 'dv') {
    const minimum = required(campaign.discountAmountPence, 'discountAmountPence', campaign.id);
    if (amount < minimum) return failed('belowMinimumSpend', passed);
    terms = {
      cashbackPercent: null,
      cashbackValuePence: required(campaign.discountValuePence, 'discountValuePence', campaign.id),
      minimumSpendPence: minimum,
      successFeePercent,
      successFeeFree,
    };
  } else {
    const average = history.averageSpendPence ?? campaign.spreadAvgSpendPence;
    if (average === null || average === undefined) return failed('noAverageSpend', passed);
    const stretch = required(campaign.discountSpreadAmount, 'discountSpreadAmount', campaign.id);
    // amount ≥ average × (100 + stretch) ÷ 100, compared in integers; the target rounds up.
    if (amount * 100 < average * (100 + stretch)) return failed('belowStretchSpend', passed);
    terms = {
      cashbackPercent: required(campaign.discountSpreadValue, 'discountSpreadValue', campaign.id),
      cashbackValuePence: null,
      minimumSpendPence: Math.ceil((average * (100 + stretch)) / 100),
      successFeePercent,
      successFeeFree,
    };
  }
  passed += 1;

  let cappedReason: QualificationReason | null = null;
  if (hasCaps(campaign)) {
    const caps = checkCaps(campaign, context.rewards, local, amount);
    if (!caps.ok) return failed(caps.reason, passed);
    // A fixed cashback is earned only when the spend under the cap reaches its minimum spend.
    if (caps.rewardedSpendPence !== null && caps.rewardedSpendPence < terms.minimumSpendPence) {
      return failed('cappedSpendPerInterval', passed);
    }
    cappedReason = caps.reason;
    terms.maxCashbackPence = campaign.maxCashbackPence ?? null;
    terms.rewardedSpendPence = caps.rewardedSpendPence;
  }
  passed += 1;

  const earned = earnings(terms, amount);
  if (
    cappedReason === null &&
    terms.maxCashbackPence != null &&
    earned.cashbackPence < earnings({ ...terms, maxCashbackPence: null }, amount).cashbackPence
  ) {
    cappedReason = 'cappedCashbackPerTransaction';
  }
  // A held-out card would have earned: it is told so, after every rule of the offer, and it takes
  // nothing from the budget (docs/decisions/0129).
  if (context.heldOutOf?.has(campaign.id)) return failed('holdout', passed);
  passed += 1;
  if (
    campaign.budgetType === 'budget' &&
    campaign.budgetSpentPence + earned.cashbackPence + earned.successFeePence >
      required(campaign.budgetPence, 'budgetPence', campaign.id)
  ) {
    return failed('budgetExhausted', passed);
  }

  return {
    ok: true,
    reward: {
      outcome: 'qualified',
      campaignId: campaign.id,
      ...earned,
      customerType,
      offerType: campaign.discountType,
      terms,
      ...(cappedReason === null ? {} : withParams(campaign, cappedReason)),
    },
  };
}
