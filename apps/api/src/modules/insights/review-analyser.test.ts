import { describe, expect, it } from 'vitest';
import { analyseReview } from './review-analyser.ts';

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
