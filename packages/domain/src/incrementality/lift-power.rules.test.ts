import { describe, expect, it } from 'vitest';
import { cupedWelchDifference } from './cuped-welch.rules.ts';
import { cardsToDetect, minimumDetectableLift, powerMultiplier } from './lift-power.rules.ts';
import { nextNormal, seededRandom } from './prng.rules.ts';

describe('the minimum detectable lift', () => {
  it('multiplies by z_0.975 + z_0.8 = 2.8016 for a 95% interval at 80% power', () => {
    expect(powerMultiplier()).toBeCloseTo(1.959963984540054 + 0.8416212335729143, 8);
  });

  it('is 2.8016 · σ · √(1/n_exposed + 1/n_holdout) per card for the form', () => {
    // 100,000 cards, 10% held out, spend varying by £30 a card: 2.8016 × 3,000 × √(1/90,000 + 1/10,000)
    // = 88.59p a card (NumPy: 88.5939), over 90,000 exposed cards £79,735.
    const plan = {
      holdoutShareBasisPoints: 1_000,
      eligibleCards: 100_000,
      spendStandardDeviationPence: 3_000,
      varianceReduction: 0,
    };
    const perCard = 2.8015852181129683 * 3_000 * Math.sqrt(1 / 90_000 + 1 / 10_000);
    expect(minimumDetectableLift(plan)).toEqual({
      perCardPence: 89,
      incrementalRevenuePence: Math.ceil(perCard * 90_000),
    });
  });

  it('shrinks with CUPED by √(1 − ρ²) and with a larger holdout', () => {
    const plan = {
      holdoutShareBasisPoints: 1_000,
      eligibleCards: 100_000,
      spendStandardDeviationPence: 3_000,
      varianceReduction: 0.3,
    };
    // 88.5939 × √0.7 = 74.12 (NumPy: 6,671,068 over 90,000 cards).
    expect(minimumDetectableLift(plan)).toEqual({ perCardPence: 75, incrementalRevenuePence: 6_671_068 });
    const twenty = minimumDetectableLift({ ...plan, holdoutShareBasisPoints: 2_000 })!;
    expect(twenty.perCardPence).toBeLessThan(75);
  });

  it('is not there to give without a holdout or with a group of fewer than 2 cards', () => {
    const plan = {
      holdoutShareBasisPoints: 0,
      eligibleCards: 100_000,
      spendStandardDeviationPence: 3_000,
      varianceReduction: 0,
    };
    expect(minimumDetectableLift(plan)).toBeNull();
    expect(minimumDetectableLift({ ...plan, holdoutShareBasisPoints: 1_000, eligibleCards: 15 })).toBeNull();
    expect(() => minimumDetectableLift({ ...plan, holdoutShareBasisPoints: 6_000 })).toThrow(RangeError);
    expect(() => minimumDetectableLift({ ...plan, varianceReduction: 1.5 })).toThrow(RangeError);
  });
});

describe('the cards needed to detect a lift', () => {
  it('are (z + z)² · (σ²_e/(1 − h) + σ²_h/h) / Δ² in all, split by the share', () => {
    // σ = 1,000 in both groups, h = 0.2, Δ = 100: 7.849 × (1,250,000 + 5,000,000) / 10,000 = 4,905.8.
    const total = (2.8015852181129683 ** 2 * (1e6 / 0.8 + 1e6 / 0.2)) / 100 ** 2;
    expect(
      cardsToDetect({ lift: 100, exposedVariance: 1e6, holdoutVariance: 1e6, holdoutShare: 0.2 }),
    ).toEqual({
      exposedCards: Math.ceil(0.8 * total),
      holdoutCards: Math.ceil(0.2 * total),
    });
    expect(
      cardsToDetect({ lift: -100, exposedVariance: 1e6, holdoutVariance: 1e6, holdoutShare: 0.2 }),
    ).toEqual(cardsToDetect({ lift: 100, exposedVariance: 1e6, holdoutVariance: 1e6, holdoutShare: 0.2 }));
    expect(
      cardsToDetect({ lift: 0, exposedVariance: 1e6, holdoutVariance: 1e6, holdoutShare: 0.2 }),
    ).toBeNull();
  });

  it('detect the lift about 80% of the time, as simulated', () => {
    // Normal spends, σ = 1,000, true lift 200, 20% held out: the formula asks ~982 exposed and
    // ~246 held out. Over 400 simulated months the interval leaves 0 out in Binomial(400, 0.8):
    // 320 ± 8; 296 to 344 is three standard deviations.
    const needed = cardsToDetect({
      lift: 200,
      exposedVariance: 1e6,
      holdoutVariance: 1e6,
      holdoutShare: 0.2,
    })!;
    const total = needed.exposedCards + needed.holdoutCards;
    const random = seededRandom(80);
    const covariate = new Float64Array(total);
    let detected = 0;
    for (let month = 0; month < 400; month += 1) {
      const ys = Float64Array.from(
        { length: total },
        (_, at) => (at < needed.exposedCards ? 200 : 0) + 1_000 * nextNormal(random),
      );
      if (cupedWelchDifference(ys, covariate, needed.exposedCards).significance === 'significant')
        detected += 1;
    }
    expect(detected).toBeGreaterThanOrEqual(296);
    expect(detected).toBeLessThanOrEqual(344);
  }, 60_000);
});
