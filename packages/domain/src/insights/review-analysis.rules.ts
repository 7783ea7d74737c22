import { insightAspects, type InsightAspect } from './insights.schema';
import {
  aspectCues,
  aspectOpinions,
  aspectTermsByCategory,
  contrastConjunctions,
  degreeWords,
  exceptionWords,
  excessWeight,
  excessWords,
  leadingConjunctions,
  negatedWeight,
  negationReach,
  negators,
  opinionWords,
  phrases,
  unturnedAfterNegation,
} from './review-lexicon';
import { emptyAspectCounts, polarityOf, type AspectCounts } from './sentiment.rules';

/**
 * The rule-based review analyser, version 2 (docs/social-analytics.md 'The analyser',
 * docs/decisions/0111-rule-based-review-analyser.md). Plain functions over the hand-written
 * lexicon (review-lexicon.ts), so it reads the same everywhere and downloads nothing.
 *
 * 1. Tokens: lower-cased words ("n't" read as 'not'), sentence ends and commas kept; fixed phrases
 *    ('rip off', 'worth every penny') joined into one token.
 * 2. Sentences split at . ! ? ; and line ends; a sentence into clauses at contrast words (but,
 *    though, although, however, yet, whereas, except, while); a sentence opening with one
 *    ('Although …, …') closes its first clause at the first comma.
 * 3. A clause into segments at 'and' or a comma when what follows names an aspect by a noun or
 *    holds a verb of its own ('the food was great and the service slow'), not in 'quick and
 *    attentive'.
 * 4. Each segment's score: the sum of its opinion words' weights, each times the degree words
 *    before it ('far too', 'very'), turned by a negator up to four words before it unless a
 *    comparative or 'such' stands between ('not bad' good, 'could not have been more friendly'
 *    good, 'never had such a disappointing meal' bad).
 * 5. A segment's aspects: its aspect nouns, or, having none, its cues ('delicious' Food,
 *    'attentive' Service). A segment without aspects gives its score to the segment before it
 *    that has one; one with aspects but no score takes its clause's ('great food and service').
 * 6. Each clause counts one mention of each of its aspects, at the polarity of the aspect's score
 *    there (sentiment.rules polarityOf), so 'lovely view, though the music was far too loud' is one
 *    good and one bad Ambiance mention. A part after 'except' that says nothing takes the opposite
 *    of the part before it ('all lovely except the dessert').
 * Overall sentiment: the sum s of all clause scores, a clause after but/however/yet counting twice
 * and one introduced by though/although/while/whereas half, as s / √(s² + 15), in −1..1.
 */

export interface ReviewTextAnalysis {
  sentiment: number;
  aspects: AspectCounts;
}

interface Term {
  nouns: readonly InsightAspect[];
  cues: readonly InsightAspect[];
  weight: number;
}

const nounOf = new Map<string, InsightAspect[]>();
for (const aspect of insightAspects) {
  for (const list of Object.values(aspectTermsByCategory[aspect])) {
    for (const word of list) nounOf.set(word, [...new Set([...(nounOf.get(word) ?? []), aspect])]);
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

const termCache = new Map<string, Term>();
function termOf(token: string): Term {
  let term = termCache.get(token);
  if (term) return term;
  const phrase = phrases[token.replaceAll('_', ' ')];
  term = phrase
    ? { nouns: phrase.aspects ?? [], cues: [], weight: phrase.weight ?? 0 }
    : {
        nouns: lookup(nounOf, token) ?? [],
        cues: lookup(cueOf, token) ?? [],
        weight: opinionWords[token] ?? 0,
      };
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

const fillers = new Set(['a', 'the', 'of', 'much', 'far', 'way', 'bit']);
const verbs = new Set(
  'was were is are be been came arrived tasted looked felt seemed had took made got did kept'.split(' '),
);

interface Segment {
  aspects: InsightAspect[];
  score: TokenScore;
}

interface TokenScore {
  /** The opinions of words that are no aspect's term: for every aspect of the segment. */
  general: number;
  /** The opinions of words that are an aspect's term ('pricey', 'rude'): for that aspect only. */
  own: Map<InsightAspect, number>;
  total: number;
}

/** Scores a run of tokens with no clause or segment boundary inside (step 4). */
function scoreTokens(tokens: readonly string[], aspectsHere: ReadonlySet<InsightAspect>): TokenScore {
  const own = new Map<InsightAspect, number>();
  let general = 0;
  let total = 0;
  let degree = 1;
  let degreeAge = 0;
  let negatedAt = -99;
  let unturned = false;
  let excess = false;
  tokens.forEach((token, index) => {
    if (negators.has(token)) {
      negatedAt = index;
      unturned = false;
      return;
    }
    if (unturnedAfterNegation.has(token) && index - negatedAt <= negationReach) unturned = true;
    const term = termOf(token);
    let weight = term.weight;
    for (const aspect of aspectsHere) weight = aspectOpinions[aspect]?.[token] ?? weight;
    // After 'too': any word but a filler is a fault ('too salty', 'too hot', 'too good' aside).
    if (excess && weight >= 0 && !fillers.has(token) && degreeWords[token] === undefined) {
      weight = weight === 0 && term.nouns.length > 0 ? 0 : excessWeight;
    }
    if (weight !== 0) {
      let value = weight * degree * (excess && weight !== excessWeight ? 1.5 : 1);
      if (index - negatedAt <= negationReach && !unturned) value *= negatedWeight;
      total += value;
      const targets = [...new Set([...term.nouns, ...term.cues])].filter((aspect) => aspectsHere.has(aspect));
      if (targets.length === 0 || targets.length === aspectsHere.size) general += value;
      else for (const aspect of targets) own.set(aspect, (own.get(aspect) ?? 0) + value);
      degree = 1;
      excess = false;
      return;
    }
    if (excessWords.has(token)) {
      excess = true;
      degreeAge = 0;
      return;
    }
    const by = degreeWords[token];
    if (by !== undefined) {
      degree *= by;
      degreeAge = 0;
      return;
    }
    degreeAge += 1;
    if (degreeAge > 2) {
      degree = 1;
      excess = false;
    }
  });
  return { general, own, total };
}

function segmentAspects(tokens: readonly string[]): InsightAspect[] {
  const nouns = new Set<InsightAspect>();
  const cues = new Set<InsightAspect>();
  for (const token of tokens) {
    const term = termOf(token);
    for (const aspect of term.nouns) nouns.add(aspect);
    for (const aspect of term.cues) cues.add(aspect);
  }
  const chosen = nouns.size ? nouns : cues;
  return insightAspects.filter((aspect) => chosen.has(aspect));
}

/** Splits a clause into segments (step 3) and scores each; answers per-aspect scores and the total. */
function scoreClause(tokens: readonly string[]): { byAspect: Map<InsightAspect, number>; total: number } {
  const parts: string[][] = [[]];
  tokens.forEach((token, index) => {
    if (token === ',' || token === 'and') {
      const rest = tokens.slice(index + 1);
      const next = rest.slice(0, Math.max(1, rest.indexOf(',') === -1 ? rest.length : rest.indexOf(',')));
      if (next.some((word) => termOf(word).nouns.length > 0 || verbs.has(word))) {
        parts.push([]);
        return;
      }
      if (token === ',') return;
    }
    parts[parts.length - 1]!.push(token);
  });
  const segments: Segment[] = parts
    .filter((part) => part.length > 0)
    .map((part) => {
      const aspects = segmentAspects(part);
      return { aspects, score: scoreTokens(part, new Set(aspects)) };
    });
  const total = segments.reduce((sum, segment) => sum + segment.score.total, 0);
  // Scores of segments naming no aspect go to the one before that names one (else the first after).
  const owners = segments.filter((segment) => segment.aspects.length > 0);
  const byAspect = new Map<InsightAspect, number>();
  if (owners.length === 0) return { byAspect, total };
  const given = new Map<Segment, number>(owners.map((segment) => [segment, segment.score.general]));
  let owner: Segment | undefined;
  for (const segment of segments) {
    if (segment.aspects.length > 0) owner = segment;
    else {
      const to = owner ?? owners[0]!;
      given.set(to, given.get(to)! + segment.score.total);
    }
  }
  for (const segment of owners) {
    // A segment that says nothing itself takes its clause's opinion ('great food and service').
    const silent = given.get(segment)! === 0 && segment.score.own.size === 0;
    for (const aspect of segment.aspects) {
      const score = silent ? total : given.get(segment)! + (segment.score.own.get(aspect) ?? 0);
      byAspect.set(aspect, (byAspect.get(aspect) ?? 0) + score);
    }
  }
  return { byAspect, total };
}

const strongAfter = new Set(['but', 'however', 'yet']);
const weakAfter = new Set(['though', 'although', 'while', 'whilst', 'whereas', 'despite']);

/** Splits a sentence into clauses (step 2), each with the weight of step 6 and whether 'except' opened it. */
function clausesOf(sentence: readonly string[]) {
  const clauses: { tokens: string[]; weight: number; exception: boolean }[] = [];
  let current = { tokens: [] as string[], weight: 1, exception: false };
  const lead = leadingConjunctions.has(sentence[0] ?? '') && sentence.includes(',');
  if (lead) current = { tokens: [], weight: 0.5, exception: exceptionWords.has(sentence[0]!) };
  let leading = lead;
  sentence.forEach((token, index) => {
    if (index === 0 && lead) return;
    if (leading && token === ',') {
      clauses.push(current);
      current = { tokens: [], weight: 1, exception: false };
      leading = false;
      return;
    }
    if (contrastConjunctions.has(token) && !leading) {
      clauses.push(current);
      current = {
        tokens: [],
        weight: strongAfter.has(token) ? 2 : weakAfter.has(token) ? 0.5 : 1,
        exception: exceptionWords.has(token),
      };
      if (strongAfter.has(token) && clauses.length) {
        // What comes after 'but' outweighs what came before.
        clauses[clauses.length - 1]!.weight = Math.min(clauses[clauses.length - 1]!.weight, 1);
      }
      return;
    }
    current.tokens.push(token);
  });
  clauses.push(current);
  return clauses.filter((clause) => clause.tokens.length > 0);
}

/** Analyses one review's text: overall sentiment (−1..1, 3 decimals) and aspect mentions. */
export function analyseReviewText(text: string): ReviewTextAnalysis {
  const tokens = tokenise(text);
  const aspects = emptyAspectCounts();
  let overall = 0;
  let sentence: string[] = [];
  const finish = () => {
    if (sentence.length === 0) return;
    const scored = clausesOf(sentence).map((clause) => ({ clause, ...scoreClause(clause.tokens) }));
    scored.forEach(({ clause, byAspect, total }, index) => {
      let clauseTotal = total;
      if (byAspect.size === 0 && total !== 0 && index > 0) {
        // 'the staff were polite but clearly overworked': the part after the contrast word speaks
        // of the aspects of the part before.
        for (const aspect of scored[index - 1]!.byAspect.keys()) byAspect.set(aspect, total);
      }
      if (clause.exception && total === 0) {
        // 'all lovely except the dessert', 'apart from the noise, a great night'
        const other = index === 0 ? scored[1] : scored[index - 1];
        clauseTotal = -Math.sign(other?.total ?? 0) * 1.5;
        for (const aspect of byAspect.keys()) byAspect.set(aspect, clauseTotal);
      }
      overall += clauseTotal * clause.weight;
      for (const [aspect, score] of byAspect) {
        const polarity = polarityOf(score);
        if (polarity !== 0) aspects[aspect][polarity === 1 ? 'positive' : 'negative'] += 1;
      }
    });
    sentence = [];
  };
  for (const token of tokens) {
    if (token === '.') finish();
    else sentence.push(token);
  }
  finish();
  const sentiment = overall / Math.sqrt(overall * overall + 15);
  return { sentiment: Math.round(sentiment * 1000) / 1000, aspects };
}
