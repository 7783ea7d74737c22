/**
 * The statistics lift needs (docs/decisions/0125, formulas in incrementality.md): means, sample
 * variances and covariances, the type-7 quantile, Student's t distribution (its CDF through the
 * regularised incomplete beta function, its quantile by inverting that CDF) and the normal
 * quantile. Pure and dependency-free so the domain package runs in the browser too.
 */

/** The arithmetic mean; NaN for no values. */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let at = 0; at < values.length; at += 1) sum += values[at]!;
  return sum / values.length;
}

/**
 * The sample covariance (denominator n − 1), computed about the means (two passes) so large pence
 * figures do not cancel away the digits that matter. NaN below two values.
 */
export function covariance(xs: ArrayLike<number>, ys: ArrayLike<number>): number {
  const n = xs.length;
  if (n !== ys.length) throw new RangeError('covariance: the two series differ in length');
  if (n < 2) return Number.NaN;
  const meanX = mean(xs);
  const meanY = mean(ys);
  let sum = 0;
  for (let at = 0; at < n; at += 1) sum += (xs[at]! - meanX) * (ys[at]! - meanY);
  return sum / (n - 1);
}

/** The sample variance (denominator n − 1); NaN below two values. */
export function variance(values: ArrayLike<number>): number {
  return covariance(values, values);
}

/**
 * The p-quantile of already sorted values, Hyndman and Fan's type 7 (R's and NumPy's default):
 * h = (n − 1)·p, the value at ⌊h⌋ plus (h − ⌊h⌋) of the step to the next one.
 */
export function quantileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile: p must be in [0, 1], got ${p}`);
  const h = (n - 1) * p;
  const below = Math.floor(h);
  const above = Math.min(below + 1, n - 1);
  return sorted[below]! + (h - below) * (sorted[above]! - sorted[below]!);
}

/** The p-quantile (type 7) of values in any order. */
export function quantile(values: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(values).sort();
  return quantileOfSorted(sorted, p);
}

/** Lanczos' coefficients for g = 7, n = 9 (relative error below 1e-15 for x > 0). */
const lanczos = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0, by the Lanczos approximation. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = lanczos[0]!;
  for (let at = 1; at < lanczos.length; at += 1) sum += lanczos[at]! / (z + at);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function, by the modified Lentz method. */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  const epsilon = 1e-15;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let result = d;
  for (let m = 1; m <= 10_000; m += 1) {
    const m2 = 2 * m;
    const even = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + even * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + even / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    result *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + odd * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + odd / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    result *= step;
    if (Math.abs(step - 1) < epsilon) return result;
  }
  return result;
}

/** The regularised incomplete beta function I_x(a, b), for a, b > 0 and x in [0, 1]. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges fast below (a + 1) / (a + b + 2); above it, use I_x(a,b) = 1 − I_{1−x}(b,a).
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with `df` > 0 degrees of freedom (any real df, as Welch's are). */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`t distribution: df must be positive, got ${df}`);
  if (t === 0) return 0.5;
  const tail = 0.5 * regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

/**
 * Beyond this many degrees of freedom the t quantile is the normal one: at 1e7 they differ by less
 * than 3e-7 (t ≈ z + (z³ + z)/(4·df)), and the incomplete beta's fraction would need thousands of
 * terms.
 */
export const normalApproximationDf = 1e7;

/**
 * The p-quantile of Student's t with `df` degrees of freedom: the t with studentTCdf(t, df) = p,
 * found by bisection on the CDF (monotone) to 1e-12. Above `normalApproximationDf`, the normal's.
 */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`t quantile: p must be in (0, 1), got ${p}`);
  if (!(df > 0)) throw new RangeError(`t quantile: df must be positive, got ${df}`);
  if (p === 0.5) return 0;
  if (df >= normalApproximationDf) return normalQuantile(p);
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let low = 0;
  let high = 1;
  while (studentTCdf(high, df) < p) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-12 * Math.max(1, high); step += 1) {
    const middle = (low + high) / 2;
    if (studentTCdf(middle, df) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** Acklam's rational approximation of the normal quantile (relative error below 1.2e-9). */
const acklamA = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
  2.506628277459239,
];
const acklamB = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
];
const acklamC = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const acklamD = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

function polynomial(coefficients: readonly number[], x: number): number {
  return coefficients.reduce((sum, coefficient) => sum * x + coefficient, 0);
}

/** The p-quantile of the standard normal distribution (Acklam's algorithm). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normal quantile: p must be in (0, 1), got ${p}`);
  const lowTail = 0.02425;
  if (p < lowTail) {
    const q = Math.sqrt(-2 * Math.log(p));
    return polynomial(acklamC, q) / (polynomial(acklamD, q) * q + 1);
  }
  if (p > 1 - lowTail) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (polynomial(acklamA, r) * q) / (polynomial(acklamB, r) * r + 1);
}
