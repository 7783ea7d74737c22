import { describe, expect, it } from 'vitest';
import {
  covariance,
  logGamma,
  mean,
  normalQuantile,
  quantile,
  regularizedIncompleteBeta,
  studentTCdf,
  studentTQuantile,
  variance,
} from './statistics.rules.ts';

// Reference figures below come from SciPy 1.17 (scipy.stats.t, scipy.special, numpy.quantile),
// computed apart from this code.

describe('descriptive statistics', () => {
  const values = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];

  it('gives the mean, the sample variance (n − 1) and the sample covariance', () => {
    expect(mean(values)).toBe(3.9);
    expect(variance(values)).toBeCloseTo(6.1, 12);
    expect(covariance(values, [...values].reverse())).toBeCloseTo(1.9888888888888883, 12);
    expect(variance([7])).toBeNaN();
  });

  it('keeps its digits on large figures with a small spread', () => {
    expect(variance([1e9 + 1, 1e9 + 2, 1e9 + 3])).toBe(1);
  });

  it('takes quantiles by linear interpolation (type 7, as NumPy and R do)', () => {
    expect(quantile(values, 0.99)).toBeCloseTo(8.73, 12);
    expect(quantile(values, 0.5)).toBe(3.5);
    expect(quantile(values, 0.25)).toBe(2.25);
    expect(quantile(values, 1)).toBe(9);
    expect(quantile(values, 0)).toBe(1);
  });
});

describe("Student's t and the normal distribution", () => {
  it('computes ln Γ and the regularised incomplete beta function', () => {
    expect(logGamma(0.5)).toBeCloseTo(0.5723649429247, 12);
    expect(logGamma(10.3)).toBeCloseTo(13.482036786138359, 11);
    expect(logGamma(1e5) / 1051287.7089736569).toBeCloseTo(1, 13);
    expect(regularizedIncompleteBeta(0.3, 2.5, 0.5)).toBeCloseTo(0.018927124071945658, 13);
    expect(regularizedIncompleteBeta(0.97, 50, 0.5)).toBeCloseTo(0.08169933372182264, 13);
  });

  it.each([
    [1, 0.141463028121509],
    [4.5, 0.047968908481043133],
    [17.3, 0.025344111511433762],
    [1000, 0.017989437155390985],
  ])('gives P(T ≤ −2.1) with %d degrees of freedom', (df, expected) => {
    expect(studentTCdf(-2.1, df)).toBeCloseTo(expected, 12);
    expect(studentTCdf(2.1, df)).toBeCloseTo(1 - expected, 12);
  });

  it.each([
    [1, 12.706204736174694, 63.656741162871526],
    [2, 4.302652729749462, 9.924843200918287],
    [3, 3.1824463052837078, 5.840909309733355],
    [4.5, 2.6589123472044034, 4.272823993011293],
    [10, 2.228138851986274, 3.16927267261695],
    [17.3, 2.1070320037534676, 2.892027641127293],
    [30, 2.0422724563012378, 2.7499956535672254],
    [100, 1.9839715185235518, 2.6258905214380173],
    [123456, 1.9599832002451867, 2.575869128418988],
    [2.2e6, 1.9599650628457417, 2.575831538345089],
  ])('gives the 97.5th and 99.5th percentiles of t with %d degrees of freedom', (df, p975, p995) => {
    // To 1e-8: up to 10^7 degrees of freedom the continued fraction's many terms cost a digit.
    expect(studentTQuantile(0.975, df)).toBeCloseTo(p975, 8);
    expect(studentTQuantile(0.995, df)).toBeCloseTo(p995, 8);
    expect(studentTQuantile(0.025, df)).toBeCloseTo(-p975, 8);
  });

  it('gives the normal quantiles (Acklam, to 1e-9)', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 8);
    expect(normalQuantile(0.3)).toBeCloseTo(-0.5244005127080409, 8);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 8);
    expect(studentTQuantile(0.975, 2e7)).toBeCloseTo(1.959963984540054, 8);
  });

  it('refuses probabilities outside (0, 1) and degrees of freedom of 0 or less', () => {
    expect(() => studentTQuantile(1, 10)).toThrow(RangeError);
    expect(() => studentTQuantile(0.5, 0)).toThrow(RangeError);
    expect(() => normalQuantile(0)).toThrow(RangeError);
  });
});
