import { covariance, mean, quantileOfSorted, studentTQuantile, variance } from './statistics.rules.ts';

/**
 * The difference of two groups' means with its 95% interval, CUPED-adjusted, by Welch's t
 * (docs/decisions/0125, incrementality.md §Lift). The cards come as one series, the exposed group
 * first: `exposedCount` values, then the holdout's. Float in, float out: rounding to pence is the
 * caller's, at the edge.
 */

/** Whether the 95% interval leaves zero out. */
export type LiftSignificance = 'significant' | 'notSignificant';

export interface MeanDifference {
  /** The exposed group's CUPED-adjusted mean. */
  exposedMean: number;
  /** The holdout's CUPED-adjusted mean. */
  holdoutMean: number;
  /** exposedMean − holdoutMean. */
  lift: number;
  /** The 95% interval of the lift. */
  low: number;
  high: number;
  /** √(s²_e/n_e + s²_h/n_h) of the adjusted values. */
  standardError: number;
  /** Welch–Satterthwaite's; null when neither group varies (the interval is then the lift itself). */
  degreesOfFreedom: number | null;
  /** CUPED's θ = cov(Y, X) / var(X) over both groups; 0 when X does not vary. */
  theta: number;
  /** The adjusted values' sample variances, for the power calculation. */
  exposedVariance: number;
  holdoutVariance: number;
  /** 1 − var(Y − θX) / var(Y) over both groups: the share of variance CUPED removed; null when Y does not vary. */
  varianceReduction: number | null;
  significance: LiftSignificance;
}

/** 95% intervals. */
export const liftConfidence = 0.95;

/**
 * Caps each value at the p-quantile (type 7) of all of them: the upper tail only, since one card's
 * £5,000 banquet should not decide a campaign's lift, while a low or negative spend is information.
 * Returns the capped copy and the cap.
 */
export function winsorise(values: ArrayLike<number>, p: number): { values: Float64Array; cap: number } {
  const sorted = Float64Array.from(values).sort();
  const cap = quantileOfSorted(sorted, p);
  const capped = Float64Array.from(values, (value) => Math.min(value, cap));
  return { values: capped, cap };
}

/** θ = cov(Y, X) / var(X) over every card; 0 when X does not vary (there is nothing to adjust by). */
export function cupedTheta(ys: ArrayLike<number>, xs: ArrayLike<number>): number {
  const varianceX = variance(xs);
  if (!(varianceX > 0)) return 0;
  return covariance(ys, xs) / varianceX;
}

/**
 * Welch–Satterthwaite degrees of freedom for two groups' variance terms a = s²_e/n_e and
 * b = s²_h/n_h: (a + b)² / (a²/(n_e − 1) + b²/(n_h − 1)). Null when both terms are 0.
 */
export function welchDegreesOfFreedom(
  exposedTerm: number,
  exposedCount: number,
  holdoutTerm: number,
  holdoutCount: number,
): number | null {
  const denominator =
    (exposedTerm * exposedTerm) / (exposedCount - 1) + (holdoutTerm * holdoutTerm) / (holdoutCount - 1);
  if (!(denominator > 0)) return null;
  return (exposedTerm + holdoutTerm) ** 2 / denominator;
}

/**
 * The CUPED-adjusted Welch difference of the outcome `ys` between the groups, the covariate `xs`
 * being each card's figure before the campaign. Each group needs at least two cards.
 *
 *   θ = cov(Y, X) / var(X)                 (both groups together)
 *   Y'ᵢ = Yᵢ − θ·(Xᵢ − X̄)                  (X̄ the mean of both groups)
 *   lift = Ȳ'_e − Ȳ'_h,  SE = √(s'²_e/n_e + s'²_h/n_h)
 *   interval = lift ± t_{0.975, ν} · SE,   ν by Welch–Satterthwaite
 *
 * θ is estimated from the same cards and then treated as known, as CUPED does: its own error
 * moves the variance by O(1/n).
 */
export function cupedWelchDifference(
  ys: ArrayLike<number>,
  xs: ArrayLike<number>,
  exposedCount: number,
): MeanDifference {
  const total = ys.length;
  const holdoutCount = total - exposedCount;
  if (xs.length !== total) throw new RangeError('lift: the outcome and the covariate differ in length');
  if (exposedCount < 2 || holdoutCount < 2) throw new RangeError('lift: each group needs two cards');
  const theta = cupedTheta(ys, xs);
  const meanX = mean(xs);
  const adjusted = Float64Array.from(ys, (y, at) => y - theta * (xs[at]! - meanX));
  const exposed = adjusted.subarray(0, exposedCount);
  const holdout = adjusted.subarray(exposedCount);
  const exposedMean = mean(exposed);
  const holdoutMean = mean(holdout);
  const exposedVariance = variance(exposed);
  const holdoutVariance = variance(holdout);
  const exposedTerm = exposedVariance / exposedCount;
  const holdoutTerm = holdoutVariance / holdoutCount;
  const standardError = Math.sqrt(exposedTerm + holdoutTerm);
  const degreesOfFreedom = welchDegreesOfFreedom(exposedTerm, exposedCount, holdoutTerm, holdoutCount);
  const lift = exposedMean - holdoutMean;
  const margin =
    degreesOfFreedom === null
      ? 0
      : studentTQuantile(1 - (1 - liftConfidence) / 2, degreesOfFreedom) * standardError;
  const low = lift - margin;
  const high = lift + margin;
  const varianceY = variance(ys);
  return {
    exposedMean,
    holdoutMean,
    lift,
    low,
    high,
    standardError,
    degreesOfFreedom,
    theta,
    exposedVariance,
    holdoutVariance,
    varianceReduction: varianceY > 0 ? 1 - variance(adjusted) / varianceY : null,
    significance: low > 0 || high < 0 ? 'significant' : 'notSignificant',
  };
}
