import { describe, expect, it } from 'vitest';
import type { CapInterval } from '@krowd/domain/campaign/campaign-caps.rules';
import { intervalOf, tallyRewards } from '@krowd/domain/qualification/caps.rules';
import { localTimeAt, wallClockOf } from '@krowd/domain/qualification/local-time';
import type { CardReward } from '@krowd/domain/qualification/qualification.rules';
import { prng } from '../../demo/prng.ts';
import { CardHistoryCache } from './card-history-cache.ts';
import { heldRewardsOf, rewardEntries, type CappedCampaigns, type RefundedRewards } from './card-rewards.ts';
import type { StoredReward } from './qualification-lookups.repository.ts';

/**
 * The card cache's rewards (card-rewards.ts, decision 0116): held flat with the card, counted in
 * the cache's size, and tallied as the engine's own `tallyRewards` tallies the same rewards.
 */
const timeZone = 'Europe/London';
const dayMs = 86_400_000;
const intervals: CapInterval[] = ['day', 'week', 'month'];

function storedReward(id: string, campaignId: string, at: number, amountPence: number): StoredReward {
  return {
    id,
    campaignId,
    at,
    amountPence,
    refundedPence: 0,
    rewardedSpendPence: amountPence,
    minimumSpendPence: 0,
  };
}

describe('the card cache’s rewards', () => {
  it('counts each reward in its accounted size, loaded or added, and gives it back when the card goes', () => {
    const capped: CappedCampaigns = new Map([['c', 0]]);
    const cache = new CardHistoryCache({ maxCards: 10, maxEntries: 1_000 }, capped);
    const at = Date.parse('2025-06-02T12:00:00Z');
    const purchases = [{ datetime: new Date(at).toISOString(), amountPence: 1_000 }];
    const stored = [storedReward('r1', 'c', at, 1_000), storedReward('r2', 'c', at + 1, 500)];
    const slot = cache.load('card', purchases, 1, heldRewardsOf(stored, capped, timeZone));
    expect(cache.accountedEntries).toBe(1 + 2 * rewardEntries);
    cache.addReward(slot, {
      id: 'r3',
      campaign: 0,
      wall: at,
      amountPence: 700,
      rewardedSpendPence: 700,
      minimumSpendPence: 0,
      refundedPence: 0,
    });
    expect(cache.accountedEntries).toBe(1 + 3 * rewardEntries);
    // Loaded again (forgotten and read back): what it held is given back first.
    cache.load('card', purchases, 1, null);
    expect(cache.accountedEntries).toBe(1);
  });

  it('forgets cards for their rewards: within maxEntries by purchases, over it by rewards', () => {
    const capped: CappedCampaigns = new Map([['c', 0]]);
    const at = Date.parse('2025-06-02T12:00:00Z');
    const purchases = [{ datetime: new Date(at).toISOString(), amountPence: 1_000 }];
    const rewards = () => heldRewardsOf([storedReward('r', 'c', at, 1_000)], capped, timeZone);
    // Three cards of one purchase and one reward each: 3 purchases, but 3 × (1 + 8) accounted.
    const cache = new CardHistoryCache({ maxCards: 10, maxEntries: 2 * (1 + rewardEntries) }, capped);
    for (const key of ['a', 'b', 'c']) cache.load(key, purchases, 1, rewards());
    cache.trim(); // the page just done keeps them all
    cache.historyAt(cache.slotOf('c'), localTimeAt(at + dayMs, timeZone));
    cache.trim();
    expect(cache.size).toBe(2);
    expect(cache.accountedEntries).toBeLessThanOrEqual(2 * (1 + rewardEntries));
  });

  it('tallies what tallyRewards tallies over the same rewards, refunds of the upload included', () => {
    const random = prng(23); // seeded, so a failure reproduces
    const capped: CappedCampaigns = new Map([
      ['june', 0],
      ['other', 1],
    ]);
    const refunded: RefundedRewards = new Map();
    const cache = new CardHistoryCache({ maxCards: 10, maxEntries: 100_000 }, capped, refunded);
    const start = Date.parse('2025-06-01T00:00:00Z');
    const stored: StoredReward[] = [];
    for (let i = 0; i < 20; i += 1) {
      const reward = storedReward(
        `s${i}`,
        i % 3 === 0 ? 'other' : 'june',
        start + Math.floor(random() * 30 * dayMs),
        100 + Math.floor(random() * 5_000),
      );
      reward.rewardedSpendPence = Math.min(reward.amountPence, 100 + Math.floor(random() * 5_000));
      reward.minimumSpendPence = random() < 0.3 ? 1_000 : 0;
      reward.refundedPence = random() < 0.2 ? Math.floor(random() * reward.amountPence) : 0;
      stored.push(reward);
    }
    const slot = cache.load('card', [], 1, heldRewardsOf(stored, capped, timeZone));
    // The engine's view of the same rewards: plain objects, by campaign.
    const plain = new Map<string, (CardReward & { id: string })[]>();
    for (const { campaignId, at, ...reward } of stored) {
      plain.set(campaignId, [
        ...(plain.get(campaignId) ?? []),
        { ...reward, wall: wallClockOf(at, timeZone) },
      ]);
    }
    for (let step = 0; step < 200; step += 1) {
      const at = start + Math.floor(random() * 30 * dayMs);
      const wall = localTimeAt(at, timeZone).wall;
      const move = random();
      if (move < 0.3) {
        const id = `u${step}`;
        const amountPence = 100 + Math.floor(random() * 3_000);
        const reward = {
          id,
          wall,
          amountPence,
          rewardedSpendPence: amountPence,
          minimumSpendPence: 0,
          refundedPence: 0,
        };
        cache.addReward(slot, { ...reward, campaign: 0 });
        plain.get('june')!.push(reward);
      } else if (move < 0.45) {
        // A refund of this upload takes back some of a reward (the held purchase's total so far).
        const all = plain.get('june')!;
        const reward = all[Math.floor(random() * all.length)]!;
        reward.refundedPence = Math.min(
          reward.amountPence,
          reward.refundedPence + Math.floor(random() * 2_000),
        );
        refunded.set(reward.id, reward.refundedPence);
      }
      const view = cache.rewardsOf(slot)!;
      for (const interval of intervals) {
        const current = intervalOf(wall, interval);
        for (const campaign of ['june', 'other']) {
          expect(view.tally(campaign, interval, current)).toEqual(
            tallyRewards(plain.get(campaign) ?? [], interval, current),
          );
        }
      }
    }
    expect(cache.rewardsOf(slot)!.tally('not capped', 'day', 0)).toEqual({
      count: 0,
      countInInterval: 0,
      spendInIntervalPence: 0,
    });
  });

  it('holds nothing for a card with no rewards, which the engine reads as none', () => {
    const cache = new CardHistoryCache({ maxCards: 10, maxEntries: 100 });
    const slot = cache.load('card', [], 1, heldRewardsOf([], new Map(), timeZone));
    expect(cache.rewardsOf(slot)).toBeUndefined();
    expect(cache.accountedEntries).toBe(0);
  });
});
