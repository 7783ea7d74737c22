import type { CapInterval } from '../campaign/campaign-caps.rules.ts';
import type { LocalTime } from './local-time.ts';
export type { CapTally } from './qualification.types.ts';
import type {
  CapTally,
  CardReward,
  CardRewards,
  QualificationCampaign,
  QualificationReason,
} from './qualification.types.ts';

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

/** The tally of a card's rewards by a campaign for a purchase in interval `current` of `interval`. */
export function tallyRewards(
  rewards: Iterable<CardReward>,
  interval: CapInterval,
  current: number,
): CapTally {
  const tally: CapTally = { count: 0, countInInterval: 0, spendInIntervalPence: 0 };
  for (const reward of rewards) addToTally(tally, reward, interval, current);
  return tally;
}

/** Counts one reward in the tally (what `tallyRewards` does for each, for a store of its own). */
export function addToTally(tally: CapTally, reward: CardReward, interval: CapInterval, current: number) {
  const standing = standingOf(reward);
  if (!standing.counts) return;
  tally.count += 1;
  if (intervalOf(reward.wall, interval) !== current) return;
  tally.countInInterval += 1;
  tally.spendInIntervalPence += standing.spendPence;
}

export type CapVerdict =
  | { ok: true; rewardedSpendPence: number | null; reason: QualificationReason | null }
  | { ok: false; reason: QualificationReason };

const uncapped: CapVerdict = Object.freeze({ ok: true, rewardedSpendPence: null, reason: null });

/**
 * The count and spend caps for a purchase of `amountPence`, given the tally of the card's rewards
 * by the campaign before it. `rewardedSpendPence` is the part of the amount that earns when the
 * spend cap cuts it (null: all of it), with the reason 'cappedSpendPartly'.
 */
export function capVerdict(campaign: Caps, tally: CapTally, amountPence: number): CapVerdict {
  const perCard = campaign.maxTransactionsPerCard;
  if (perCard != null && tally.count >= perCard) return { ok: false, reason: 'cappedTransactionsPerCard' };
  const perInterval = campaign.maxTransactionsPerInterval;
  if (perInterval != null && tally.countInInterval >= perInterval) {
    return { ok: false, reason: 'cappedTransactionsPerInterval' };
  }
  const spendCap = campaign.maxSpendPerIntervalPence;
  if (spendCap == null) return uncapped;
  const left = spendCap - tally.spendInIntervalPence;
  if (left <= 0) return { ok: false, reason: 'cappedSpendPerInterval' };
  if (amountPence <= left) return uncapped;
  return { ok: true, rewardedSpendPence: left, reason: 'cappedSpendPartly' };
}

/** The caps of the campaign for a purchase at `local`, the card's rewards by it told by `rewards`. */
export function checkCaps(
  campaign: QualificationCampaign,
  rewards: CardRewards | undefined,
  local: LocalTime,
  amountPence: number,
): CapVerdict {
  if (!countsCardRewards(campaign)) return uncapped;
  const interval = campaign.capInterval ?? 'month';
  const tally = rewards
    ? rewards.tally(campaign.id, interval, intervalOf(local.wall, interval))
    : { count: 0, countInInterval: 0, spendInIntervalPence: 0 };
  return capVerdict(campaign, tally, amountPence);
}

/** A card's rewards as lists by campaign (what tests and small callers hold). */
export function rewardsFromLists(lists: { of(campaignId: string): readonly CardReward[] }): CardRewards {
  return { tally: (campaignId, interval, current) => tallyRewards(lists.of(campaignId), interval, current) };
}
