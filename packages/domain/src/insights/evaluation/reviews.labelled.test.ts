import { describe, expect, it } from 'vitest';
import { analyseReviewText } from '../review-analysis.rules';
import { evaluateAnalyser } from './evaluate';
import { labelledReviews } from './reviews.labelled';

/**
 * The analyser's measured figures on the labelled set (docs/social-analytics.md 'Measured figures').
 * Targets: polarity accuracy ≥ 85 % and aspect detection ≥ 90 %. The whole set meets them. The
 * held-out part does not yet (75.8 % and 79.8 % when written): a hand-written lexicon misses words
 * it has not seen ('breathtaking', 'rickety'). Its test holds the measured level, so a change can
 * only raise it; raising it to the target is open work (decision 0111), and tuning on this part
 * would need a new one.
 */
describe('the review analyser on the labelled set', () => {
  const heldOut = labelledReviews.filter((sentence) => sentence.heldOut);

  it('is a set of at least 300 sentences, 100 of them held out, each labelled once', () => {
    expect(labelledReviews.length).toBeGreaterThanOrEqual(300);
    expect(heldOut.length).toBeGreaterThanOrEqual(100);
    expect(new Set(labelledReviews.map((sentence) => sentence.text)).size).toBe(labelledReviews.length);
    for (const sentence of labelledReviews) {
      expect(Object.keys(sentence.labels).length, sentence.text).toBeGreaterThan(0);
      for (const label of Object.values(sentence.labels)) {
        expect(['positive', 'negative', 'mixed'], sentence.text).toContain(label);
      }
    }
  });

  it('reads ≥ 85 % of the whole set’s labelled mentions at their polarity and detects ≥ 90 %', () => {
    const { overall } = evaluateAnalyser(analyseReviewText, labelledReviews);
    expect(overall.accuracy).toBeGreaterThanOrEqual(0.85);
    expect(overall.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('holds its measured level on the held-out part (target 85 % and 90 %, not yet met)', () => {
    const { overall } = evaluateAnalyser(analyseReviewText, heldOut);
    expect(overall.accuracy).toBeGreaterThanOrEqual(0.75);
    expect(overall.recall).toBeGreaterThanOrEqual(0.79);
  });
});
