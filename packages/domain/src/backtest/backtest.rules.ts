import type { IsoMonth } from '../campaign/campaign-dates.rules.ts';
import { poundsToPence } from '../money/money.rules.ts';
import { budgetUsedUp } from '../qualification/budget.rules.ts';
import type { LocalTime } from '../qualification/local-time.ts';
import type { QualificationCampaign, QualificationOutcome } from '../qualification/qualification.types.ts';
import type { BacktestDraft, BacktestResult } from './backtest.schema.ts';

/**
 * The backtest (docs/decisions/0131): a draft campaign replayed over the brand's own stored
 * transactions of the last full calendar month by the qualification engine that qualifies live
 * transactions. Here, what is pure: the draft as the campaign the engine reads (had it run that
 * month, approved, alone, nothing spent), and the figures of the outcomes, summed as the stored
 * rows would be.
 */

/** The id the draft goes by in the replay: no stored campaign has it (ids are UUIDs). */
export const backtestCampaignId = 'backtest-draft';

const pence = (pounds: number | undefined) => (pounds === undefined ? null : poundsToPence(pounds));

/**
 * The draft as the engine reads a stored campaign (qualification-lookups' brandCampaigns, the
 * form's columns as campaigns.mapper.ts stores them), running in `month`: approved, no pause (a
 * draft's pauses are days of its own month), nothing spent yet.
 */
export function backtestCampaign(
  draft: BacktestDraft,
  month: IsoMonth,
  createdAt: string,
): QualificationCampaign {
  return {
    id: backtestCampaignId,
    brandId: draft.brandId,
    createdAt,
    status: 'Active',
    start_date: `${month}-01`,
    allBranches: draft.type === 'All',
    branchIds: draft.type === 'All' ? [] : (draft.merchantIds ?? []),
    pauses: [],
    weekDays: draft.weekDays.filter((day) => day.selected).map((day) => day.label),
    start_time: draft.start_time ?? null,
    end_time: draft.end_time ?? null,
    customerType: draft.customerType,
    lastTransaction: draft.lastTransaction,
    discountType: draft.discountType,
    discountPercent: draft.discountType === 'dp' ? (draft.discountPercent ?? null) : null,
    discountAmountPence: draft.discountType === 'dv' ? pence(draft.discountAmount) : null,
    discountValuePence: draft.discountType === 'dv' ? pence(draft.discountValue) : null,
    discountSpreadAmount: draft.discountType === 'ss' ? (draft.discountSpreadAmount ?? null) : null,
    discountSpreadValue: draft.discountType === 'ss' ? (draft.discountSpreadValue ?? null) : null,
    spreadAvgSpendPence: draft.discountType === 'ss' ? pence(draft.spreadAvgSpend) : null,
    successFee: draft.successFee,
    budgetType: draft.budgetType,
    budgetPence: draft.budgetType === 'budget' ? pence(draft.budget) : null,
    budgetSpentPence: 0,
    maxCashbackPence: pence(draft.maxCashbackPerTransaction),
    maxTransactionsPerCard: draft.maxTransactionsPerCard ?? null,
    maxTransactionsPerInterval: draft.maxTransactionsPerCardPerInterval ?? null,
    maxSpendPerIntervalPence: pence(draft.maxSpendPerCardPerInterval),
    capInterval: draft.capInterval ?? null,
    // The replay gives no card `heldOutOf` (decision 0129): last month's cards were all shown offers,
    // so the backtest counts what the draft would earn from them with none held out.
    holdoutShareBasisPoints: 0,
  };
}

/**
 * The figures of a replay, one outcome at a time in time order, as the stored rows of the
 * campaign would sum: purchases it paid (their count, distinct cards, spend), cashback and fee
 * net of refunds (what its budget counts), and the local date its budget was used up
 * (budget.rules.ts `budgetUsedUp`, the day the live offer would have ended).
 */
export class BacktestTally {
  private purchases = 0;
  private qualified = 0;
  private readonly cards = new Set<number>();
  private revenuePence = 0;
  private cashbackPence = 0;
  private successFeePence = 0;
  private runOutOn: string | null = null;

  constructor(
    private readonly campaign: QualificationCampaign,
    private readonly month: IsoMonth,
  ) {}

  /**
   * One transaction's outcome against the draft alone (`card` its card's number); keeps the
   * campaign's spend as ingestion does, so the next purchase sees it.
   */
  add(outcome: QualificationOutcome, amountPence: number, card: number, local: LocalTime) {
    if (amountPence > 0) this.purchases += 1;
    const campaign = this.campaign;
    if (outcome.outcome !== 'notQualified' && outcome.campaignId === campaign.id) {
      campaign.budgetSpentPence += outcome.cashbackPence + outcome.successFeePence;
      this.cashbackPence += outcome.cashbackPence;
      this.successFeePence += outcome.successFeePence;
      this.revenuePence += amountPence;
      if (outcome.outcome === 'qualified') {
        this.qualified += 1;
        this.cards.add(card);
      }
    }
    if (this.runOutOn === null && budgetUsedUp(outcome, campaign)) this.runOutOn = local.date;
  }

  result(): BacktestResult {
    return {
      month: this.month,
      purchases: this.purchases,
      qualified: this.qualified,
      cardholders: this.cards.size,
      revenuePence: this.revenuePence,
      cashbackPence: this.cashbackPence,
      successFeePence: this.successFeePence,
      budgetType: this.campaign.budgetType,
      budgetRunOutOn: this.runOutOn,
    };
  }
}
