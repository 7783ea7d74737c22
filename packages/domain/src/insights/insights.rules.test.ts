import { describe, expect, it } from 'vitest';
import { insightsLoginSchema, insightsSignupSchema } from './insights-visitors.schema';
import {
  addScoreSums,
  aggregateScore,
  aspectDistribution,
  dayWindow,
  defaultWindow,
  jensenShannonDistance,
  monthsOfWindow,
  netPositive,
  netPositiveShare,
  rankOf,
  scoreOfSums,
  scoreSums,
  reviewQuality,
  reviewWeight,
  similarityOf,
  teaserMonth,
  trendSeriesShown,
  yearStart,
} from './insights.rules';
import { datePayloadSchema, factorsQuerySchema } from './insights.schema';
import { emptyAspectCounts, type AspectCounts } from './sentiment.rules';

const asOf = new Date('2026-06-30T12:00:00Z');
const daysBefore = (days: number) => new Date(asOf.getTime() - days * 86_400_000);

function counts(values: Partial<Record<keyof AspectCounts, [number, number]>>): AspectCounts {
  const result = emptyAspectCounts();
  for (const [aspect, [positive, negative]] of Object.entries(values) as [
    keyof AspectCounts,
    [number, number],
  ][]) {
    result[aspect] = { positive, negative };
  }
  return result;
}

describe('aggregateScore', () => {
  const review = (rating: number, sentiment: number, ageDays = 0, reviewerRating: number | null = 5) => ({
    rating,
    sentiment,
    reviewerRating,
    reviewedAt: daysBefore(ageDays),
  });

  it('is null without reviews', () => {
    expect(aggregateScore([], asOf)).toBeNull();
  });

  it('weighs stars 60% and sentiment 40%', () => {
    expect(reviewQuality({ rating: 5, sentiment: 1 })).toBe(1);
    expect(reviewQuality({ rating: 1, sentiment: -1 })).toBe(0);
    expect(reviewQuality({ rating: 3, sentiment: 0.5 })).toBeCloseTo(0.6 * 0.5 + 0.4 * 0.75);
  });

  it('halves a review weight every 180 days and trusts reviewers by standing', () => {
    expect(reviewWeight({ reviewerRating: 5, reviewedAt: asOf }, asOf)).toBe(1);
    expect(reviewWeight({ reviewerRating: 5, reviewedAt: daysBefore(180) }, asOf)).toBeCloseTo(0.5);
    expect(reviewWeight({ reviewerRating: 1, reviewedAt: asOf }, asOf)).toBeCloseTo(0.6);
    expect(reviewWeight({ reviewerRating: null, reviewedAt: asOf }, asOf)).toBe(0.75);
  });

  it('draws few reviews towards 50 and lets many speak (frequency)', () => {
    // One perfect review: 100 × (1 + 2 × 0.5) / (1 + 2) = 66.7.
    expect(aggregateScore([review(5, 1)], asOf)).toBe(66.7);
    const many = Array.from({ length: 200 }, () => review(5, 1));
    expect(aggregateScore(many, asOf)).toBe(99.5);
  });

  it('adds up per venue: the sums of two sets give the score of both together', () => {
    const a = [review(5, 1, 10), review(2, -0.5, 100)];
    const b = [review(4, 0.2, 300, null)];
    expect(scoreOfSums(addScoreSums([scoreSums(a, asOf), scoreSums(b, asOf)]))).toBe(
      aggregateScore([...a, ...b], asOf),
    );
    expect(scoreOfSums(addScoreSums([]))).toBeNull();
  });

  it('lets a recent review count more than an old one', () => {
    const recentGood = aggregateScore([review(5, 1, 0), review(1, -1, 720)], asOf)!;
    const recentBad = aggregateScore([review(5, 1, 720), review(1, -1, 0)], asOf)!;
    expect(recentGood).toBeGreaterThan(50);
    expect(recentBad).toBeLessThan(50);
  });
});

describe('net positive and similarity', () => {
  it('net positive is positive minus negative mentions; its share is over all mentions', () => {
    expect(netPositive({ positive: 7, negative: 3 })).toBe(4);
    expect(netPositiveShare({ positive: 7, negative: 3 })).toBe(40);
    expect(netPositiveShare({ positive: 0, negative: 0 })).toBe(0);
  });

  it('the distribution spreads the 8 mention counts over their total', () => {
    expect(aspectDistribution(counts({ Food: [3, 1] }))).toEqual([0.75, 0.25, 0, 0, 0, 0, 0, 0]);
    expect(aspectDistribution(emptyAspectCounts())).toBeNull();
  });

  it('Jensen–Shannon distance is 0 for the same distribution and 1 for disjoint ones', () => {
    expect(jensenShannonDistance([0.5, 0.5], [0.5, 0.5])).toBe(0);
    expect(jensenShannonDistance([1, 0], [0, 1])).toBe(1);
    // JSD([1,0],[0.5,0.5]) = 0.5·log2(1/0.75) + 0.5·(0.5·log2(0.5/0.75) + 0.5·log2(0.5/0.25)) ≈ 0.3113
    expect(jensenShannonDistance([1, 0], [0.5, 0.5])).toBeCloseTo(Math.sqrt(0.31128), 4);
  });

  it('similarity is 100 for the same mix at any size, lower as the mixes part', () => {
    expect(similarityOf(counts({ Food: [2, 1] }), counts({ Food: [20, 10] }))).toBe(100);
    expect(similarityOf(counts({ Food: [1, 0] }), counts({ Service: [0, 1] }))).toBe(0);
    const close = similarityOf(
      counts({ Food: [5, 1], Service: [3, 1] }),
      counts({ Food: [4, 1], Service: [3, 2] }),
    )!;
    expect(close).toBeGreaterThan(80);
    expect(close).toBeLessThan(100);
    expect(similarityOf(emptyAspectCounts(), counts({ Food: [1, 0] }))).toBeNull();
  });
});

describe('rankOf', () => {
  const entities = [
    { id: 'a', score: 80 },
    { id: 'b', score: 90 },
    { id: 'c', score: 80 },
    { id: 'd', score: 60 },
    { id: 'e', score: null },
  ];

  it('ranks the best score first and lets ties share a rank', () => {
    expect(rankOf(entities, 'b')).toEqual({ rank: 1, outOf: 4 });
    expect(rankOf(entities, 'a')).toEqual({ rank: 2, outOf: 4 });
    expect(rankOf(entities, 'c')).toEqual({ rank: 2, outOf: 4 });
    expect(rankOf(entities, 'd')).toEqual({ rank: 4, outOf: 4 });
  });

  it('does not rank an entity without a score', () => {
    expect(rankOf(entities, 'e')).toBeNull();
    expect(rankOf(entities, 'zz')).toBeNull();
  });
});

describe('months and series', () => {
  it('lists the months a window touches in the timezone', () => {
    const window = { from: new Date('2026-01-15T00:00:00Z'), to: new Date('2026-04-01T03:00:00Z') };
    // 1 April 03:00 UTC is still 31 March in New York.
    expect(monthsOfWindow(window, 'America/New_York')).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(monthsOfWindow(window, 'Europe/London')).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    // One month as the web sends it: from just before its first instant to just after its last.
    const march = { from: new Date('2026-03-01T04:59:59.999Z'), to: new Date('2026-04-01T04:00:00.000Z') };
    expect(monthsOfWindow(march, 'America/New_York')).toEqual(['2026-03']);
  });

  it('a day window runs from local midnight to the midnight after its last day', () => {
    const window = dayWindow('2026-03-01', '2026-03-31', 'America/New_York');
    expect(window.from.toISOString()).toBe('2026-03-01T04:59:59.999Z');
    // New York moves to summer time on 8 March 2026: midnight of 1 April is 04:00 UTC.
    expect(window.to.toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(defaultWindow(asOf)).toEqual({ from: daysBefore(360), to: asOf });
  });

  it('drops the last 3 points of a 13-point series only', () => {
    const thirteen = Array.from({ length: 13 }, (_, index) => index);
    expect(trendSeriesShown(thirteen)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(trendSeriesShown([1, 2, 3])).toEqual([1, 2, 3]);
    expect(trendSeriesShown(Array.from({ length: 25 }, () => 0))).toHaveLength(25);
  });

  it('the teaser month is last month and the year starts on 1 January, in the timezone', () => {
    const newYearUtc = new Date('2027-01-01T02:00:00Z');
    expect(teaserMonth(newYearUtc, 'America/New_York')).toBe('2026-11');
    expect(yearStart(newYearUtc, 'America/New_York')).toBe('2026-01-01');
    expect(yearStart(newYearUtc, 'Europe/London')).toBe('2027-01-01');
  });
});

describe('the contract schemas', () => {
  it('reads datePayload as a window and refuses bad ones with a message', () => {
    expect(
      datePayloadSchema.parse(
        JSON.stringify({ $gt: '2026-01-01T00:00:00.000Z', $lt: '2026-02-01T00:00:00.000Z' }),
      ),
    ).toEqual({ from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') });
    for (const bad of [
      'not json',
      '{"$gt":"2026-01-01T00:00:00Z"}',
      '{"$gt":"2026-02-01T00:00:00Z","$lt":"2026-01-01T00:00:00Z"}',
      '{"$gt":"2020-01-01T00:00:00Z","$lt":"2026-01-01T00:00:00Z"}',
    ]) {
      const result = datePayloadSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/datePayload|date range/);
    }
  });

  it('treats an empty or "all" kmid as every branch and refuses a malformed one', () => {
    const brandId = '7d3c3c9e-3f4e-4d8c-9a55-2d7c0e1f5a10';
    expect(factorsQuerySchema.parse({ brandId, kmid: '' }).kmid).toBeUndefined();
    expect(factorsQuerySchema.parse({ brandId, kmid: 'all' }).kmid).toBeUndefined();
    expect(factorsQuerySchema.parse({ brandId, kmid: 'KM5000001' }).kmid).toBe('KM5000001');
    expect(factorsQuerySchema.safeParse({ brandId, kmid: "KM1' OR 1=1" }).success).toBe(false);
  });

  it('uses the spec messages for the insights login and sign up', () => {
    const login = insightsLoginSchema.safeParse({ email: '', brandId: '' });
    expect(login.error!.issues.map((issue) => issue.message)).toEqual([
      'Email is required',
      'brandId is required',
    ]);
    const signup = insightsSignupSchema.safeParse({ contactName: '', organizationName: '', email: 'x' });
    expect(signup.error!.issues.map((issue) => issue.message)).toEqual([
      'Please enter Contact Name',
      'Please enter Organization Name',
      'Invalid email address',
    ]);
  });
});
