import { describe, expect, it } from 'vitest';
import { analyseReviewText } from './review-analysis.rules';
import type { InsightAspect } from './insights.schema';

/** The aspects read in a text, as 'Food+', 'Service-', 'Ambiance+-' (both ways). */
function read(text: string): string[] {
  const { aspects } = analyseReviewText(text);
  return (Object.keys(aspects) as InsightAspect[])
    .filter((aspect) => aspects[aspect].positive + aspects[aspect].negative > 0)
    .map((aspect) => `${aspect}${aspects[aspect].positive ? '+' : ''}${aspects[aspect].negative ? '-' : ''}`);
}

describe('the rule-based review analyser (version 3)', () => {
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

  describe('words the review lexicon does not know weigh as the general opinion lexicon rates them', () => {
    it.each([
      ['The view was breathtaking.', ['Ambiance+']],
      ['The desserts were a triumph.', ['Food+']],
      ['Never have I been served such a sad sandwich.', ['Food-']],
      ['The staff seemed uninterested.', ['Service-']],
      ['The welcome was unremarkable.', ['Service-']],
    ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

    it('while a word of the review lexicon keeps its own weight ("brisk" is good in general use)', () => {
      expect(read('The waiter was brisk.')).toEqual(['Service-']);
    });
  });

  describe('idioms of service read as their sense', () => {
    it.each([
      ['The service was all over the place.', ['Service-']],
      ['The staff bent over backwards for us.', ['Service+']],
    ])('%s', (text, expected) => expect(read(text)).toEqual(expected));
  });

  describe('price and value words', () => {
    it.each([
      ['We were ripped off.', ['Price-']],
      ['Good value.', ['Price+']],
      ['Cheap and cheerful.', ['Price+']],
      ['The bill was huge.', ['Price-']],
      ['We were not charged for the coffee.', ['Price+']],
    ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

    it('a describing word names its aspect beside another aspect’s cue: "affordable and tasty"', () => {
      expect(read('Affordable and tasty.')).toEqual(['Food+', 'Price+']);
    });

    it('what follows "but" after a price says nothing more of the price', () => {
      expect(read('A pricey night but a memorable one.')).toEqual(['Price-']);
    });
  });

  describe('negation: "barely any", "hardly any", "not enough" make the missing thing a fault', () => {
    it.each([
      ['Barely any flavour in the soup.', ['Food-']],
      ['Hardly any staff on the floor.', ['Service-']],
      ['Not enough seating for a Saturday.', ['Ambiance-']],
      ['We would not go back for the food.', ['Food-']],
    ])('%s', (text, expected) => expect(read(text)).toEqual(expected));
  });

  describe('comparatives: what is compared with reads the other way', () => {
    it.each([
      ['The desserts are not as good as the mains.', ['Food+-']],
      ['The service was not as good as the food.', ['Food+', 'Service-']],
      ['The starters were better than the mains.', ['Food+-']],
      ['The staff were lovely, the food less so.', ['Food-', 'Service+']],
    ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

    it('a comparison with no aspect says nothing more: "friendlier than I expected"', () => {
      expect(read('The staff were friendlier than I expected.')).toEqual(['Service+']);
    });
  });

  describe('contrast on except, but, though, although and whereas', () => {
    it.each([
      ['Everything was lovely except the dessert.', ['Food-']],
      ['Great curry, but the naan was stale.', ['Food+-']],
      ['The steak was tender, though the chips were soggy.', ['Food+-']],
      ['Lovely garden, although the tables were wobbly.', ['Ambiance+-']],
      ['The room was lovely whereas the service was sloppy.', ['Ambiance+', 'Service-']],
    ])('%s', (text, expected) => expect(read(text)).toEqual(expected));
  });

  describe('an aside that reads the other way is mixed: "not bad, not great either"', () => {
    it.each([
      ['The coffee was not bad, not great either.', ['Food+-']],
      ['The room was lovely, a bit cold.', ['Ambiance+-']],
    ])('%s', (text, expected) => expect(read(text)).toEqual(expected));

    it('while one that agrees only adds to it: "friendly, not pushy"', () => {
      expect(analyseReviewText('The staff were friendly, not pushy.').aspects.Service).toEqual({
        positive: 1,
        negative: 0,
      });
    });
  });
});
