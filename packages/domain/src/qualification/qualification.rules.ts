import { type IsoDate, type IsoMonth, type PauseRange } from '../campaign/campaign-dates.rules.ts';
import {
  statusLabel,
  type BudgetType,
  type CampaignStatus,
  type CustomerType,
  type DiscountType,
} from '../campaign/campaign.rules.ts';
import type { WeekDayLabel } from '../campaign/campaign.schema.ts';
import { branchCarriesCampaigns } from '../branch/branch.rules.ts';
import type { BranchStatus } from '../branch/branch.schema.ts';
import { messages } from '../messages/messages.ts';
import { compareCampaigns, isSorted } from './campaign-order.rules.ts';
import { customerTypeFor, type RewardCustomerType } from './customer-type.rules.ts';
import { localTimeOf, type LocalTime } from './local-time.ts';

/**
 * The qualification engine (brief §5, §6): whether one transaction earns a reward, from which
 * campaign, how much cashback and success fee, for which customer type, or why not. Pure: the
 * caller looks everything up and passes it in. The rules, the formulas, the rounding and every
 * decision the brief and spec leave open are written out in qualification.md beside this file;
 * keep the two in step. Beside it: the transaction's local time (local-time.ts), the customer
 * types (customer-type.rules.ts), the card's history (card-history.rules.ts) and the tie rule
 * (campaign-order.rules.ts).
 */

/** The brand's first campaign months in which no success fee is charged (brief §5, spec 1 §9). */
export const successFeeFreeMonths = 3;

/** One transaction of a publisher file (brief §6), the amount in whole pence. */
export interface QualificationTransaction {
  publisher: string;
  transactionId: string;
  /** ISO 8601 with an offset: the instant of the purchase or refund. */
  datetime: string;
  /** Whole pence; negative for a refund. */
  amountPence: number;
  mid: string;
  cardToken: string;
  cardLast4: string;
  postcode?: string | null;
}

/**
 * What the engine reads of a transaction: its instant and amount (the rest names it). Ingestion
 * passes its stored row as it is, rather than a copy made for every row.
 */
export type TransactionReading = Pick<QualificationTransaction, 'datetime' | 'amountPence'>;

/** The branch directory's answer for the transaction's MID (any of a branch's three MIDs). */
export interface BranchMatch {
  branchId: string;
  brandId: string;
  /** Only a branch that carries campaigns (branchCarriesCampaigns) can earn. */
  status: BranchStatus;
}

/**
 * A campaign of the brand as stored: the fields of the campaign payload (spec 1 §3) with money in
 * pence, plus its status, its paused ranges and what it has spent so far.
 */
export interface QualificationCampaign {
  id: string;
  brandId: string;
  /** ISO instant; the tie rule prefers the earliest. */
  createdAt: string;
  status: CampaignStatus;
  /** The 1st of the campaign month, 'YYYY-MM-DD'. */
  start_date: IsoDate;
  /** True when every branch of the brand was chosen (the payload's type 'All'). */
  allBranches: boolean;
  /** The chosen branches when not all. */
  branchIds: readonly string[];
  /** Days on which the campaign is paused, both ends inclusive. */
  pauses: readonly PauseRange[];
  /** The selected week days. */
  weekDays: readonly WeekDayLabel[];
  /** 'HH:MM', inclusive; none means from midnight. */
  start_time?: string | null;
  /** 'HH:MM', exclusive; none means to midnight. */
  end_time?: string | null;
  customerType: CustomerType;
  /** Months, for existing and lapsed; 'NULL' otherwise. */
  lastTransaction: number | 'NULL';
  discountType: DiscountType;
  /** dp: whole percent. */
  discountPercent?: number | null;
  /** dv: the minimum spend. */
  discountAmountPence?: number | null;
  /** dv: the cashback. */
  discountValuePence?: number | null;
  /** ss: the percent above the card's average spend the amount must reach. */
  discountSpreadAmount?: number | null;
  /** ss: the cashback percent. */
  discountSpreadValue?: number | null;
  /** ss: the average spend used when the card has none. */
  spreadAvgSpendPence?: number | null;
  /** Whole percent of the amount. */
  successFee: number;
  budgetType: BudgetType;
  budgetPence?: number | null;
  /** Cashback plus success fee already earned by the campaign, net of refunds. */
  budgetSpentPence: number;
}

/** The card's purchases at the brand before this transaction (see `cardHistoryOf`). */
export interface CardHistory {
  /** The instant (ms) of the card's latest earlier purchase at the brand, at any time; null when none. */
  lastPurchaseAt: number | null;
  /** Mean of its purchases in the 12 months before, half up to the penny; null when none. */
  averageSpendPence: number | null;
}

/** A refund's original purchase as stored, with what earlier refunds already took back. */
export interface RefundOriginal {
  amountPence: number;
  /** The sum of earlier refunds of it, as a positive number of pence. */
  refundedPence: number;
  outcome: QualificationOutcome;
}

export interface QualificationInput {
  transaction: TransactionReading;
  /** The branch of the transaction's MID; null when no branch has it. */
  branch: BranchMatch | null;
  /** The brand's campaigns (not deleted); one of another brand never matches the branch. */
  campaigns: readonly QualificationCampaign[];
  history: CardHistory;
  /** Months ('YYYY-MM') in which the brand has an approved campaign, in any order. */
  brandCampaignMonths: readonly IsoMonth[];
  /** Refunds only: the original purchase, or null when it cannot be found. */
  original?: RefundOriginal | null;
  /** The timezone setting (IANA name). */
  timeZone: string;
  /** The transaction's local time when the caller has read it already (ingestion reads it once a row). */
  local?: LocalTime;
}

/** What a qualified purchase earned under, kept so a refund can reverse exactly that. */
export interface RewardTerms {
  /** dp and ss: the cashback percent; null for dv. */
  cashbackPercent: number | null;
  /** dv: the fixed cashback; null for dp and ss. */
  cashbackValuePence: number | null;
  /** The amount the purchase had to reach: dv minimum spend, ss stretch target, dp 0. */
  minimumSpendPence: number;
  /** The success fee percent charged: 0 in the brand's free months. */
  successFeePercent: number;
  successFeeFree: boolean;
}

export type QualificationReason = keyof typeof messages.qualification;

export type QualificationOutcome =
  | {
      outcome: 'qualified' | 'refund';
      campaignId: string;
      /** Negative for a refund. */
      cashbackPence: number;
      /** Negative for a refund. */
      successFeePence: number;
      customerType: RewardCustomerType;
      offerType: DiscountType;
      terms: RewardTerms;
    }
  | {
      outcome: 'notQualified';
      reason: QualificationReason;
      /** The campaign that came closest (the reason is its), or null when none was tried. */
      campaignId: string | null;
    };

export type QualifiedOutcome = Extract<QualificationOutcome, { outcome: 'qualified' | 'refund' }>;

/** The text shown for a reason (the message catalogue). */
export function qualificationMessage(reason: QualificationReason): string {
  return messages.qualification[reason];
}

/** percent % of pence, rounded half up to the penny, exactly in integers (both non-negative). */
export function percentOfPence(pence: number, percent: number): number {
  return Math.floor((pence * percent + 50) / 100);
}

function required(value: number | null | undefined, field: string, campaignId: string): number {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    throw new RangeError(`Campaign ${campaignId} has no ${field}`);
  }
  return value;
}

/** Whether the brand's campaign month `month` is among its first 3 (no success fee). */
function isSuccessFeeFree(month: IsoMonth, brandCampaignMonths: readonly IsoMonth[]): boolean {
  // Counted in place, each month once: this runs for every purchase that reaches a campaign's terms.
  let earlier = 0;
  for (let index = 0; index < brandCampaignMonths.length; index += 1) {
    const other = brandCampaignMonths[index]!;
    if (other < month && brandCampaignMonths.indexOf(other) === index) earlier += 1;
  }
  return earlier < successFeeFreeMonths;
}

/** What a purchase of `pence` earns under the terms: nothing below the minimum spend. */
function earnings(terms: RewardTerms, pence: number): { cashbackPence: number; successFeePence: number } {
  if (pence <= 0 || pence < terms.minimumSpendPence) return { cashbackPence: 0, successFeePence: 0 };
  return {
    cashbackPence: terms.cashbackValuePence ?? percentOfPence(pence, terms.cashbackPercent ?? 0),
    successFeePence: percentOfPence(pence, terms.successFeePercent),
  };
}

type CampaignCheck =
  { ok: true; reward: QualifiedOutcome } | { ok: false; reason: QualificationReason; passed: number };

interface PurchaseContext {
  transaction: TransactionReading;
  branch: BranchMatch;
  history: CardHistory;
  brandCampaignMonths: readonly IsoMonth[];
  local: LocalTime;
}

/** A check that failed, after `passed` that did not (a function of its own, not a closure per purchase). */
function failed(reason: QualificationReason, passed: number): CampaignCheck {
  return { ok: false, reason, passed };
}

/** start_date is the 1st of the campaign month, 'YYYY-MM-DD': its month is its first 7 characters. */
function inCampaignMonth(campaign: QualificationCampaign, local: LocalTime): boolean {
  return campaign.start_date.startsWith(local.month);
}

/**
 * One purchase against one campaign of its month: the checks in the order qualification.md gives,
 * stopping at the first that fails (`passed` counts those before it, the month included, so the
 * caller can tell which campaign came closest). The caller checks the month first
 * (`inCampaignMonth`): most of a brand's campaigns are of other months.
 */
function checkCampaign(campaign: QualificationCampaign, context: PurchaseContext): CampaignCheck {
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

  const earned = earnings(terms, amount);
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
    },
  };
}

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
  return {
    ...earned,
    outcome: 'refund',
    cashbackPence: now.cashbackPence - was.cashbackPence,
    successFeePence: now.successFeePence - was.successFeePence,
  };
}

/**
 * The outcome of one transaction (brief §5): a purchase earns from the campaign of its brand that
 * gives the most cashback among those whose every rule it meets (ties: earliest created, then
 * lowest id), or names the reason of the campaign that came closest; a refund reverses what its
 * original earned.
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
    brandCampaignMonths: input.brandCampaignMonths,
    local,
  };
  let best: QualifiedOutcome | null = null;
  let closest: { reason: QualificationReason; passed: number; campaignId: string } | null = null;
  for (const campaign of campaigns) {
    if (!inCampaignMonth(campaign, local)) {
      closest ??= { reason: 'notInCampaignMonth', passed: 0, campaignId: campaign.id };
      continue;
    }
    const check = checkCampaign(campaign, context);
    if (check.ok) {
      // Sorted by the tie rule, so only a strictly larger cashback displaces the best so far.
      if (best === null || check.reward.cashbackPence > best.cashbackPence) best = check.reward;
    } else if (closest === null || check.passed > closest.passed) {
      closest = { reason: check.reason, passed: check.passed, campaignId: campaign.id };
    }
  }
  if (best) return best;
  if (closest) return { outcome: 'notQualified', reason: closest.reason, campaignId: closest.campaignId };
  return { outcome: 'notQualified', reason: 'noCampaign', campaignId: null };
}

/**
 * The rule simulator (issue 5 §2): one transaction against one chosen campaign, as if the brand
 * had no other. Gives the same outcome and reason the engine would for that campaign alone.
 */
export function qualifyForCampaign(
  input: Omit<QualificationInput, 'campaigns'>,
  campaign: QualificationCampaign,
): QualificationOutcome {
  return qualifyTransaction({ ...input, campaigns: [campaign] });
}
