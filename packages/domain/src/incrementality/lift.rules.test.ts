import { describe, expect, it } from 'vitest';
import { measureLift, type LiftCard, type LiftInput, type LiftResult } from './lift.rules.ts';

const card = (
  arm: LiftCard['arm'],
  spendPence: number,
  preSpendPence: number,
  transactions: number,
): LiftCard => ({
  arm,
  spendPence,
  preSpendPence,
  transactions,
});

const input = (cards: LiftCard[], overrides: Partial<LiftInput> = {}): LiftInput => ({
  cards,
  cashbackPence: 300,
  feePence: 60,
  seed: 1,
  resamples: 200,
  ...overrides,
});

function measured(result: LiftResult) {
  if (result.status !== 'measured') throw new Error(`expected a measured lift, got ${result.status}`);
  return result;
}

/**
 * Four exposed and four held-out cards. The holdout has one big spender (£150), whom the p99 cap
 * trims; the exposed group spent more before the month too, which CUPED takes out.
 */
const exposed = [
  card('exposed', 1200, 1000, 1),
  card('exposed', 0, 200, 0),
  card('exposed', 3400, 2500, 2),
  card('exposed', 800, 0, 1),
];
const holdout = [
  card('holdout', 900, 1100, 1),
  card('holdout', 0, 0, 0),
  card('holdout', 500, 300, 1),
  card('holdout', 15000, 4000, 3),
];

/**
 * The same computation written out apart from the code under test, formula by formula
 * (incrementality.md), with the t quantile for its degrees of freedom taken from SciPy
 * (scipy.stats.t.ppf(0.975, df)) since a t table has no row for 5.85.
 */
function byHand(ys: number[], xs: number[], tQuantile: number) {
  const n = ys.length;
  const avg = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const cov = (a: number[], b: number[]) => {
    const ma = avg(a);
    const mb = avg(b);
    return a.reduce((s, x, i) => s + (x - ma) * (b[i]! - mb), 0) / (a.length - 1);
  };
  const theta = cov(ys, xs) / cov(xs, xs);
  const meanX = avg(xs);
  const adjusted = ys.map((y, i) => y - theta * (xs[i]! - meanX));
  const e = adjusted.slice(0, 4);
  const h = adjusted.slice(4, n);
  const a = cov(e, e) / 4;
  const b = cov(h, h) / 4;
  const se = Math.sqrt(a + b);
  const df = (a + b) ** 2 / (a ** 2 / 3 + b ** 2 / 3);
  const lift = avg(e) - avg(h);
  return {
    theta,
    exposedMean: avg(e),
    holdoutMean: avg(h),
    lift,
    se,
    df,
    low: lift - tQuantile * se,
    high: lift + tQuantile * se,
    exposedVariance: cov(e, e),
    holdoutVariance: cov(h, h),
  };
}

describe('lift measured on a small example worked by hand', () => {
  const cards = [...exposed, ...holdout];
  // p99 of the 8 spends, type 7: h = 7 × 0.99 = 6.93, so 3,400 + 0.93 × (15,000 − 3,400) = 14,188.
  const spendCap = 3400 + 0.93 * (15000 - 3400);
  // p99 of the 8 earlier spends (0, 0, 200, 300, 1,000, 1,100, 2,500, 4,000): 2,500 + 0.93 × 1,500.
  const preCap = 2500 + 0.93 * (4000 - 2500);
  const spend = cards.map((c) => Math.min(c.spendPence, spendCap));
  const pre = cards.map((c) => Math.min(c.preSpendPence, preCap));
  const handSpend = byHand(spend, pre, 2.461689062402031);
  const handConversion = byHand(
    cards.map((c) => (c.transactions > 0 ? 1 : 0)),
    pre,
    2.44812965721821,
  );
  const handPurchases = byHand(
    cards.map((c) => c.transactions),
    pre,
    2.5067760620365096,
  );
  const result = measured(measureLift(input(cards)));

  it('caps spend at the p99 of every card', () => {
    expect(spendCap).toBeCloseTo(14188, 9);
    expect(result.winsorisedAtPence).toBe(14188);
  });

  it('gives the CUPED-adjusted Welch difference of spend, in whole pence', () => {
    // Figures also checked with NumPy/SciPy: θ 3.11446, lift −1,305.109, df 5.8549, (−4,869.18, 2,258.97).
    expect(handSpend.theta).toBeCloseTo(3.1144596436055094, 9);
    expect(result.spend.theta).toBeCloseTo(handSpend.theta, 9);
    expect(result.spend.degreesOfFreedom).toBeCloseTo(handSpend.df, 9);
    expect(result.spend.degreesOfFreedom).toBeCloseTo(5.854878729313412, 9);
    expect(result.spend).toMatchObject({
      exposedPerCard: Math.round(handSpend.exposedMean), // 1,970.95
      holdoutPerCard: Math.round(handSpend.holdoutMean), // 3,276.05
      liftPerCard: -Math.round(-handSpend.lift), // −1,305.11
      low: Math.floor(handSpend.low), // −4,869.18
      high: Math.ceil(handSpend.high), // 2,258.97
      standardError: Math.ceil(handSpend.se),
      significance: 'notSignificant',
    });
    expect(result.spend).toMatchObject({
      exposedPerCard: 1971,
      holdoutPerCard: 3276,
      liftPerCard: -1305,
      low: -4870,
      high: 2259,
    });
  });

  it('says how many cards per group would detect that lift at 80% power, the share kept', () => {
    // N = (z_0.975 + z_0.8)² · (s²_e/(1 − h) + s²_h/h) / Δ², h = 4/8.
    const z = 1.959963984540054 + 0.8416212335729143;
    const total =
      (z ** 2 * (handSpend.exposedVariance / 0.5 + handSpend.holdoutVariance / 0.5)) / handSpend.lift ** 2;
    expect(total).toBeCloseTo(77.2736, 3);
    expect(result.spend.cardsNeeded).toEqual({
      exposedCards: Math.ceil(total / 2),
      holdoutCards: Math.ceil(total / 2),
    });
    expect(result.spend.cardsNeeded).toEqual({ exposedCards: 39, holdoutCards: 39 });
  });

  it('gives the conversion rate and the purchases per card the same way', () => {
    for (const [measuredLift, hand] of [
      [result.conversion, handConversion],
      [result.transactions, handPurchases],
    ] as const) {
      expect(measuredLift.exposedPerCard).toBeCloseTo(hand.exposedMean, 9);
      expect(measuredLift.holdoutPerCard).toBeCloseTo(hand.holdoutMean, 9);
      expect(measuredLift.liftPerCard).toBeCloseTo(hand.lift, 9);
      expect(measuredLift.low).toBeCloseTo(hand.low, 9);
      expect(measuredLift.high).toBeCloseTo(hand.high, 9);
      expect(measuredLift.degreesOfFreedom).toBeCloseTo(hand.df, 9);
      expect(measuredLift.significance).toBe('notSignificant');
    }
    expect(result.conversion.liftPerCard).toBeCloseTo(0.05986097954101166, 9);
    expect(result.transactions.liftPerCard).toBeCloseTo(0.01196026586815524, 9);
  });

  it('gives incremental revenue, iROAS and cost per incremental customer over the 4 exposed cards', () => {
    expect(result.costPence).toBe(360);
    expect(result.incrementalRevenuePence).toEqual({
      estimate: -Math.round(-handSpend.lift * 4), // −5,220.44
      low: Math.floor(handSpend.low * 4),
      high: Math.ceil(handSpend.high * 4),
    });
    expect(result.incrementalRevenuePence).toEqual({ estimate: -5220, low: -19477, high: 9036 });
    expect(result.iroas.estimate).toBeCloseTo((handSpend.lift * 4) / 360, 9); // −14.50
    expect(result.incrementalCustomers.estimate).toBeCloseTo(handConversion.lift * 4, 9);
    expect(result.costPerIncrementalCustomerPence.estimate).toBe(Math.round(360 / (handConversion.lift * 4))); // 1,503.48
    expect(result.costPerIncrementalCustomerPence.estimate).toBe(1503);
    expect(result.relativeSpendLift.estimate).toBeCloseTo(handSpend.lift / handSpend.holdoutMean, 9);
  });

  it('gives the same bootstrap intervals for the same seed, and others for another seed', () => {
    const again = measured(measureLift(input(cards)));
    const otherSeed = measured(measureLift(input(cards, { seed: 2 })));
    expect(again.iroas).toEqual(result.iroas);
    expect(again.relativeSpendLift).toEqual(result.relativeSpendLift);
    expect(otherSeed.iroas).not.toEqual(result.iroas);
    const { low, high } = result.iroas;
    expect(low).not.toBeNull();
    expect(low!).toBeLessThan(high!);
  });

  it('leaves the ratios without intervals when the bootstrap is off', () => {
    const noBoot = measured(measureLift(input(cards, { resamples: 0 })));
    expect(noBoot.iroas).toEqual({ estimate: result.iroas.estimate, low: null, high: null });
    expect(noBoot.spend).toEqual(result.spend);
  });
});

describe('lift at the edges', () => {
  it('measures nothing without a holdout (a share of 0), without exposed cards, or with a group of one', () => {
    expect(measureLift(input(exposed))).toEqual({
      status: 'insufficientData',
      reason: 'noHoldout',
      exposedCards: 4,
      holdoutCards: 0,
    });
    expect(measureLift(input(holdout))).toMatchObject({ status: 'insufficientData', reason: 'noExposed' });
    expect(measureLift(input([...exposed, holdout[0]!]))).toMatchObject({
      status: 'insufficientData',
      reason: 'tooFewCards',
      holdoutCards: 1,
    });
    expect(measureLift(input([]))).toMatchObject({ status: 'insufficientData', reason: 'noHoldout' });
  });

  it('finds no lift and no interval when every card spent the same', () => {
    const same = [
      ...Array.from({ length: 5 }, () => card('exposed', 1000, 700, 1)),
      ...Array.from({ length: 3 }, () => card('holdout', 1000, 700, 1)),
    ];
    const result = measured(measureLift(input(same)));
    expect(result.spend).toMatchObject({
      liftPerCard: 0,
      low: 0,
      high: 0,
      degreesOfFreedom: null,
      theta: 0,
      varianceReduction: null,
    });
    expect(result.spend.significance).toBe('notSignificant');
    expect(result.spend.cardsNeeded).toBeNull(); // no lift to detect at any size
    expect(result.iroas).toEqual({ estimate: 0, low: 0, high: 0 });
  });

  it('takes a difference without variance in either group as exact: the interval is the lift itself', () => {
    const apart = [
      ...Array.from({ length: 4 }, () => card('exposed', 1200, 0, 1)),
      ...Array.from({ length: 4 }, () => card('holdout', 1000, 0, 1)),
    ];
    const result = measured(measureLift(input(apart)));
    expect(result.spend).toMatchObject({
      liftPerCard: 200,
      low: 200,
      high: 200,
      degreesOfFreedom: null,
      significance: 'significant',
    });
    expect(result.incrementalRevenuePence).toEqual({ estimate: 800, low: 800, high: 800 });
  });

  it('uses the varying group alone for the degrees of freedom when the other does not vary', () => {
    const cards = [
      card('exposed', 1000, 0, 1),
      card('exposed', 1400, 0, 1),
      card('exposed', 1800, 0, 1),
      card('holdout', 1000, 0, 1),
      card('holdout', 1000, 0, 1),
    ];
    const result = measured(measureLift(input(cards, { resamples: 0 })));
    expect(result.spend.degreesOfFreedom).toBeCloseTo(2, 12); // n_e − 1
  });

  it('finds nothing, and no ratios, when no card spent anything', () => {
    const none = [
      ...Array.from({ length: 6 }, () => card('exposed', 0, 0, 0)),
      ...Array.from({ length: 2 }, () => card('holdout', 0, 0, 0)),
    ];
    const result = measured(measureLift(input(none, { cashbackPence: 0, feePence: 0 })));
    expect(result.spend).toMatchObject({
      exposedPerCard: 0,
      holdoutPerCard: 0,
      liftPerCard: 0,
      low: 0,
      high: 0,
    });
    expect(result.conversion).toMatchObject({
      liftPerCard: 0,
      significance: 'notSignificant',
      cardsNeeded: null,
    });
    expect(result.winsorisedAtPence).toBe(0);
    expect(result.iroas).toEqual({ estimate: null, low: null, high: null }); // nothing was paid
    expect(result.relativeSpendLift).toEqual({ estimate: null, low: null, high: null }); // the holdout spent 0
    expect(result.costPerIncrementalCustomerPence).toEqual({ estimate: null, low: null, high: null });
  });

  it('refuses fractions of a penny, counts of purchases below zero and an unknown arm', () => {
    expect(() => measureLift(input([card('exposed', 10.5, 0, 1), ...holdout]))).toThrow(RangeError);
    expect(() => measureLift(input([card('exposed', 10, 0, -1), ...holdout]))).toThrow(RangeError);
    expect(() =>
      measureLift(input([{ ...card('exposed', 10, 0, 1), arm: 'shown' as 'exposed' }, ...holdout])),
    ).toThrow(RangeError);
    expect(() => measureLift(input([...exposed, ...holdout], { cashbackPence: 1.5 }))).toThrow(RangeError);
    expect(() => measureLift(input([...exposed, ...holdout], { resamples: -1 }))).toThrow(RangeError);
  });
});
