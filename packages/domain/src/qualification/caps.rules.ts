import type { CapInterval } from '../campaign/campaign-caps.rules.ts';
import type { LocalTime } from './local-time.ts';
import type { CardReward, QualificationCampaign, QualificationReason } from './qualification.types.ts';

/**
 * Caps on a campaign (qualification.md 'Caps'; docs/decisions/0116): what a purchase that meets
 * every other rule of a campaign may still earn, given what the campaign already rewarded the same
 * card for. Checked in this order, the first that fails giving the reason:
 *
 * 1. the card's rewarded transactions for the campaign (`maxTransactionsPerCard`);
 * 2. the card's rewarded transactions in the purchase's interval (`maxTransactionsPerInterval`);
 * 3. the card's rewarded spend in the purchase's interval (`maxSpendPerIntervalPence`): none left
 *    earns nothing; a purchase crossing it earns on the part under it.
 *
 * The cashback per transaction (`maxCashbackPence`) is applied to the earnings themselves
 * (reward-terms.rules.ts), so a refund reverses exactly what the capped purchase earned.
 *
 * An interval is of the purchase's wall-clock time in the timezone setting: the local day, the ISO
 * week (Monday to Sunday) or the calendar month, so a purchase at 00:30 BST on the 1st is of the
 * new month, whatever its UTC instant.
 */

type Caps = Pick<
  QualificationCampaign,
  'maxCashbackPence' | 'maxTransactionsPerCard' | 'maxTransactionsPerInterval' | 'maxSpendPerIntervalPence'
>;

/** Whether the campaign counts the card's rewards (its cashback cap alone needs none). */
export function countsCardRewards(campaign: Caps): boolean {
  return (
    campaign.maxTransactionsPerCard != null ||
    campaign.maxTransactionsPerInterval != null ||
    campaign.maxSpendPerIntervalPence != null
  );
}

/** Whether the campaign has any cap. */
export function hasCaps(campaign: Caps): boolean {
  return campaign.maxCashbackPence != null || countsCardRewards(campaign);
}

const dayMs = 86_400_000;

/**
 * The interval of a wall-clock time (local-time.ts `wall`: the local time as UTC milliseconds) as
 * a number: the local day; the ISO week from Monday (1 January 1970 was a Thursday); the month.
 */
export function intervalOf(wall: number, interval: CapInterval): number {
  const day = Math.floor(wall / dayMs);
  if (interval === 'day') return day;
  if (interval === 'week') return Math.floor((day + 3) / 7);
  const date = new Date(wall);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/**
 * What a reward still counts for, after the refunds of its purchase (qualification.md 'Caps'):
 * while what is left of the purchase still earns (something left, at least the minimum spend), it
 * counts as a rewarded transaction, and for its rewarded spend up to what is left; a refund that
 * reverses the whole reward frees both.
 */
export function standingOf(reward: CardReward): { counts: boolean; spendPence: number } {
  const left = reward.amountPence - reward.refundedPence;
  if (left <= 0 || left < reward.minimumSpendPence) return { counts: false, spendPence: 0 };
  return { counts: true, spendPence: Math.min(reward.rewardedSpendPence, left) };
}

export type CapVerdict =
  | { ok: true; rewardedSpendPence: number | null; reason: QualificationReason | null }
  | { ok: false; reason: QualificationReason };

const uncapped: CapVerdict = Object.freeze({ ok: true, rewardedSpendPence: null, reason: null });

/**
 * The count and spend caps for a purchase of `amountPence` at `local`, given the card's rewards
 * by the campaign before it (in any order). `rewardedSpendPence` is the part of the amount that
 * earns when the spend cap cuts it (null: all of it), with the reason 'cappedSpendPartly'.
 */
export function checkCaps(
  campaign: QualificationCampaign,
  rewards: readonly CardReward[],
  local: LocalTime,
  amountPence: number,
): CapVerdict {
  if (!countsCardRewards(campaign)) return uncapped;
  const interval = campaign.capInterval ?? 'month';
  const current = intervalOf(local.wall, interval);
  let count = 0;
  let countInInterval = 0;
  let spendInInterval = 0;
  for (const reward of rewards) {
    const standing = standingOf(reward);
    if (!standing.counts) continue;
    count += 1;
    if (intervalOf(reward.wall, interval) !== current) continue;
    countInInterval += 1;
    spendInInterval += standing.spendPence;
  }
  const perCard = campaign.maxTransactionsPerCard;
  if (perCard != null && count >= perCard) return { ok: false, reason: 'cappedTransactionsPerCard' };
  const perInterval = campaign.maxTransactionsPerInterval;
  if (perInterval != null && countInInterval >= perInterval) {
    return { ok: false, reason: 'cappedTransactionsPerInterval' };
  }
  const spendCap = campaign.maxSpendPerIntervalPence;
  if (spendCap == null) return uncapped;
  const left = spendCap - spendInInterval;
  if (left <= 0) return { ok: false, reason: 'cappedSpendPerInterval' };
  if (amountPence <= left) return uncapped;
  return { ok: true, rewardedSpendPence: left, reason: 'cappedSpendPartly' };
}
