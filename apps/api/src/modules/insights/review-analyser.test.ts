import { describe, expect, it } from 'vitest';
import { analyseReviewText } from '@krowd/domain/insights/review-analysis.rules';
import {
  analyserVersion,
  analyserVersionV1,
  analyseReview,
  analyseReviewV1,
  reviewAnalysers,
} from './review-analyser.ts';

describe('analyseReview', () => {
  it('scores a glowing review positive and a scathing one negative', () => {
    expect(analyseReview('Absolutely wonderful evening, we loved every minute.').sentiment).toBeGreaterThan(
      0.3,
    );
    expect(analyseReview('Terrible. Awful experience, never again.').sentiment).toBeLessThan(-0.3);
  });

  it('counts a mention of each aspect at its own clause sentiment', () => {
    const { aspects } = analyseReview(
      'The pasta was delicious but the service was painfully slow. Lovely cosy atmosphere!',
    );
    expect(aspects.Food).toEqual({ positive: 1, negative: 0 });
    expect(aspects.Service).toEqual({ positive: 0, negative: 1 });
    expect(aspects.Ambiance).toEqual({ positive: 1, negative: 0 });
    expect(aspects.Price).toEqual({ positive: 0, negative: 0 });
  });

  it('reads negation: "not worth the money" is a negative price mention', () => {
    const { aspects } = analyseReview('Honestly the food was not good and the prices were not fair at all.');
    expect(aspects.Food.negative).toBe(1);
    expect(aspects.Price.negative).toBe(1);
  });

  it('counts nothing for a text naming no aspect', () => {
    const { aspects } = analyseReview('We went on a Tuesday.');
    expect(Object.values(aspects).every((counts) => counts.positive + counts.negative === 0)).toBe(true);
  });
});

describe('the analyser versions', () => {
  it('stores version 3, the rule-based analyser, under its own name', () => {
    const text = 'The soup was cold but the staff could not have been more friendly.';
    expect(analyseReview(text)).toEqual(analyseReviewText(text));
    expect(reviewAnalysers[analyserVersion]).toBe(analyseReview);
    expect(analyserVersion).toBe('rules-3');
    expect(analyserVersion).not.toBe(analyserVersionV1);
  });

  it('keeps version 1 as it was, for comparison: it read this idiom backwards', () => {
    const { aspects } = analyseReviewV1('The waiter could not have been more friendly.');
    expect(aspects.Service).toEqual({ positive: 0, negative: 1 });
    expect(reviewAnalysers[analyserVersionV1]).toBe(analyseReviewV1);
  });
});
