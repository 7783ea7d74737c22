import { insightAspects, type InsightAspect } from '../insights.schema';
import type { AspectCounts } from '../sentiment.rules';

/**
 * Measures a review analyser against the labelled set (reviews.labelled.ts): per aspect and
 * overall, how many labelled mentions it detects (aspect detection recall), how many it reads at
 * the labelled polarity (accuracy), and the macro-F1 over the polarity classes. The method is
 * docs/social-analytics.md 'Measuring the analyser'.
 *
 * A sentence's label gives each aspect it mentions one class: positive, negative, or mixed (the
 * sentence praises and faults it, 'lovely view, though the music was far too loud'). The analyser's
 * class for an aspect is read from its counts: positive mentions only → positive, negative only →
 * negative, both → mixed, none → not detected. A detected aspect the label does not name is a
 * false detection: it counts against precision (as a false positive of its class in F1), not
 * against accuracy or recall.
 */

export type PolarityClass = 'positive' | 'negative' | 'mixed';
export const polarityClasses: readonly PolarityClass[] = ['positive', 'negative', 'mixed'];

export interface LabelledSentence {
  text: string;
  labels: Partial<Record<InsightAspect, PolarityClass>>;
  /** What the sentence exercises: 'negation', 'contrast', 'idiom', 'comparative', 'degree', … */
  kinds: readonly string[];
  /** Written after the analyser was changed, never used to tune it. */
  heldOut: boolean;
}

export interface AspectScore {
  labelled: number;
  detected: number;
  correct: number;
  falseDetections: number;
  /** correct / labelled */
  accuracy: number;
  /** detected / labelled */
  recall: number;
  macroF1: number;
}

export interface Evaluation {
  sentences: number;
  perAspect: Record<InsightAspect, AspectScore>;
  overall: AspectScore;
  /** The sentences with a wrong or missed aspect: text, label, reading. */
  misses: {
    text: string;
    aspect: InsightAspect;
    label: PolarityClass | 'none';
    read: PolarityClass | 'none';
  }[];
}

export function classOf(counts: { positive: number; negative: number }): PolarityClass | 'none' {
  if (counts.positive > 0 && counts.negative > 0) return 'mixed';
  if (counts.positive > 0) return 'positive';
  if (counts.negative > 0) return 'negative';
  return 'none';
}

function f1(pairs: readonly { label: PolarityClass | 'none'; read: PolarityClass | 'none' }[]): number {
  const present = polarityClasses.filter((c) => pairs.some((pair) => pair.label === c || pair.read === c));
  if (present.length === 0) return 0;
  const scores = present.map((c) => {
    const truePositive = pairs.filter((pair) => pair.label === c && pair.read === c).length;
    const predicted = pairs.filter((pair) => pair.read === c).length;
    const actual = pairs.filter((pair) => pair.label === c).length;
    const precision = predicted ? truePositive / predicted : 0;
    const recall = actual ? truePositive / actual : 0;
    return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  });
  return scores.reduce((sum, score) => sum + score, 0) / scores.length;
}

function score(
  pairs: readonly { label: PolarityClass | 'none'; read: PolarityClass | 'none' }[],
): AspectScore {
  const labelled = pairs.filter((pair) => pair.label !== 'none');
  const detected = labelled.filter((pair) => pair.read !== 'none').length;
  const correct = labelled.filter((pair) => pair.read === pair.label).length;
  return {
    labelled: labelled.length,
    detected,
    correct,
    falseDetections: pairs.length - labelled.length,
    accuracy: labelled.length ? correct / labelled.length : 0,
    recall: labelled.length ? detected / labelled.length : 0,
    macroF1: f1(pairs),
  };
}

export function evaluateAnalyser(
  analyse: (text: string) => { aspects: AspectCounts },
  set: readonly LabelledSentence[],
): Evaluation {
  const pairsOf = Object.fromEntries(insightAspects.map((aspect) => [aspect, [] as Pair[]])) as Record<
    InsightAspect,
    Pair[]
  >;
  type Pair = { label: PolarityClass | 'none'; read: PolarityClass | 'none' };
  const misses: Evaluation['misses'] = [];
  for (const sentence of set) {
    const { aspects } = analyse(sentence.text);
    for (const aspect of insightAspects) {
      const label = sentence.labels[aspect] ?? 'none';
      const read = classOf(aspects[aspect]);
      if (label === 'none' && read === 'none') continue;
      pairsOf[aspect].push({ label, read });
      if (label !== 'none' && label !== read) misses.push({ text: sentence.text, aspect, label, read });
    }
  }
  const perAspect = Object.fromEntries(
    insightAspects.map((aspect) => [aspect, score(pairsOf[aspect])]),
  ) as Record<InsightAspect, AspectScore>;
  const overall = score(insightAspects.flatMap((aspect) => pairsOf[aspect]));
  // Overall macro-F1: the mean of the aspects' macro-F1s.
  overall.macroF1 =
    insightAspects.reduce((sum, aspect) => sum + perAspect[aspect].macroF1, 0) / insightAspects.length;
  return { sentences: set.length, perAspect, overall, misses };
}
