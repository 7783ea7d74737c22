import { basisPointsInWhole, isHoldoutShare } from './holdout.rules.ts';
import { normalQuantile } from './statistics.rules.ts';

/**
 * Power and the minimum detectable effect (docs/decisions/0125, incrementality.md §Power). For a
 * difference of two means with variances σ²_e (exposed) and σ²_h (holdout), holdout share h of
 * N cards, a two-sided test at level α and power 1 − β:
 *
 *   MDE = (z_{1−α/2} + z_{1−β}) · √(σ²_e / ((1 − h)·N) + σ²_h / (h·N))
 *
 * and, turned round, the cards that detect a lift Δ:
 *
 *   N = (z_{1−α/2} + z_{1−β})² · (σ²_e / (1 − h) + σ²_h / h) / Δ²
 *
 * The normal quantiles, not t's: at the sizes a plan needs the two agree to the second decimal,
 * and a plan is an estimate of variances not yet observed anyway.
 */

/** 95% intervals: a two-sided test at 5%. */
export const liftSignificanceLevel = 0.05;
/** The power a plan is made for. */
export const liftPower = 0.8;

/** z_{1−α/2} + z_{1−β}: 1.959964 + 0.841621 = 2.801585 at the defaults. */
export function powerMultiplier(alpha = liftSignificanceLevel, power = liftPower): number {
  return normalQuantile(1 - alpha / 2) + normalQuantile(power);
}

/** The cards each group needs to detect a lift at 80% power, with the holdout share kept. */
export interface CardsNeeded {
  exposedCards: number;
  holdoutCards: number;
}

/**
 * The cards that would detect `lift` (a difference of per-card means) at 80% power with a 95%
 * interval, for the groups' variances observed and the holdout share h they were in: N from the
 * formula above, then ⌈(1 − h)·N⌉ exposed and ⌈h·N⌉ held out, at least 2 each (Welch's least).
 * Null when there is no lift to detect
 * (0) or no share to split by.
 */
export function cardsToDetect(input: {
  lift: number;
  exposedVariance: number;
  holdoutVariance: number;
  holdoutShare: number;
}): CardsNeeded | null {
  const { lift, exposedVariance, holdoutVariance, holdoutShare } = input;
  if (lift === 0 || !Number.isFinite(lift)) return null;
  if (!(holdoutShare > 0 && holdoutShare < 1)) return null;
  const spread = exposedVariance / (1 - holdoutShare) + holdoutVariance / holdoutShare;
  const total = (powerMultiplier() ** 2 * spread) / (lift * lift);
  return {
    exposedCards: Math.max(2, Math.ceil((1 - holdoutShare) * total)),
    holdoutCards: Math.max(2, Math.ceil(holdoutShare * total)),
  };
}

/** What the campaign form knows when it asks what a holdout could detect. */
export interface DetectableLiftPlan {
  /** The holdout share, in basis points. */
  holdoutShareBasisPoints: number;
  /** The cards expected to be eligible in the month (both groups). */
  eligibleCards: number;
  /** The standard deviation of a card's spend at the brand in a month, in pence. */
  spendStandardDeviationPence: number;
  /**
   * The share of that variance CUPED is expected to remove (ρ² between a card's spend and its
   * spend in the 90 days before), 0 to 1; 0 when unknown.
   */
  varianceReduction: number;
}

/** The smallest lift the plan detects at 80% power, per card and over the exposed cards. */
export interface DetectableLift {
  /** Pence per eligible card, rounded up. */
  perCardPence: number;
  /** The per-card figure (unrounded) times the exposed cards, rounded up: what the brand must gain. */
  incrementalRevenuePence: number;
}

/**
 * The minimum detectable lift in spend per card for a plan, both groups assumed to vary alike:
 * MDE = (z_{0.975} + z_{0.8}) · σ · √(1 − ρ²) · √(1/((1 − h)·N) + 1/(h·N)). Null when the share is 0
 * (nothing is measured) or a group would have fewer than 2 cards.
 */
export function minimumDetectableLift(plan: DetectableLiftPlan): DetectableLift | null {
  const { holdoutShareBasisPoints, eligibleCards, spendStandardDeviationPence, varianceReduction } = plan;
  if (!isHoldoutShare(holdoutShareBasisPoints)) {
    throw new RangeError(`minimum detectable lift: not a holdout share: ${holdoutShareBasisPoints}`);
  }
  if (!(spendStandardDeviationPence >= 0) || !(varianceReduction >= 0 && varianceReduction <= 1)) {
    throw new RangeError('minimum detectable lift: the deviation and the reduction must be real');
  }
  const share = holdoutShareBasisPoints / basisPointsInWhole;
  const holdoutCards = share * eligibleCards;
  const exposedCards = eligibleCards - holdoutCards;
  if (holdoutCards < 2 || exposedCards < 2) return null;
  const sigma = spendStandardDeviationPence * Math.sqrt(1 - varianceReduction);
  const perCard = powerMultiplier() * sigma * Math.sqrt(1 / exposedCards + 1 / holdoutCards);
  return {
    perCardPence: Math.ceil(perCard),
    incrementalRevenuePence: Math.ceil(perCard * exposedCards),
  };
}
