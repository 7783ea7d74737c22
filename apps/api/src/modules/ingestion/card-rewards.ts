import { wallClockOf } from '@krowd/domain/qualification/local-time';
import type { CardReward, CardRewards } from '@krowd/domain/qualification/qualification.rules';
import type { StoredReward } from './qualification-lookups.repository.ts';

/**
 * A card's rewards by the brand's campaigns with count or spend caps, held with its history while
 * an upload runs (card-history-cache.ts), so a purchase's caps are counted without a query a row
 * (qualification.md 'Caps', docs/decisions/0116). Loaded with the card's history from its stored
 * qualified purchases of those campaigns, then added to as the upload rewards the card, in file
 * order.
 */

/** A reward as held: the stored transaction's id, so a refund in the upload reaches it. */
export interface HeldReward extends CardReward {
  id: string;
}

/**
 * What refunds of this upload took back of rewarded purchases, by the purchase's id: read over
 * the held rewards when they are counted, so a refund reaches its reward whichever copy of the
 * purchase it found (held in the upload, or stored and loaded again after the card was forgotten).
 */
export type RefundedRewards = Map<string, number>;

export class HeldCardRewards implements CardRewards {
  private readonly byCampaign = new Map<string, HeldReward[]>();

  constructor(
    rewards: readonly (HeldReward & { campaignId: string })[],
    private readonly refunded: RefundedRewards,
  ) {
    for (const { campaignId, ...reward } of rewards) this.add(campaignId, reward);
  }

  of(campaignId: string): readonly CardReward[] {
    const rewards = this.byCampaign.get(campaignId);
    if (rewards === undefined) return [];
    if (this.refunded.size > 0) {
      for (const reward of rewards) {
        const refunded = this.refunded.get(reward.id);
        if (refunded !== undefined) reward.refundedPence = refunded;
      }
    }
    return rewards;
  }

  add(campaignId: string, reward: HeldReward) {
    const rewards = this.byCampaign.get(campaignId);
    if (rewards) rewards.push(reward);
    else this.byCampaign.set(campaignId, [reward]);
  }
}

/**
 * A card's stored rewards as held: each one's wall-clock time in the timezone (what its interval
 * is read from), what this upload's refunds took back of it since it was stored.
 */
export function heldRewardsOf(
  stored: readonly StoredReward[],
  refunded: RefundedRewards,
  timeZone: string,
): HeldCardRewards {
  return new HeldCardRewards(
    stored.map(({ at, ...reward }) => ({ ...reward, wall: wallClockOf(at, timeZone) })),
    refunded,
  );
}
