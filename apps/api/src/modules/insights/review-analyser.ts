import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItemSentence } from 'wink-nlp';
import { analyseReviewText } from '@krowd/domain/insights/review-analysis.rules';
import {
  aspectsMentioned,
  contrastWords,
  countMentions,
  emptyAspectCounts,
  type AspectCounts,
} from '@krowd/domain/insights/sentiment.rules';

/**
 * The text-analysis step of social analytics (brief §5, docs/social-analytics.md 'The analyser').
 *
 * Version 3 (`analyseReview`, stored as `analyserVersion`): the rule-based analyser of
 * packages/domain insights/review-analysis.rules.ts, its lexicon by category, clause splitting,
 * negation and degree scope (decision 0111), with a general opinion lexicon as the fallback weight
 * of words its own does not know and rules for scarcity, comparisons and asides (decision 0123).
 * Changing the version makes the re-analysis job (reviews.service.ts) re-read every stored review
 * whose version differs: reviews stored under version 2 (`rules-2`, the same rules without the
 * fallback) are re-read by it; version 2 itself is no longer runnable.
 *
 * Version 1 (`analyseReviewV1`, `analyserVersionV1`) stays, unchanged, so the bench can measure
 * it beside version 3 on the labelled set and figures stored under it can be reproduced.
 *
 * Version 1: wink-nlp with its English lite web model,
 * both plain JavaScript whose model ships inside the npm package (nothing is downloaded at run
 * time). The model is loaded once, on the first review analysed.
 *
 * Per review: the overall sentiment (wink's document sentiment, −1..1) and, per aspect, the
 * positive and negative mentions. A mention is a clause naming a word of the aspect lexicon
 * (sentiment.rules), at that clause's sentiment: a sentence is one clause, unless it holds a
 * contrast word ('but', 'however', …), when each part around it is read and scored on its own,
 * so 'the pasta was lovely but the service was slow' is Food positive and Service negative.
 */

/** Stored beside every review; a change of lexicon, clause rule or model bumps it. */
export const analyserVersion = 'rules-3';
/** Version 1's name, as stored by reviews it analysed. */
export const analyserVersionV1 = 'wink-eng-lite-web-1.8-lexicon-1';

export interface ReviewAnalysis {
  sentiment: number;
  aspects: AspectCounts;
}

type Nlp = ReturnType<typeof winkNLP>;
let loaded: Nlp | null = null;

function nlp(): Nlp {
  loaded ??= winkNLP(model, ['sbd', 'negation', 'sentiment']);
  return loaded;
}

function scoreClause(text: string, counts: AspectCounts): void {
  const engine = nlp();
  const doc = engine.readDoc(text);
  countMentions(
    counts,
    aspectsMentioned(doc.tokens().out(engine.its.normal)),
    Number(doc.out(engine.its.sentiment)),
  );
}

/** Version 3: the analysis stored with every review from now on. */
export function analyseReview(text: string): ReviewAnalysis {
  return analyseReviewText(text);
}

/** Every analyser version still runnable, by its stored name. */
export const reviewAnalysers: Record<string, (text: string) => ReviewAnalysis> = {
  [analyserVersionV1]: analyseReviewV1,
  [analyserVersion]: analyseReview,
};

/** Version 1 (wink-nlp sentence sentiment, lexicon 1), kept for comparison and reproduction. */
export function analyseReviewV1(text: string): ReviewAnalysis {
  const engine = nlp();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const aspects = emptyAspectCounts();
  doc.sentences().each((sentence: ItemSentence) => {
    const tokens = sentence.tokens().out(its.normal);
    const mentioned = aspectsMentioned(tokens);
    if (mentioned.length === 0) return;
    if (!tokens.some((token: string) => contrastWords.has(token))) {
      countMentions(aspects, mentioned, Number(sentence.out(its.sentiment)));
      return;
    }
    // Split the sentence's original words at each contrast word and score the parts apart.
    const words = sentence.tokens().out();
    let part: string[] = [];
    words.forEach((word: string, index: number) => {
      if (contrastWords.has(tokens[index]!)) {
        if (part.length) scoreClause(part.join(' '), aspects);
        part = [];
      } else {
        part.push(word);
      }
    });
    if (part.length) scoreClause(part.join(' '), aspects);
  });
  const sentiment = Math.max(-1, Math.min(1, Number(doc.out(its.sentiment))));
  return { sentiment: Math.round(sentiment * 1000) / 1000, aspects };
}
