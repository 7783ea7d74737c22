import { describe, expect, it } from 'vitest';
import { analyseReviewText } from '../review-analysis.rules';
import { evaluateAnalyser } from './evaluate';
import { labelledReviews } from './reviews.labelled';

/**
 * The analyser's measured figures on the labelled set (docs/social-analytics.md 'Measuring the
 * analyser', decision 0123). Targets: polarity accuracy ≥ 85 % and aspect detection ≥ 90 % on
 * sentences written after the analyser last changed. The development part (version 2's held-out
 * part now among it) meets them. The held-out part, written after version 3 was finished and
 * measured once, does not (71.9 % and 77.4 %): most of its misses are sentences with no opinion
 * word ('the food came out in under ten minutes', 'nobody asked'). Its test holds the measured
 * level, so a change can only raise it; reaching the target is open work, and tuning on this part
 * would need a new one.
 */
describe('the review analyser on the labelled set', () => {
  const development = labelledReviews.filter((sentence) => !sentence.heldOut);
  const heldOut = labelledReviews.filter((sentence) => sentence.heldOut);

  it('is a set of at least 500 sentences, 110 of them held out, each labelled once', () => {
    expect(labelledReviews.length).toBeGreaterThanOrEqual(500);
    expect(heldOut.length).toBeGreaterThanOrEqual(110);
    expect(new Set(labelledReviews.map((sentence) => sentence.text)).size).toBe(labelledReviews.length);
    for (const sentence of labelledReviews) {
      expect(Object.keys(sentence.labels).length, sentence.text).toBeGreaterThan(0);
      for (const label of Object.values(sentence.labels)) {
        expect(['positive', 'negative', 'mixed'], sentence.text).toContain(label);
      }
    }
  });

  it('reads ≥ 85 % of the development part’s labelled mentions at their polarity and detects ≥ 90 %', () => {
    const { overall } = evaluateAnalyser(analyseReviewText, development);
    expect(overall.accuracy).toBeGreaterThanOrEqual(0.85);
    expect(overall.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('holds its measured level on the held-out part (target 85 % and 90 %, not yet met)', () => {
    const { overall } = evaluateAnalyser(analyseReviewText, heldOut);
    expect(overall.accuracy).toBeGreaterThanOrEqual(0.71);
    expect(overall.recall).toBeGreaterThanOrEqual(0.77);
  });
});
