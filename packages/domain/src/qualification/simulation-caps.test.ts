import { describe, expect, it } from 'vitest';
import {
  qualificationMessage,
  qualifyForCampaign,
  type QualificationCampaign,
} from './qualification.rules.ts';
import { juneCampaign } from './qualification.fixtures.ts';
import { sampleCardRewards, simulationRequestSchema } from './simulation.schema.ts';

/**
 * The rule simulator applies every cap (decision 0116): the card's rewards by the campaign come
 * with the sample, as its history does, and the engine reads them as it reads ingestion's. A £40.00
 * purchase on Wednesday 11 June 2025 in London, in the brand's 4th campaign month (10% fee).
 */
const timeZone = 'Europe/London';

function simulate(campaign: QualificationCampaign, stated: Record<string, number>, amountPence = 4_000) {
  const sample = simulationRequestSchema.parse({
    datetime: '2025-06-11T12:00:00+01:00',
    amountPence,
    mid: 'MC-1',
    ...stated,
  });
  const outcome = qualifyForCampaign(
    {
      transaction: { datetime: sample.datetime, amountPence: sample.amountPence },
      branch: { branchId: 'branch-1', brandId: 'brand-1', status: 'Active' },
      campaigns: [campaign, juneCampaign({ id: 'other', discountPercent: 1, maxTransactionsPerCard: 1 })],
      history: { lastPurchaseAt: null, averageSpendPence: null },
      rewards: sampleCardRewards(campaign.id, sample),
      brandCampaignMonths: ['2025-03', '2025-04', '2025-05', '2025-06'],
      timeZone,
    },
    campaign,
  );
  if (outcome.outcome === 'notQualified')
    return qualificationMessage(outcome.reason, outcome.reasonParams ?? null);
  const capped = outcome.cappedReason
    ? ` ${qualificationMessage(outcome.cappedReason, outcome.reasonParams ?? null)}`
    : '';
  return `${outcome.cashbackPence}/${outcome.successFeePence}${capped}`;
}

describe('the rule simulator with caps', () => {
  it('pays the card’s last rewarded transaction of the campaign and refuses the next, naming the cap', () => {
    const perCard = juneCampaign({ maxTransactionsPerCard: 3 });
    expect(simulate(perCard, { rewardedTransactions: 2 })).toBe('400/400');
    expect(simulate(perCard, { rewardedTransactions: 3 })).toBe(
      'Capped: 3 rewarded transactions per card reached',
    );
  });

  it('counts the interval’s rewarded transactions apart from the campaign’s', () => {
    const daily = juneCampaign({ maxTransactionsPerInterval: 2, capInterval: 'day' });
    expect(simulate(daily, { rewardedTransactions: 9, rewardedTransactionsInInterval: 1 })).toBe('400/400');
    expect(simulate(daily, { rewardedTransactions: 9, rewardedTransactionsInInterval: 2 })).toBe(
      'Capped: 2 rewarded transactions per card per day reached',
    );
  });

  it('pays in full exactly up to the spend cap, on the part under it one penny over, and nothing once reached', () => {
    const weekly = juneCampaign({ maxSpendPerIntervalPence: 10_000, capInterval: 'week' });
    expect(simulate(weekly, { rewardedSpendInIntervalPence: 6_000 })).toBe('400/400');
    expect(simulate(weekly, { rewardedSpendInIntervalPence: 6_001 })).toBe(
      '400/400 Capped: only the spend under £100.00 rewarded spend per card per week earned',
    );
    expect(simulate(weekly, { rewardedSpendInIntervalPence: 9_000 })).toBe(
      '100/100 Capped: only the spend under £100.00 rewarded spend per card per week earned',
    );
    expect(simulate(weekly, { rewardedSpendInIntervalPence: 10_000 })).toBe(
      'Capped: £100.00 rewarded spend per card per week reached',
    );
  });

  it('still applies the cashback per transaction, with no rewards stated', () => {
    expect(simulate(juneCampaign({ maxCashbackPence: 300 }), {})).toBe(
      '300/400 Capped: £3.00 cashback per transaction',
    );
  });

  it('reads the stated rewards as the simulated campaign’s only, never another campaign’s', () => {
    const rewards = sampleCardRewards('june', {
      rewardedTransactions: 3,
      rewardedTransactionsInInterval: 1,
      rewardedSpendInIntervalPence: 500,
    });
    expect(rewards.tally('june', 'day', 0)).toEqual({
      count: 3,
      countInInterval: 1,
      spendInIntervalPence: 500,
    });
    expect(rewards.tally('other', 'day', 0)).toEqual({
      count: 0,
      countInInterval: 0,
      spendInIntervalPence: 0,
    });
  });

  it('refuses an interval with more rewarded transactions than the campaign, and negative figures', () => {
    const base = { datetime: '2025-06-11T12:00:00+01:00', amountPence: 100, mid: 'MC-1' };
    const messagesOf = (stated: object) => {
      const parsed = simulationRequestSchema.safeParse({ ...base, ...stated });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(messagesOf({ rewardedTransactions: 1, rewardedTransactionsInInterval: 2 })).toEqual([
      'rewardedTransactionsInInterval',
    ]);
    expect(messagesOf({ rewardedTransactions: -1 })).toEqual(['rewardedTransactions']);
    expect(messagesOf({ rewardedSpendInIntervalPence: 1.5 })).toEqual(['rewardedSpendInIntervalPence']);
  });
});
