import type { IsoMonth } from '../campaign/campaign-dates.rules.ts';
import type { RewardTerms } from './qualification.types.ts';

/**
 * What a purchase earns under a campaign's terms (brief §5, qualification.md 'Spend and
 * cashback'): the percent of an amount in whole pence, the brand's success-fee-free months, and the
 * earnings of an amount.
 */

/** The brand's first campaign months in which no success fee is charged (brief §5, spec 1 §9). */
export const successFeeFreeMonths = 3;

/** percent % of pence, rounded half up to the penny, exactly in integers (both non-negative). */
export function percentOfPence(pence: number, percent: number): number {
  return Math.floor((pence * percent + 50) / 100);
}

export function required(value: number | null | undefined, field: string, campaignId: string): number {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    throw new RangeError(`Campaign ${campaignId} has no ${field}`);
  }
  return value;
}

/** Whether the brand's campaign month `month` is among its first 3 (no success fee). */
export function isSuccessFeeFree(month: IsoMonth, brandCampaignMonths: readonly IsoMonth[]): boolean {
  // Counted in place, each month once: this runs for every purchase that reaches a campaign's terms.
  let earlier = 0;
  for (let index = 0; index < brandCampaignMonths.length; index += 1) {
    const other = brandCampaignMonths[index]!;
    if (other < month && brandCampaignMonths.indexOf(other) === index) earlier += 1;
  }
  return earlier < successFeeFreeMonths;
}

/**
 * What a purchase of `pence` earns under the terms: nothing below the minimum spend; with caps
 * (caps.rules.ts, qualification.md 'Caps'), the percents of the rewarded spend only (the amount up
 * to `rewardedSpendPence`) and the cashback at most `maxCashbackPence`. A refund's earnings are
 * those of what is left of the purchase, so a refund takes back the part that earned nothing first.
 */
export function earnings(
  terms: RewardTerms,
  pence: number,
): { cashbackPence: number; successFeePence: number } {
  if (pence <= 0 || pence < terms.minimumSpendPence) return { cashbackPence: 0, successFeePence: 0 };
  const rewarded = terms.rewardedSpendPence;
  const spend = rewarded === null || rewarded === undefined ? pence : Math.min(pence, rewarded);
  const cashback = terms.cashbackValuePence ?? percentOfPence(spend, terms.cashbackPercent ?? 0);
  const most = terms.maxCashbackPence;
  return {
    cashbackPence: most === null || most === undefined ? cashback : Math.min(cashback, most),
    successFeePence: percentOfPence(spend, terms.successFeePercent),
  };
}
