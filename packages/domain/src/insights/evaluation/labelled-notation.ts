import type { InsightAspect } from '../insights.schema';
import type { LabelledSentence, PolarityClass } from './evaluate';

/**
 * The labelled set's notation (reviews.labelled.ts): `'F+ S-'` = Food positive, Service negative;
 * F Food, P Price, A Ambiance, S Service; + positive, - negative, ~ mixed. Kinds: lexicon (dish,
 * drink, staff … words), negation, degree, idiom, contrast, comparative, mixed (several aspects),
 * plain. `d` writes a development sentence, `h` a held-out one.
 */

const letters: Record<string, InsightAspect> = { F: 'Food', P: 'Price', A: 'Ambiance', S: 'Service' };
const classes: Record<string, PolarityClass> = { '+': 'positive', '-': 'negative', '~': 'mixed' };

function sentence(heldOut: boolean, text: string, labels: string, kinds = 'plain'): LabelledSentence {
  return {
    text,
    labels: Object.fromEntries(
      labels.split(' ').map((label) => [letters[label[0]!]!, classes[label[1]!]!]),
    ) as LabelledSentence['labels'],
    kinds: kinds.split(' '),
    heldOut,
  };
}
export const d = (text: string, labels: string, kinds?: string) => sentence(false, text, labels, kinds);
export const h = (text: string, labels: string, kinds?: string) => sentence(true, text, labels, kinds);
