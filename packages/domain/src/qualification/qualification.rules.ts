import { type IsoDate, type IsoMonth, type PauseRange } from '../campaign/campaign-dates.rules.ts';
import {
  statusLabel,
  type BudgetType,
  type CampaignStatus,
  type CustomerType,
  type DiscountType,
} from '../campaign/campaign.rules.ts';
import { weekDayLabels, type WeekDayLabel } from '../campaign/campaign.schema.ts';
import { branchCarriesCampaigns } from '../branch/branch.rules.ts';
import type { BranchStatus } from '../branch/branch.schema.ts';
import { messages } from '../messages/messages.ts';
import { monthsBeforeInZone, wallClockOf } from './local-time.ts';

/**
 * The qualification engine (brief §5, §6): whether one transaction earns a reward, from which
 * campaign, how much cashback and success fee, for which customer type, or why not. Pure: the
 * caller looks everything up and passes it in. The rules, the formulas, the rounding and every
 * decision the brief and spec leave open are written out in qualification.md beside this file;
 * keep the two in step.
 */

/** A card with no purchase at the brand in this many months is a new customer (brief §5). */
export const newCustomerMonths = 12;
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
  /** ISO instant of the card's latest earlier purchase at the brand, at any time; null when none. */
  lastPurchaseAt: string | null;
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
  transaction: QualificationTransaction;
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
}

/** The customer a reward was earned for: 'all' campaigns record new or existing. */
export type RewardCustomerType = Exclude<CustomerType, 'all'>;

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

/** The local calendar reading of the transaction's instant in the timezone setting. */
interface LocalTime {
  /** The instant (ms). */
  at: number;
  /** Its wall-clock time as UTC milliseconds (local-time.ts). */
  wall: number;
  timeZone: string;
  /** Instants of the same local time some months before, as computed (by month count). */
  monthsBefore: Map<number, number>;
  month: IsoMonth;
  date: IsoDate;
  weekDay: WeekDayLabel;
  /** 'HH:MM:SS.mmm', compares as text with 'HH:MM'. */
  time: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** ISO 8601 with an offset (brief §6): 2025-06-11T12:00:00+01:00, …T11:00:00.250Z. */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function instantOf(datetime: string): number {
  const at = instantPattern.test(datetime) ? Date.parse(datetime) : Number.NaN;
  if (Number.isNaN(at)) throw new RangeError(`Not an ISO 8601 date-time with an offset: ${datetime}`);
  return at;
}

function localTimeOf(datetime: string, timeZone: string): LocalTime {
  const at = instantOf(datetime);
  const wall = wallClockOf(at, timeZone);
  const clock = new Date(wall);
  const month = `${pad(clock.getUTCFullYear(), 4)}-${pad(clock.getUTCMonth() + 1)}` as IsoMonth;
  return {
    at,
    wall,
    timeZone,
    monthsBefore: new Map(),
    month,
    date: `${month}-${pad(clock.getUTCDate())}` as IsoDate,
    // getUTCDay: Sunday 0 … Saturday 6; the labels run Monday … Sunday.
    weekDay: weekDayLabels[(clock.getUTCDay() + 6) % 7] as WeekDayLabel,
    time: `${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}:${pad(clock.getUTCSeconds())}.${pad(clock.getUTCMilliseconds(), 3)}`,
  };
}

/** The same local wall time `months` calendar months earlier (31 March − 1 → 28/29 February). */
function monthsBefore(local: LocalTime, months: number): number {
  let instant = local.monthsBefore.get(months);
  if (instant === undefined) {
    instant = monthsBeforeInZone(local.at, local.wall, months, local.timeZone);
    local.monthsBefore.set(months, instant);
  }
  return instant;
}

/**
 * The instant (ms) from which a card's purchases count towards `cardHistoryOf`'s 12-month average
 * for a transaction at `datetime`: the same local time 12 calendar months earlier. Ingestion uses
 * it to keep card histories as sorted windows with running sums (same answer as cardHistoryOf).
 */
export function cardHistoryYearStart(datetime: string, timeZone: string): number {
  return monthsBefore(localTimeOf(datetime, timeZone), newCustomerMonths);
}

/**
 * The card's history from its earlier purchases (positive amounts, at any branch of the brand,
 * any outcome): the latest one before the transaction, and the mean of those in the 12 months
 * before it (on or after the same local time 12 calendar months earlier), half up to the penny.
 */
export function cardHistoryOf(
  purchases: readonly { datetime: string; amountPence: number }[],
  datetime: string,
  timeZone: string,
): CardHistory {
  const local = localTimeOf(datetime, timeZone);
  const at = local.at;
  const yearStart = monthsBefore(local, newCustomerMonths);
  let last: number | null = null;
  let lastText: string | null = null;
  let total = 0;
  let count = 0;
  for (const purchase of purchases) {
    const when = instantOf(purchase.datetime);
    if (purchase.amountPence <= 0 || when >= at) continue;
    if (last === null || when > last) {
      last = when;
      lastText = purchase.datetime;
    }
    if (when >= yearStart) {
      total += purchase.amountPence;
      count += 1;
    }
  }
  return {
    lastPurchaseAt: lastText,
    averageSpendPence: count === 0 ? null : Math.floor((2 * total + count) / (2 * count)),
  };
}

/**
 * Whether the card's latest earlier purchase (`lastPurchaseAt`, ms, null when none) lies within
 * `months` months before the transaction.
 */
function boughtWithin(lastPurchaseAt: number | null, local: LocalTime, months: number): boolean {
  if (lastPurchaseAt === null) return false;
  return lastPurchaseAt >= monthsBefore(local, months);
}

/** The customer type a campaign records the card as, or null when its customer type does not match. */
function customerTypeFor(
  campaign: QualificationCampaign,
  lastPurchaseAt: number | null,
  local: LocalTime,
): RewardCustomerType | null {
  const knownThisYear = boughtWithin(lastPurchaseAt, local, newCustomerMonths);
  switch (campaign.customerType) {
    case 'all':
      return knownThisYear ? 'existing' : 'new';
    case 'new':
      return knownThisYear ? null : 'new';
    case 'existing':
    case 'lapsed': {
      if (campaign.lastTransaction === 'NULL') {
        throw new RangeError(`Campaign ${campaign.id} has no lastTransaction`);
      }
      const recent = boughtWithin(lastPurchaseAt, local, campaign.lastTransaction);
      if (campaign.customerType === 'existing') return recent ? 'existing' : null;
      return lastPurchaseAt !== null && !recent ? 'lapsed' : null;
    }
  }
}

/** Whether the brand's campaign month `month` is among its first 3 (no success fee). */
function isSuccessFeeFree(month: IsoMonth, brandCampaignMonths: readonly IsoMonth[]): boolean {
  const earlier = new Set(brandCampaignMonths.filter((other) => other < month));
  return earlier.size < successFeeFreeMonths;
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
  transaction: QualificationTransaction;
  branch: BranchMatch;
  history: CardHistory;
  /** history.lastPurchaseAt as an instant (ms), read once. */
  lastPurchaseAt: number | null;
  brandCampaignMonths: readonly IsoMonth[];
  local: LocalTime;
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
  const fail = (reason: QualificationReason): CampaignCheck => ({ ok: false, reason, passed });

  const ownBranch = campaign.allBranches || campaign.branchIds.includes(branch.branchId);
  if (campaign.brandId !== branch.brandId || !ownBranch) return fail('branchNotInCampaign');
  passed += 1;
  if (statusLabel(campaign.status) !== 'Approved') return fail('campaignNotApproved');
  passed += 1;
  if (campaign.pauses.some((range) => range.from <= local.date && local.date <= range.to)) {
    return fail('campaignPaused');
  }
  passed += 1;
  if (!campaign.weekDays.includes(local.weekDay)) return fail('outsideCampaignDays');
  passed += 1;
  const startTime = campaign.start_time || '00:00';
  if (local.time < startTime || (campaign.end_time && local.time >= campaign.end_time)) {
    return fail('outsideCampaignHours');
  }
  passed += 1;
  const customerType = customerTypeFor(campaign, context.lastPurchaseAt, local);
  if (customerType === null) return fail('customerTypeMismatch');
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
    if (amount < minimum) return fail('belowMinimumSpend');
    terms = {
      cashbackPercent: null,
      cashbackValuePence: required(campaign.discountValuePence, 'discountValuePence', campaign.id),
      minimumSpendPence: minimum,
      successFeePercent,
      successFeeFree,
    };
  } else {
    const average = history.averageSpendPence ?? campaign.spreadAvgSpendPence;
    if (average === null || average === undefined) return fail('noAverageSpend');
    const stretch = required(campaign.discountSpreadAmount, 'discountSpreadAmount', campaign.id);
    // amount ≥ average × (100 + stretch) ÷ 100, compared in integers; the target rounds up.
    if (amount * 100 < average * (100 + stretch)) return fail('belowStretchSpend');
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
    return fail('budgetExhausted');
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

/** createdAt as ms, read once per text (the same campaigns are sorted for every transaction). */
const createdAtCache = new Map<string, number>();
function createdAtOf(campaign: QualificationCampaign): number {
  let at = createdAtCache.get(campaign.createdAt);
  if (at === undefined) {
    at = Date.parse(campaign.createdAt);
    if (createdAtCache.size >= 10_000) createdAtCache.clear();
    createdAtCache.set(campaign.createdAt, at);
  }
  return at;
}

/** The tie rule: the earliest created campaign, then the lowest id. */
function compareCampaigns(a: QualificationCampaign, b: QualificationCampaign): number {
  const created = createdAtOf(a) - createdAtOf(b);
  if (created !== 0) return created;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether the campaigns are already in the tie rule's order (ingestion passes them so). */
function isSorted(campaigns: readonly QualificationCampaign[]): boolean {
  for (let index = 1; index < campaigns.length; index += 1) {
    if (compareCampaigns(campaigns[index - 1]!, campaigns[index]!) > 0) return false;
  }
  return true;
}

/**
 * A refund reverses what its original purchase no longer earns: the original's earnings on what
 * was left of it before this refund, minus its earnings on what is left after (never below 0).
 */
function qualifyRefund(
  transaction: QualificationTransaction,
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
  const local = localTimeOf(transaction.datetime, timeZone);
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
    lastPurchaseAt: input.history.lastPurchaseAt === null ? null : instantOf(input.history.lastPurchaseAt),
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
