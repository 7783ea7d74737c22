import { describe, expect, it } from 'vitest';
import { termOf, tokenise } from './review-terms.rules';

describe('the review analyser’s tokens', () => {
  it('tokenises contractions, phrases and sentence ends', () => {
    expect(tokenise("Couldn't fault it! A rip-off, though.")).toEqual([
      'could',
      'not',
      'fault',
      'it',
      '.',
      'a',
      'rip_off',
      ',',
      'though',
      '.',
    ]);
  });

  it('weighs a word of the review lexicon by it, and an unknown one by the general opinion lexicon', () => {
    expect(termOf('lovely').weight).toBe(2);
    expect(termOf('breathtaking').weight).toBe(3);
    expect(termOf('triumph').weight).toBeCloseTo(2.4);
    expect(termOf('zzzword').weight).toBe(0);
  });

  it('gives no general weight to aspect nouns and to words the rules read ("super", "no")', () => {
    expect(termOf('welcome').weight).toBe(0);
    expect(termOf('super').weight).toBe(0);
    expect(termOf('no').weight).toBe(0);
  });

  it('weighs "un" before a good word as bad', () => {
    expect(termOf('unwelcoming').weight).toBeLessThan(0);
    expect(termOf('unremarkable').weight).toBeLessThan(0);
  });
});
