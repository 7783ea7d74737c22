import { addToTally, type CapTally } from '@krowd/domain/qualification/caps.rules';
import { wallClockOf } from '@krowd/domain/qualification/local-time';
import type { CardReward, CardRewards } from '@krowd/domain/qualification/qualification.rules';
import type { CapInterval } from '@krowd/domain/campaign/campaign-caps.rules';
import type { StoredReward } from './qualification-lookups.repository.ts';

/**
 * A card's rewards by the brand's campaigns with count or spend caps, held with its history while
 * an upload runs (card-history-cache.ts), so a purchase's caps are counted without a query a row
 * (qualification.md 'Caps', docs/decisions/0116). Loaded with the card's history from its stored
 * qualified purchases of those campaigns, then added to as the upload rewards the card, in file
 * order.
 *
 * Held flat, not as an object a reward and a map a card: `rewardFields` numbers a reward in one
 * array of numbers (unboxed doubles) and its id in a second, and a card with no reward holds
 * neither. The card cache counts them in its size (`rewardEntries` each).
 */

/** Where each number held of a reward is among its `rewardFields` (its id is held apart). */
const Field = { campaign: 0, wall: 1, amount: 2, rewardedSpend: 3, minimumSpend: 4, refunded: 5 } as const;
export const rewardFields = 6;

/**
 * What one held reward counts for in `maxEntries`, in purchases: its six
 * numbers (48 bytes), its id (a 36-character string, ~48 bytes, and its place in the ids) and its
 * share of the two arrays' slack come to ~8 purchases' 16 bytes, so the limits bound the memory of
 * a file whose every campaign is capped as they do one with none (decision 0116).
 */
export const rewardEntries = 8;

/**
 * What refunds of this upload took back of rewarded purchases, by the purchase's id: read over
 * the held rewards when they are counted, so a refund reaches its reward whichever copy of the
 * purchase it found (held in the upload, or stored and loaded again after the card was forgotten).
 */
export type RefundedRewards = Map<string, number>;

/** A reward to hold: its campaign by its number in the upload (`CappedCampaigns`). */
export interface NewReward extends CardReward {
  id: string;
  campaign: number;
}

/** The campaigns whose rewards cards hold, each numbered in the upload. */
export type CappedCampaigns = Map<string, number>;

/**
 * A card's rewards as held: `rewardFields` numbers and an id each, in file order, in arrays sized
 * by doubling from one reward (an array grown by `push` reserves room for ~16 more elements, which
 * for a card of one reward was most of what it held).
 */
export class HeldRewards {
  numbers: number[] = [];
  ids: string[] = [];
  size = 0;

  add(reward: NewReward) {
    if (this.size === this.ids.length) {
      const capacity = Math.max(1, this.size * 2);
      const numbers = new Array<number>(capacity * rewardFields).fill(0);
      const ids = new Array<string>(capacity).fill('');
      for (let i = 0; i < this.size * rewardFields; i += 1) numbers[i] = this.numbers[i]!;
      for (let i = 0; i < this.size; i += 1) ids[i] = this.ids[i]!;
      this.numbers = numbers;
      this.ids = ids;
    }
    const at = this.size * rewardFields;
    this.numbers[at + Field.campaign] = reward.campaign;
    this.numbers[at + Field.wall] = reward.wall;
    this.numbers[at + Field.amount] = reward.amountPence;
    this.numbers[at + Field.rewardedSpend] = reward.rewardedSpendPence;
    this.numbers[at + Field.minimumSpend] = reward.minimumSpendPence;
    this.numbers[at + Field.refunded] = reward.refundedPence;
    this.ids[this.size] = reward.id;
    this.size += 1;
  }
}

/**
 * A card's stored rewards as held: each one's wall-clock time in the timezone (what its interval
 * is read from); null when it has none.
 */
export function heldRewardsOf(
  stored: readonly StoredReward[],
  campaigns: CappedCampaigns,
  timeZone: string,
): HeldRewards | null {
  if (stored.length === 0) return null;
  const held = new HeldRewards();
  for (const { at, campaignId, ...reward } of stored) {
    held.add({ ...reward, campaign: campaigns.get(campaignId)!, wall: wallClockOf(at, timeZone) });
  }
  return held;
}

/**
 * A card's held rewards as the engine reads them (caps.rules.ts `tallyRewards` over them), what
 * this upload's refunds took back of each read from `refunded`.
 */
export class HeldRewardsView implements CardRewards {
  constructor(
    private readonly held: HeldRewards,
    private readonly campaigns: CappedCampaigns,
    private readonly refunded: RefundedRewards,
  ) {}

  tally(campaignId: string, interval: CapInterval, current: number): CapTally {
    const tally: CapTally = { count: 0, countInInterval: 0, spendInIntervalPence: 0 };
    const campaign = this.campaigns.get(campaignId);
    if (campaign === undefined) return tally;
    const { numbers, ids, size } = this.held;
    for (let index = 0; index < size; index += 1) {
      const at = index * rewardFields;
      if (numbers[at + Field.campaign] !== campaign) continue;
      const reward: CardReward = {
        wall: numbers[at + Field.wall]!,
        amountPence: numbers[at + Field.amount]!,
        rewardedSpendPence: numbers[at + Field.rewardedSpend]!,
        minimumSpendPence: numbers[at + Field.minimumSpend]!,
        refundedPence:
          this.refunded.size === 0
            ? numbers[at + Field.refunded]!
            : (this.refunded.get(ids[index]!) ?? numbers[at + Field.refunded]!),
      };
      addToTally(tally, reward, interval, current);
    }
    return tally;
  }
}
