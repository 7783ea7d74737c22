import { insightAspects, type InsightAspect } from './insights.schema';

/**
 * The positive and negative mentions per aspect stored beside each review, with the threshold
 * that makes a clause's score a mention (both analyser versions), and version 1's aspect lexicon
 * and contrast words (the wink-nlp analyser, `analyseReviewV1` in apps/api
 * modules/insights/review-analyser.ts, kept for comparison). The rule-based analyser's lexicon
 * is review-lexicon.ts (docs/social-analytics.md 'The analyser').
 */

/**
 * Version 1's aspect lexicon ('lexicon-1'; unchanged, so version 1 reads as it did): a clause mentions an aspect when one of its tokens (lower-cased, as the
 * analyser normalises them) is one of these words. Chosen from restaurant reviews' usual words;
 * plural forms are listed because the analyser matches normalised tokens, not lemmas of nouns.
 */
export const aspectLexicon: Record<InsightAspect, readonly string[]> = {
  Food: [
    'food',
    'dish',
    'dishes',
    'meal',
    'meals',
    'menu',
    'taste',
    'tasty',
    'flavour',
    'flavor',
    'flavours',
    'flavors',
    'portion',
    'portions',
    'pizza',
    'pizzas',
    'pasta',
    'burger',
    'burgers',
    'steak',
    'fish',
    'chips',
    'salad',
    'dessert',
    'desserts',
    'starter',
    'starters',
    'bread',
    'cake',
    'cakes',
    'coffee',
    'breakfast',
    'lunch',
    'dinner',
    'curry',
    'sauce',
    'chicken',
    'seafood',
    'pastry',
    'pastries',
    'crust',
    'cooked',
    'fresh',
    'brunch',
    'cocktail',
    'cocktails',
    'wine',
    'drinks',
  ],
  Price: [
    'price',
    'prices',
    'priced',
    'value',
    'expensive',
    'cheap',
    'affordable',
    'overpriced',
    'cost',
    'costs',
    'bill',
    'money',
    'pricey',
    'bargain',
    'reasonable',
    'pounds',
    'charge',
    'charged',
    'deal',
    'worth',
  ],
  Ambiance: [
    'ambiance',
    'ambience',
    'atmosphere',
    'decor',
    'décor',
    'music',
    'noisy',
    'noise',
    'loud',
    'quiet',
    'cozy',
    'cosy',
    'interior',
    'room',
    'seating',
    'lighting',
    'vibe',
    'setting',
    'view',
    'terrace',
    'clean',
    'dirty',
    'crowded',
    'space',
    'tables',
  ],
  Service: [
    'service',
    'staff',
    'waiter',
    'waiters',
    'waitress',
    'waitresses',
    'server',
    'servers',
    'manager',
    'host',
    'hostess',
    'friendly',
    'rude',
    'attentive',
    'wait',
    'waited',
    'waiting',
    'served',
    'welcome',
    'welcoming',
    'booking',
    'reservation',
    'team',
    'slow',
    'helpful',
    'polite',
  ],
};

const aspectOfWord = new Map<string, InsightAspect[]>();
for (const aspect of insightAspects) {
  for (const word of aspectLexicon[aspect])
    aspectOfWord.set(word, [...(aspectOfWord.get(word) ?? []), aspect]);
}

/** The aspects a clause's normalised tokens mention, in the charts' order. */
export function aspectsMentioned(tokens: readonly string[]): InsightAspect[] {
  const found = new Set<InsightAspect>();
  for (const token of tokens) for (const aspect of aspectOfWord.get(token) ?? []) found.add(aspect);
  return insightAspects.filter((aspect) => found.has(aspect));
}

/**
 * Words that turn a sentence ('The pasta was lovely but the service was slow') into clauses with
 * sentiments of their own: the analyser scores each clause of a sentence that has one of these.
 */
export const contrastWords: ReadonlySet<string> = new Set([
  'but',
  'however',
  'although',
  'though',
  'yet',
  'whereas',
]);

/** A clause counts as a positive (negative) mention when its sentiment is above (below) ± this. */
export const mentionThreshold = 0.05;

/** 1 positive, −1 negative, 0 neutral. */
export function polarityOf(sentiment: number): 1 | -1 | 0 {
  if (sentiment > mentionThreshold) return 1;
  if (sentiment < -mentionThreshold) return -1;
  return 0;
}

/** Positive and negative mentions of each aspect, as stored beside each review. */
export type AspectCounts = Record<InsightAspect, { positive: number; negative: number }>;

export function emptyAspectCounts(): AspectCounts {
  return {
    Food: { positive: 0, negative: 0 },
    Price: { positive: 0, negative: 0 },
    Ambiance: { positive: 0, negative: 0 },
    Service: { positive: 0, negative: 0 },
  };
}

/** Adds one clause's mentions (its aspects, at its sentiment's polarity) to the counts. */
export function countMentions(
  counts: AspectCounts,
  aspects: readonly InsightAspect[],
  sentiment: number,
): void {
  const polarity = polarityOf(sentiment);
  if (polarity === 0) return;
  for (const aspect of aspects) counts[aspect][polarity === 1 ? 'positive' : 'negative'] += 1;
}

/** Adds mention counts together. */
export function sumAspectCounts(all: readonly AspectCounts[]): AspectCounts {
  const sum = emptyAspectCounts();
  for (const counts of all) {
    for (const aspect of insightAspects) {
      sum[aspect].positive += counts[aspect].positive;
      sum[aspect].negative += counts[aspect].negative;
    }
  }
  return sum;
}
