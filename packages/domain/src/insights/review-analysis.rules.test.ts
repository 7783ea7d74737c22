import { describe, expect, it } from 'vitest';
import { analyseReviewText, tokenise } from './review-analysis.rules';
import type { InsightAspect } from './insights.schema';

/** The aspects read in a text, as 'Food+', 'Service-', 'Ambiance+-' (both ways). */
function read(text: string): string[] {
  const { aspects } = analyseReviewText(text);
  return (Object.keys(aspects) as InsightAspect[])
    .filter((aspect) => aspects[aspect].positive + aspects[aspect].negative > 0)
    .map((aspect) => `${aspect}${aspects[aspect].positive ? '+' : ''}${aspects[aspect].negative ? '-' : ''}`);
}

describe('the rule-based review analyser (version 2)', () => {
  describe('dish and menu words name Food', () => {
    it.each([
      ['The soup was cold.', 'Food-'],
      ['The noodles were wonderful.', 'Food+'],
      ['The pizza base was crisp and the toppings generous.', 'Food+'],
      ['My steak was overcooked.', 'Food-'],
      ['Every dish was a delight.', 'Food+'],
      ['The chef is a genius, truly brilliant.', 'Food+'],
    ])('%s', (text, expected) => expect(read(text)).toEqual([expected]));
  });

  it('reads price words, including "affordable"', () => {
    expect(read('Very affordable.')).toEqual(['Price+']);
    expect(read('Great value for money.')).toEqual(['Price+']);
    expect(read('A total rip-off.')).toEqual(['Price-']);
  });

  it('reads service praise in plain words', () => {
    expect(read('The staff were quick and attentive.')).toEqual(['Service+']);
    expect(read('Quick and attentive.')).toEqual(['Service+']);
  });

  describe('idioms of degree and negation keep their sense', () => {
    it.each([
      ['The waiter could not have been more friendly.', 'Service+'],
      ['I have never had such a disappointing meal.', 'Food-'],
      ['The pasta was not bad at all.', 'Food+'],
      ['We hardly waited.', 'Service+'],
      ['The food was not good.', 'Food-'],
      ['Never had a better curry.', 'Food+'],
      ['The music was far too loud.', 'Ambiance-'],
    ])('%s', (text, expected) => expect(read(text)).toEqual([expected]));
  });

  describe('contrast: each clause is scored on its own', () => {
    it('one good and one bad Ambiance mention around "though"', () => {
      expect(analyseReviewText('Lovely view, though the music was far too loud.').aspects.Ambiance).toEqual({
        positive: 1,
        negative: 1,
      });
    });
    it.each([
      ['The pasta was delicious but the service was painfully slow.', ['Food+', 'Service-']],
      ['Although the food was great, the service let us down.', ['Food+', 'Service-']],
      ['Great pizza, yet the prices are silly.', ['Food+', 'Price-']],
      ['Everything was lovely except the dessert.', ['Food-']],
      ['The cocktails were pricey but delicious.', ['Food+', 'Price-']],
    ])('%s', (text, expected) => expect(read(text)).toEqual(expected));
  });

  it('gives a segment its own aspects: several aspects in one clause', () => {
    expect(read('Great food, friendly staff and fair prices.')).toEqual(['Food+', 'Price+', 'Service+']);
    expect(read('The steak was overcooked, the chips soggy and the waiter rude.')).toEqual([
      'Food-',
      'Service-',
    ]);
  });

  it('counts nothing for a text naming no aspect, and reads its overall sentiment', () => {
    expect(read('We went on a Tuesday.')).toEqual([]);
    expect(analyseReviewText('We went on a Tuesday.').sentiment).toBe(0);
    expect(
      analyseReviewText('Absolutely wonderful evening, we loved every minute.').sentiment,
    ).toBeGreaterThan(0.3);
    expect(analyseReviewText('Terrible. Awful experience, never again.').sentiment).toBeLessThan(-0.3);
  });

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
});
