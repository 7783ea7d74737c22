import { insightAspects, type InsightAspect } from './insights.schema';
import { generalOpinionOf } from './opinion-lexicon';
import {
  aspectCues,
  aspectTermsByCategory,
  contrastConjunctions,
  degreeWords,
  describingCategories,
  excessWords,
  negators,
  opinionWords,
  scarcityBridges,
  unturnedAfterNegation,
} from './review-lexicon';
import { phrases } from './review-phrases';

/**
 * The review analyser's tokens and what each is (review-analysis.rules.ts step 1,
 * docs/social-analytics.md 'The analyser'): the aspects a word names as a noun or a cue, and its
 * opinion weight, from the review lexicon, else the general opinion lexicon.
 */

export interface Term {
  nouns: readonly InsightAspect[];
  /** Its nouns come only from categories of describing words ('affordable', 'rude'). */
  describes: boolean;
  cues: readonly InsightAspect[];
  weight: number;
}

const nounOf = new Map<string, InsightAspect[]>();
const namingWords = new Map<string, true>();
for (const aspect of insightAspects) {
  for (const [category, list] of Object.entries(aspectTermsByCategory[aspect])) {
    for (const word of list) {
      nounOf.set(word, [...new Set([...(nounOf.get(word) ?? []), aspect])]);
      if (!describingCategories.has(category)) namingWords.set(word, true);
    }
  }
}
const cueOf = new Map<string, InsightAspect[]>();
for (const aspect of insightAspects) {
  for (const word of aspectCues[aspect]) cueOf.set(word, [...(cueOf.get(word) ?? []), aspect]);
}

const phraseHeads = new Map<string, string[][]>();
for (const phrase of Object.keys(phrases)) {
  const parts = phrase.split(' ');
  phraseHeads.set(parts[0]!, [...(phraseHeads.get(parts[0]!) ?? []), parts]);
}
for (const list of phraseHeads.values()) list.sort((a, b) => b.length - a.length);

/** Looks a token up as written, then without a plural ending. */
function lookup<T>(map: ReadonlyMap<string, T> | Readonly<Record<string, T>>, token: string): T | undefined {
  const get = (key: string) =>
    map instanceof Map ? map.get(key) : Object.hasOwn(map, key) ? (map as Record<string, T>)[key] : undefined;
  let found = get(token);
  if (found === undefined && token.length > 3 && token.endsWith('s')) {
    found = get(token.slice(0, -1));
    if (found === undefined && token.endsWith('es')) found = get(token.slice(0, -2));
  }
  return found;
}

/** Words the rules read as something else: never given a weight by the general lexicon. */
const ruleWords: ReadonlySet<string> = new Set([
  ...Object.keys(degreeWords),
  ...negators,
  ...excessWords,
  ...unturnedAfterNegation,
  ...contrastConjunctions,
  ...scarcityBridges,
]);

/**
 * A word's opinion: the review lexicon's weight; else, for a word that names no aspect, the
 * general lexicon's (opinion-lexicon.ts); else 'un' + a word of good weight weighs as bad
 * ('unwelcome', 'uninterested', 'unremarkable').
 */
function weightOf(token: string, isNoun: boolean): number {
  const own = opinionWords[token];
  if (own !== undefined) return own;
  if (isNoun || ruleWords.has(token)) return 0;
  const general = generalOpinionOf(token);
  if (general !== undefined) return general;
  if (token.length > 5 && token.startsWith('un')) {
    const base = token.slice(2);
    const baseWeight = opinionWords[base] ?? generalOpinionOf(base) ?? 0;
    if (baseWeight > 0) return -Math.max(1, baseWeight);
  }
  return 0;
}

const termCache = new Map<string, Term>();
export function termOf(token: string): Term {
  let term = termCache.get(token);
  if (term) return term;
  const phrase = phrases[token.replaceAll('_', ' ')];
  if (phrase) term = { nouns: phrase.aspects ?? [], describes: false, cues: [], weight: phrase.weight ?? 0 };
  else {
    const nouns = lookup(nounOf, token) ?? [];
    term = {
      nouns,
      describes: nouns.length > 0 && lookup(namingWords, token) === undefined,
      cues: lookup(cueOf, token) ?? [],
      weight: weightOf(token, nouns.length > 0),
    };
  }
  if (termCache.size < 50_000) termCache.set(token, term);
  return term;
}

/** Lower-cased tokens; "n't" → 'not'; . ! ? ; and line ends → '.'; commas kept; phrases joined. */
export function tokenise(text: string): string[] {
  const raw =
    text
      .toLowerCase()
      .replaceAll('’', "'")
      .replace(/\bcan't\b|\bcannot\b/g, 'can not')
      .replace(/\bwon't\b/g, 'will not')
      .replace(/n't\b/g, ' not')
      .replace(/[\r\n]+/g, ' . ')
      .match(/[a-zà-ÿ0-9]+(?:['-][a-zà-ÿ]+)*|[.!?;]|,/g) ?? [];
  const tokens: string[] = [];
  for (let index = 0; index < raw.length; index += 1) {
    let token = raw[index]!;
    if (token === '!' || token === '?' || token === ';') token = '.';
    if (token.includes('-')) {
      // 'rip-off', 'top-notch' read as their phrase; other hyphenated words as their parts.
      const joined = token.replaceAll('-', ' ');
      if (phrases[joined]) {
        tokens.push(joined.replaceAll(' ', '_'));
        continue;
      }
      raw.splice(index, 1, ...token.split('-'));
      token = raw[index]!;
    }
    const candidates = phraseHeads.get(token);
    const match = candidates?.find((parts) => parts.every((part, offset) => raw[index + offset] === part));
    if (match) {
      tokens.push(match.join('_'));
      index += match.length - 1;
    } else {
      tokens.push(token);
    }
  }
  return tokens;
}
