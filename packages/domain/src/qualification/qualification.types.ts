import type { CapInterval } from '../campaign/campaign-caps.rules.ts';
import type { IsoDate, IsoMonth, PauseRange } from '../campaign/campaign-dates.rules.ts';
import type { BudgetType, CampaignStatus, CustomerType, DiscountType } from '../campaign/campaign.rules.ts';
import type { WeekDayLabel } from '../campaign/campaign.schema.ts';
import type { BranchStatus } from '../branch/branch.schema.ts';
import type { messages } from '../messages/messages.ts';
import type { RewardCustomerType } from './customer-type.rules.ts';
import type { LocalTime } from './local-time.ts';

/**
 * What the qualification engine (qualification.rules.ts) reads and answers: the transaction, the
 * branch of its MID, the brand's campaigns, the card's history and a refund's original, and the
 * outcome with the terms a qualified purchase earned under.
 */

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
 * pence, plus its status, its paused ranges and what it has spent so far. Every field is required
 * (`null` when the campaign has none), so a field added here fails every place that builds one
 * until it sets it (docs/decisions/0121).
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
  /** 'HH:MM', inclusive; null means from midnight. */
  start_time: string | null;
  /** 'HH:MM', exclusive; null means to midnight. */
  end_time: string | null;
  customerType: CustomerType;
  /** Months, for existing and lapsed; 'NULL' otherwise. */
  lastTransaction: number | 'NULL';
  discountType: DiscountType;
  /** dp: whole percent. */
  discountPercent: number | null;
  /** dv: the minimum spend. */
  discountAmountPence: number | null;
  /** dv: the cashback. */
  discountValuePence: number | null;
  /** ss: the percent above the card's average spend the amount must reach. */
  discountSpreadAmount: number | null;
  /** ss: the cashback percent. */
  discountSpreadValue: number | null;
  /** ss: the average spend used when the card has none. */
  spreadAvgSpendPence: number | null;
  /** Whole percent of the amount. */
  successFee: number;
  budgetType: BudgetType;
  budgetPence: number | null;
  /** Cashback plus success fee already earned by the campaign, net of refunds. */
  budgetSpentPence: number;
  // Caps (caps.rules.ts, docs/decisions/0116): null is no cap.
  /** The most cashback one purchase earns. */
  maxCashbackPence: number | null;
  /** The most rewarded purchases of one card for the campaign. */
  maxTransactionsPerCard: number | null;
  /** The most rewarded purchases of one card in each `capInterval`. */
  maxTransactionsPerInterval: number | null;
  /** The most spend of one card rewarded in each `capInterval`. */
  maxSpendPerIntervalPence: number | null;
  /** The interval of the two above, in the timezone setting. */
  capInterval: CapInterval | null;
  /**
   * The share of the brand's cards held out of it to measure its lift, in basis points (0: none;
   * docs/decisions/0129). Honoured only at publishers that hide held-out cards' offers: the caller
   * decides the card's arms (holdout-assignment.rules.ts) and passes `heldOutOf`.
   */
  holdoutShareBasisPoints: number;
}

/**
 * A purchase a campaign rewarded the card for (stored, or earlier in the upload), as the caps count
 * it (caps.rules.ts `standingOf`).
 */
export interface CardReward {
  /** Its wall-clock time in the timezone (local-time.ts `wall`). */
  wall: number;
  amountPence: number;
  /** The part of the amount that earned (the spend cap may have cut it). */
  rewardedSpendPence: number;
  /** Its terms' minimum spend: a refund leaving less reverses the whole reward. */
  minimumSpendPence: number;
  /** What refunds took back of it so far, positive. */
  refundedPence: number;
}

/**
 * What the caps read of a card's rewards by one campaign (caps.rules.ts `tallyRewards`): its
 * rewards that still count, and of those the ones in the purchase's interval and their rewarded spend.
 */
export interface CapTally {
  count: number;
  countInInterval: number;
  spendInIntervalPence: number;
}

/**
 * The number a cap's reason names (cap-reasons.rules.ts): a count, or pence for the spend and
 * cashback caps; its interval for the per-interval caps.
 */
export interface ReasonParams {
  limit: number;
  interval: CapInterval | null;
}

/**
 * The card's rewards by campaign as the caps read them (only the campaigns with count or spend
 * caps are asked): the tally (caps.rules.ts `tallyRewards`) of its rewards by the campaign for a
 * purchase in interval `current` of `interval` (caps.rules.ts `intervalOf`). A store may keep the
 * rewards as it likes; the tally must be what `tallyRewards` gives over them.
 */
export interface CardRewards {
  tally(campaignId: string, interval: CapInterval, current: number): CapTally;
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
  /** The card's rewards by the brand's capped campaigns; none: the card has none (caps.rules.ts). */
  rewards?: CardRewards;
  /** Months ('YYYY-MM') in which the brand has an approved campaign, in any order. */
  brandCampaignMonths: readonly IsoMonth[];
  /** Refunds only: the original purchase, or null when it cannot be found. */
  original?: RefundOriginal | null;
  /** The timezone setting (IANA name). */
  timeZone: string;
  /** The transaction's local time when the caller has read it already (ingestion reads it once a row). */
  local?: LocalTime;
  /**
   * Purchases only: the campaigns the card is held out of this month (docs/decisions/0129), given
   * only for a publisher that hides held-out cards' offers; absent, the card is held out of none.
   */
  heldOutOf?: ReadonlySet<string>;
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
  /** Caps only (absent before caps and on uncapped campaigns): the most cashback it earns. */
  maxCashbackPence?: number | null;
  /** Caps only: the part of the amount that earns, when the spend cap cut it (null: all). */
  rewardedSpendPence?: number | null;
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
      /** A purchase that earned less for a cap (caps.rules.ts): why; stored with it. */
      cappedReason?: QualificationReason;
      /** With `cappedReason`: the cap's number it names (cap-reasons.rules.ts), stored with it. */
      reasonParams?: ReasonParams;
      /** A purchase only, and only when any: see `budgetRefused` below. */
      budgetRefused?: readonly string[];
    }
  | {
      outcome: 'notQualified';
      reason: QualificationReason;
      /** A cap's reason only: the cap's number it names (cap-reasons.rules.ts), stored with it. */
      reasonParams?: ReasonParams;
      /** The campaign that came closest (the reason is its), or null when none was tried. */
      campaignId: string | null;
      /**
       * 'stackedWithBetterOffer' only (the rule simulator's answer for one campaign,
       * stacking.rules.ts): the campaign of the brand that pays this purchase, and its cashback.
       */
      paidBy?: { campaignId: string; cashbackPence: number };
      /**
       * The campaigns of the brand that passed every rule but could not pay this purchase from
       * their budget ('Budget exhausted'), only when any: their budget is used up (budget.rules.ts)
       * whichever campaign paid instead.
       */
      budgetRefused?: readonly string[];
    };

export type QualifiedOutcome = Extract<QualificationOutcome, { outcome: 'qualified' | 'refund' }>;
