import { describe, expect, it } from 'vitest';
import { generalOpinionOf } from './opinion-lexicon';

describe('the general opinion lexicon (AFINN-165)', () => {
  it('scales its ratings of −5..5 to the review lexicon’s 1–3', () => {
    expect(generalOpinionOf('breathtaking')).toBe(3);
    expect(generalOpinionOf('triumph')).toBeCloseTo(2.4);
    expect(generalOpinionOf('sad')).toBeCloseTo(-1.2);
  });

  it('leaves out words whose sense in a review is not the general one', () => {
    expect(generalOpinionOf('like')).toBeUndefined();
    expect(generalOpinionOf('free')).toBeUndefined();
    expect(generalOpinionOf('crushed')).toBeUndefined();
  });

  it('has no weight for a word it does not rate, nor for an entry of several words', () => {
    expect(generalOpinionOf('rickety')).toBeUndefined();
    expect(generalOpinionOf('kind of')).toBeUndefined();
    expect(generalOpinionOf('constructor')).toBeUndefined();
  });
});
