import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { intervalOf, rewardsFromLists, standingOf } from './caps.rules.ts';
import { localTimeOf } from './local-time.ts';
import {
  qualificationMessage,
  qualifyTransaction,
  type CardReward,
  type QualificationCampaign,
  type QualificationOutcome,
  type RefundOriginal,
} from './qualification.rules.ts';
import { juneCampaign } from './qualification.fixtures.ts';

/**
 * Caps (qualification.md 'Caps', decision 0116). One card buys at branch-1 of brand-1, London
 * time, in the brand's 4th campaign month (the 10% fee is charged). The card's rewards are kept as
 * ingestion keeps them: each qualified purchase joins its campaign's list, in file order, and a
 * refund takes back of its purchase.
 */
const timeZone = 'Europe/London';

function campaign(change: Partial<QualificationCampaign> = {}): QualificationCampaign {
  return juneCampaign({ id: 'capped', ...change });
}

type Step = { at: string; pence: number; refunds?: number };

/** The card's purchases (and refunds, naming the step they refund) in file order, and each outcome. */
function run(campaigns: QualificationCampaign[], steps: Step[]): QualificationOutcome[] {
  const rewards = new Map<string, CardReward[]>();
  const purchases: { original: RefundOriginal; reward: CardReward | null }[] = [];
  const outcomes: QualificationOutcome[] = [];
  for (const step of steps) {
    const held = step.refunds === undefined ? undefined : purchases[step.refunds]!;
    const local = localTimeOf(step.at, timeZone);
    const outcome = qualifyTransaction({
      transaction: { datetime: step.at, amountPence: step.pence },
      branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Active' },
      campaigns,
      history: { lastPurchaseAt: null, averageSpendPence: null },
      rewards: rewardsFromLists({ of: (id) => rewards.get(id) ?? [] }),
      brandCampaignMonths: ['2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-10'],
      original: held?.original ?? null,
      timeZone,
      local,
    });
    outcomes.push(outcome);
    if (held) {
      held.original.refundedPence -= step.pence;
      if (held.reward) held.reward.refundedPence -= step.pence;
      purchases.push(held);
      continue;
    }
    let reward: CardReward | null = null;
    if (outcome.outcome === 'qualified') {
      reward = {
        wall: local.wall,
        amountPence: step.pence,
        rewardedSpendPence: outcome.terms.rewardedSpendPence ?? step.pence,
        minimumSpendPence: outcome.terms.minimumSpendPence,
        refundedPence: 0,
      };
      rewards.set(outcome.campaignId, [...(rewards.get(outcome.campaignId) ?? []), reward]);
    }
    purchases.push({ original: { amountPence: step.pence, refundedPence: 0, outcome }, reward });
  }
  return outcomes;
}

/** 'campaign 500' paid (with its cap reason), or the reason it earned nothing. */
function verdicts(outcomes: QualificationOutcome[]): string[] {
  return outcomes.map((outcome) => {
    if (outcome.outcome === 'notQualified') return outcome.reason;
    const paid = `${outcome.campaignId} ${outcome.cashbackPence}/${outcome.successFeePence}`;
    return outcome.cappedReason ? `${paid} ${outcome.cappedReason}` : paid;
  });
}

/** The stored reason's text, as shown: the catalogue's, with the number stored beside the code. */
function textOf(outcome: QualificationOutcome): string | null {
  const reason = outcome.outcome === 'notQualified' ? outcome.reason : outcome.cappedReason;
  return reason ? qualificationMessage(reason, outcome.reasonParams ?? null) : null;
}

const june = (day: number, time = '12:00') => `2025-06-${String(day).padStart(2, '0')}T${time}:00+01:00`;

describe('the maximum cashback per transaction', () => {
  it('pays the cashback up to the cap and gives the reason only when it cut something', () => {
    const outcomes = run(
      [campaign({ maxCashbackPence: 500 })],
      [
        { at: june(2), pence: 5_000 },
        { at: june(3), pence: 5_001 },
        { at: june(4), pence: 9_000 },
      ],
    );
    // 10% of £50.00 is exactly the cap; of £50.01 it would be 500 too (half up); of £90 it is 900.
    expect(verdicts(outcomes)).toEqual([
      'capped 500/500',
      'capped 500/500',
      'capped 500/900 cappedCashbackPerTransaction',
    ]);
  });

  it('keeps the success fee on the whole spend: the cap is the cardholder’s cashback', () => {
    const [outcome] = run([campaign({ maxCashbackPence: 1 })], [{ at: june(2), pence: 10_000 }]);
    expect(verdicts([outcome!])).toEqual(['capped 1/1000 cappedCashbackPerTransaction']);
  });

  it('reverses on a refund only what the capped purchase stops earning', () => {
    const outcomes = run(
      [campaign({ maxCashbackPence: 300 })],
      [
        { at: june(2), pence: 5_000 },
        { at: june(3), pence: -1_000, refunds: 0 },
        { at: june(4), pence: -3_000, refunds: 0 },
      ],
    );
    // £50 → 300 (capped from 500); £40 left still earns the cap, 400 fee; £10 left: 100 and 100.
    expect(verdicts(outcomes)).toEqual([
      'capped 300/500 cappedCashbackPerTransaction',
      'capped 0/-100',
      'capped -200/-300',
    ]);
  });
});

describe('the rewarded transactions per card', () => {
  it('rewards exactly the cap and refuses the one after, with the stored reason’s text', () => {
    const outcomes = run(
      [campaign({ maxTransactionsPerCard: 3 })],
      [2, 3, 4, 5].map((day) => ({ at: june(day), pence: 2_000 })),
    );
    expect(verdicts(outcomes)).toEqual([
      'capped 200/200',
      'capped 200/200',
      'capped 200/200',
      'cappedTransactionsPerCard',
    ]);
    expect(textOf(outcomes[3]!)).toBe('Capped: 3 rewarded transactions per card reached');
  });

  it('frees a place when a refund reverses a whole reward, not when it leaves some earning', () => {
    const partly = run(
      [campaign({ maxTransactionsPerCard: 1 })],
      [
        { at: june(2), pence: 2_000 },
        { at: june(3), pence: -1_999, refunds: 0 },
        { at: june(4), pence: 2_000 },
      ],
    );
    expect(verdicts(partly)[2]).toBe('cappedTransactionsPerCard');
    const whole = run(
      [campaign({ maxTransactionsPerCard: 1 })],
      [
        { at: june(2), pence: 2_000 },
        { at: june(3), pence: -2_000, refunds: 0 },
        { at: june(4), pence: 2_000 },
      ],
    );
    expect(verdicts(whole)[2]).toBe('capped 200/200');
  });

  it('frees a place when a refund takes a fixed-value purchase below its minimum spend', () => {
    const value = campaign({
      maxTransactionsPerCard: 1,
      discountType: 'dv',
      discountPercent: null,
      discountAmountPence: 2_000,
      discountValuePence: 300,
    });
    const outcomes = run(
      [value],
      [
        { at: june(2), pence: 2_500 },
        { at: june(3), pence: -600, refunds: 0 },
        { at: june(4), pence: 2_500 },
      ],
    );
    expect(verdicts(outcomes)).toEqual(['capped 300/250', 'capped -300/-250', 'capped 300/250']);
  });

  it('counts per interval: a day in London time, the 25-hour day of the autumn clock change', () => {
    const october = campaign({
      start_date: '2025-10-01',
      maxTransactionsPerInterval: 1,
      capInterval: 'day',
    });
    const outcomes = run(
      [october],
      [
        // 23:30 BST on Saturday 25th, then 00:30 BST on Sunday 26th: one UTC day, two London days.
        { at: '2025-10-25T22:30:00Z', pence: 1_000 },
        { at: '2025-10-25T23:30:00Z', pence: 1_000 },
        // 23:30 GMT on the 26th: still the 26th, 24 h after the last, in the day's 25 hours.
        { at: '2025-10-26T23:30:00Z', pence: 1_000 },
        // 00:00 GMT on the 27th: the next day.
        { at: '2025-10-27T00:00:00Z', pence: 1_000 },
      ],
    );
    expect(verdicts(outcomes)).toEqual([
      'capped 100/100',
      'capped 100/100',
      'cappedTransactionsPerInterval',
      'capped 100/100',
    ]);
  });

  it('counts per ISO week, Monday to Sunday in London time', () => {
    const outcomes = run(
      [campaign({ maxTransactionsPerInterval: 2, capInterval: 'week' })],
      [
        { at: june(9, '00:00'), pence: 1_000 }, // Monday
        { at: june(15, '23:59'), pence: 1_000 }, // Sunday
        { at: june(15, '23:59'), pence: 1_000 },
        { at: june(16, '00:00'), pence: 1_000 }, // the next Monday
      ],
    );
    expect(verdicts(outcomes)).toEqual([
      'capped 100/100',
      'capped 100/100',
      'cappedTransactionsPerInterval',
      'capped 100/100',
    ]);
  });

  it('applies both the campaign’s and the interval’s count, the campaign’s first', () => {
    const outcomes = run(
      [campaign({ maxTransactionsPerCard: 2, maxTransactionsPerInterval: 1, capInterval: 'day' })],
      [
        { at: june(2), pence: 1_000 },
        { at: june(2, '13:00'), pence: 1_000 },
        { at: june(3), pence: 1_000 },
        { at: june(4), pence: 1_000 },
      ],
    );
    expect(verdicts(outcomes)).toEqual([
      'capped 100/100',
      'cappedTransactionsPerInterval',
      'capped 100/100',
      'cappedTransactionsPerCard',
    ]);
  });
});

describe('the rewarded spend per card per interval', () => {
  it('pays exactly up to the cap, the crossing purchase on its part under it, then nothing', () => {
    const outcomes = run(
      [campaign({ maxSpendPerIntervalPence: 10_000, capInterval: 'week' })],
      [
        { at: june(9), pence: 6_000 },
        { at: june(10), pence: 6_000 },
        { at: june(11), pence: 1 },
        { at: june(16), pence: 10_000 },
        { at: june(17), pence: 1 },
      ],
    );
    expect(verdicts(outcomes)).toEqual([
      'capped 600/600',
      'capped 400/400 cappedSpendPartly',
      'cappedSpendPerInterval',
      'capped 1000/1000',
      'cappedSpendPerInterval',
    ]);
  });

  it('pays a purchase exactly filling the cap in full, and one penny over on the part under it', () => {
    const exactly = run(
      [campaign({ maxSpendPerIntervalPence: 10_000, capInterval: 'day' })],
      [{ at: june(2), pence: 10_000 }],
    );
    expect(verdicts(exactly)).toEqual(['capped 1000/1000']);
    const over = run(
      [campaign({ maxSpendPerIntervalPence: 10_000, capInterval: 'day' })],
      [{ at: june(2), pence: 10_001 }],
    );
    expect(verdicts(over)).toEqual(['capped 1000/1000 cappedSpendPartly']);
  });

  it('reads the month in London time: 23:30 UTC on 30 June is in July', () => {
    const july = campaign({
      start_date: '2025-07-01',
      maxSpendPerIntervalPence: 5_000,
      capInterval: 'month',
    });
    const outcomes = run(
      [july],
      [
        { at: '2025-06-30T23:30:00Z', pence: 5_000 },
        { at: '2025-07-31T22:59:00Z', pence: 1_000 },
      ],
    );
    expect(verdicts(outcomes)).toEqual(['capped 500/500', 'cappedSpendPerInterval']);
    const wall = (at: string) => localTimeOf(at, timeZone).wall;
    expect(intervalOf(wall('2025-06-30T23:30:00Z'), 'month')).toBe(
      intervalOf(wall('2025-07-31T22:59:00Z'), 'month'),
    );
    expect(intervalOf(wall('2025-06-30T22:59:00Z'), 'month')).not.toBe(
      intervalOf(wall('2025-06-30T23:00:00Z'), 'month'),
    );
  });

  it('refuses a fixed-value purchase whose part under the cap is below the minimum spend', () => {
    const value = campaign({
      discountType: 'dv',
      discountPercent: null,
      discountAmountPence: 3_000,
      discountValuePence: 500,
      maxSpendPerIntervalPence: 5_000,
      capInterval: 'day',
    });
    const outcomes = run(
      [value],
      [
        { at: june(2), pence: 3_000 },
        { at: june(2, '13:00'), pence: 4_000 },
      ],
    );
    expect(verdicts(outcomes)).toEqual(['capped 500/300', 'cappedSpendPerInterval']);
  });

  it('gives back the refunded part of a reward’s spend to the interval', () => {
    const outcomes = run(
      [campaign({ maxSpendPerIntervalPence: 10_000, capInterval: 'day' })],
      [
        { at: june(2), pence: 10_000 },
        { at: june(2, '13:00'), pence: -4_000, refunds: 0 },
        { at: june(2, '14:00'), pence: 5_000 },
      ],
    );
    expect(verdicts(outcomes)).toEqual([
      'capped 1000/1000',
      'capped -400/-400',
      'capped 400/400 cappedSpendPartly',
    ]);
  });

  it('counts a reward for its part under the cap, less what refunds took of the rest first', () => {
    const reward = { wall: 0, amountPence: 6_000, rewardedSpendPence: 4_000, minimumSpendPence: 0 };
    expect(standingOf({ ...reward, refundedPence: 1_000 })).toEqual({ counts: true, spendPence: 4_000 });
    expect(standingOf({ ...reward, refundedPence: 3_000 })).toEqual({ counts: true, spendPence: 3_000 });
    expect(standingOf({ ...reward, refundedPence: 6_000 })).toEqual({ counts: false, spendPence: 0 });
  });
});

describe('caps and stacking', () => {
  const better = campaign({ id: 'better', discountPercent: 15, maxTransactionsPerCard: 1 });
  const plain = campaign({ id: 'plain', createdAt: '2025-04-02T09:00:00Z' });

  it('lets another campaign pay once the best one is capped for the card', () => {
    const outcomes = run(
      [better, plain],
      [
        { at: june(2), pence: 2_000 },
        { at: june(3), pence: 2_000 },
      ],
    );
    expect(verdicts(outcomes)).toEqual(['better 300/200', 'plain 200/200']);
  });

  it('compares a cashback cut by its cap with the other campaigns’ cashback', () => {
    const cut = campaign({ id: 'cut', discountPercent: 20, maxCashbackPence: 250 });
    expect(verdicts(run([cut, plain], [{ at: june(2), pence: 5_000 }]))).toEqual(['plain 500/500']);
    expect(verdicts(run([cut, plain], [{ at: june(2), pence: 2_000 }]))).toEqual([
      'cut 250/200 cappedCashbackPerTransaction',
    ]);
  });

  it('names the cap when every campaign is capped', () => {
    const outcomes = run(
      [better, campaign({ id: 'weekly', maxTransactionsPerInterval: 1, capInterval: 'week' })],
      [
        { at: june(9), pence: 2_000 },
        { at: june(10), pence: 2_000 },
        { at: june(11), pence: 2_000 },
      ],
    );
    expect(verdicts(outcomes)).toEqual(['better 300/200', 'weekly 200/200', 'cappedTransactionsPerCard']);
  });
});

describe('the reason names the cap and its number (decision 0116)', () => {
  it('names the count of rewarded transactions per card per interval, singular for one', () => {
    const outcomes = run(
      [campaign({ maxTransactionsPerInterval: 1, capInterval: 'week' })],
      [
        { at: june(9), pence: 2_000 },
        { at: june(10), pence: 2_000 },
      ],
    );
    expect(outcomes[1]).toMatchObject({ reasonParams: { limit: 1, interval: 'week' } });
    expect(textOf(outcomes[1]!)).toBe('Capped: 1 rewarded transaction per card per week reached');
  });

  it('names the rewarded spend per card per interval in pounds, earning less and earning nothing', () => {
    const outcomes = run(
      [campaign({ maxSpendPerIntervalPence: 20_000, capInterval: 'month' })],
      [
        { at: june(2), pence: 15_000 },
        { at: june(3), pence: 10_000 },
        { at: june(4), pence: 1_000 },
      ],
    );
    expect(outcomes.map(textOf)).toEqual([
      null,
      'Capped: only the spend under £200.00 rewarded spend per card per month earned',
      'Capped: £200.00 rewarded spend per card per month reached',
    ]);
  });

  it('names the cashback per transaction in pounds, only when it cut the cashback', () => {
    const outcomes = run(
      [campaign({ maxCashbackPence: 500 })],
      [
        { at: june(2), pence: 5_000 },
        { at: june(3), pence: 9_000 },
      ],
    );
    expect(outcomes.map(textOf)).toEqual([null, 'Capped: £5.00 cashback per transaction']);
    expect(outcomes[1]).toMatchObject({ reasonParams: { limit: 500, interval: null } });
  });

  it('names the number of the campaign that came closest when every campaign is capped', () => {
    const better = campaign({ id: 'better', discountPercent: 15, maxTransactionsPerCard: 2 });
    const weekly = campaign({ id: 'weekly', maxTransactionsPerInterval: 1, capInterval: 'week' });
    const outcomes = run(
      [better, weekly],
      [9, 10, 11, 12].map((day) => ({ at: june(day), pence: 2_000 })),
    );
    expect(verdicts(outcomes)).toEqual([
      'better 300/200',
      'better 300/200',
      'weekly 200/200',
      'cappedTransactionsPerCard',
    ]);
    expect(textOf(outcomes[3]!)).toBe('Capped: 2 rewarded transactions per card reached');
  });

  it('a refund of a capped purchase carries no cap reason of its own', () => {
    const outcomes = run(
      [campaign({ maxCashbackPence: 300 })],
      [
        { at: june(2), pence: 5_000 },
        { at: june(3), pence: -1_000, refunds: 0 },
      ],
    );
    expect(outcomes[1]).not.toHaveProperty('reasonParams');
    expect(outcomes[1]).not.toHaveProperty('cappedReason');
  });

  it('falls back to the cap without its number for a reason stored without one', () => {
    expect(qualificationMessage('cappedTransactionsPerCard')).toBe(
      messages.qualificationCapsWithoutNumber.cappedTransactionsPerCard,
    );
    expect(qualificationMessage('belowMinimumSpend')).toBe('Below minimum spend');
  });
});
