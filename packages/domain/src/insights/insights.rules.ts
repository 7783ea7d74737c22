import { TZDate } from '@date-fns/tz';
import {
  currentMonth,
  localToday,
  monthWindowOf,
  shiftMonth,
  type IsoMonth,
} from '../campaign/campaign-dates.rules';
import { defaultInsightRangeDays, insightAspects } from './insights.schema';
import type { AspectCounts } from './sentiment.rules';

/**
 * Social analytics' figures (brief §5, docs/social-analytics.md), pure. The text analysis itself
 * (sentence sentiment) runs in the API (modules/insights/review-analyser.ts, wink-nlp) with the
 * lexicon and clause rules of sentiment.rules.ts; everything after it — scores, net positives,
 * ranks, similarity, trends — is computed here from what it stored. The formulas are also written out
 * in docs/decisions/0027-social-analytics.md.
 */

/* ------------------------------------------------------------------ the Aggregate Score */

/** What the score reads of a review: its stars, its reviewer's standing, the analysed sentiment, its date. */
export interface ScoredReview {
  /** 1–5 stars. */
  rating: number;
  /** The reviewer's own standing 1–5 (a platform level), or null when the source gives none. */
  reviewerRating: number | null;
  /** The analyser's sentiment, −1..1. */
  sentiment: number;
  reviewedAt: Date;
}

/** Half-life of a review's weight, in days: a review a half-life old counts half as much as today's. */
export const recencyHalfLifeDays = 180;
/** The weight of the neutral prior (score 50) that few reviews are drawn towards (frequency). */
export const priorWeight = 2;
/** Share of the stars in a review's quality; the rest is its text's sentiment. */
export const ratingShare = 0.6;
/** Credibility of a review whose reviewer has no standing. */
export const unknownReviewerCredibility = 0.75;

const dayMs = 86_400_000;

/** A review's quality 0..1: 0.6 × (stars − 1) / 4 + 0.4 × (sentiment + 1) / 2. */
export function reviewQuality(review: Pick<ScoredReview, 'rating' | 'sentiment'>): number {
  const stars = (Math.min(5, Math.max(1, review.rating)) - 1) / 4;
  const text = (Math.min(1, Math.max(-1, review.sentiment)) + 1) / 2;
  return ratingShare * stars + (1 - ratingShare) * text;
}

/**
 * A review's weight: credibility × recency. Credibility 0.5 + 0.1 × reviewer standing (0.6 for
 * standing 1 to 1.0 for 5; 0.75 unknown); recency 0.5^(age in days ÷ 180), age counted to `asOf`.
 */
export function reviewWeight(
  review: Pick<ScoredReview, 'reviewerRating' | 'reviewedAt'>,
  asOf: Date,
): number {
  const credibility =
    review.reviewerRating === null
      ? unknownReviewerCredibility
      : 0.5 + 0.1 * Math.min(5, Math.max(0, review.reviewerRating));
  const ageDays = Math.max(0, (asOf.getTime() - review.reviewedAt.getTime()) / dayMs);
  return credibility * 0.5 ** (ageDays / recencyHalfLifeDays);
}

/**
 * The Aggregate Score 0–100 (one decimal) of a set of reviews as of a date:
 * 100 × (Σ weight × quality + 2 × 0.5) ÷ (Σ weight + 2). The prior of weight 2 at 0.5 is the
 * frequency term: a brand with two recent reviews moves little from 50, one with hundreds is
 * scored by them. Null without reviews.
 */
export function aggregateScore(reviews: readonly ScoredReview[], asOf: Date): number | null {
  return scoreOfSums(scoreSums(reviews, asOf));
}

/**
 * What the score needs of a set of reviews: how many, Σ weight × quality and Σ weight. Sums of
 * several sets add up, so the API has the database sum each venue's reviews (the same formula in
 * SQL, with the constants above) and combines venues into brands with `addScoreSums`.
 */
export interface ScoreSums {
  count: number;
  weighted: number;
  weights: number;
}

export function scoreSums(reviews: readonly ScoredReview[], asOf: Date): ScoreSums {
  let weighted = 0;
  let weights = 0;
  for (const review of reviews) {
    const weight = reviewWeight(review, asOf);
    weighted += weight * reviewQuality(review);
    weights += weight;
  }
  return { count: reviews.length, weighted, weights };
}

export function addScoreSums(all: readonly ScoreSums[]): ScoreSums {
  const sum = { count: 0, weighted: 0, weights: 0 };
  for (const one of all) {
    sum.count += one.count;
    sum.weighted += one.weighted;
    sum.weights += one.weights;
  }
  return sum;
}

/** The Aggregate Score of summed reviews: 100 × (weighted + 2 × 0.5) ÷ (weights + 2); null without reviews. */
export function scoreOfSums(sums: ScoreSums): number | null {
  if (sums.count === 0) return null;
  return roundTo1((100 * (sums.weighted + priorWeight * 0.5)) / (sums.weights + priorWeight));
}

export function roundTo1(value: number): number {
  return Math.round(value * 10 + Number.EPSILON) / 10;
}

/* ------------------------------------------------------------------ net positive, similarity */

/** Net Positive Reviews (the Trends line): positive minus negative mentions. */
export function netPositive(counts: { positive: number; negative: number }): number {
  return counts.positive - counts.negative;
}

/**
 * Net positive share −100..100 (radars, scatter): 100 × (positive − negative) ÷ (positive +
 * negative), one decimal; 0 without mentions. A share, so brands of different sizes compare.
 */
export function netPositiveShare(counts: { positive: number; negative: number }): number {
  const total = counts.positive + counts.negative;
  return total === 0 ? 0 : roundTo1((100 * (counts.positive - counts.negative)) / total);
}

/**
 * An entity's aspect distribution: its 8 mention counts (Food+, Food−, Price+, …, Service−) as
 * shares of their total; null without mentions.
 */
export function aspectDistribution(counts: AspectCounts): number[] | null {
  const bins = insightAspects.flatMap((aspect) => [counts[aspect].positive, counts[aspect].negative]);
  const total = bins.reduce((sum, value) => sum + value, 0);
  return total === 0 ? null : bins.map((value) => value / total);
}

/**
 * Jensen–Shannon distance between two distributions: √JSD with base-2 logarithms, so 0 for the
 * same distribution and 1 for distributions with nothing in common.
 */
export function jensenShannonDistance(p: readonly number[], q: readonly number[]): number {
  let divergence = 0;
  for (let index = 0; index < p.length; index += 1) {
    const pi = p[index]!;
    const qi = q[index]!;
    const mi = (pi + qi) / 2;
    if (pi > 0) divergence += 0.5 * pi * Math.log2(pi / mi);
    if (qi > 0) divergence += 0.5 * qi * Math.log2(qi / mi);
  }
  return Math.sqrt(Math.min(1, Math.max(0, divergence)));
}

/** Similarity 0–100 (one decimal): 100 × (1 − Jensen–Shannon distance of the aspect distributions). */
export function similarityOf(a: AspectCounts, b: AspectCounts): number | null {
  const p = aspectDistribution(a);
  const q = aspectDistribution(b);
  if (!p || !q) return null;
  return roundTo1(100 * (1 - jensenShannonDistance(p, q)));
}

/* ------------------------------------------------------------------ ranks */

/**
 * The rank of `id` among scored entities, best score first, ties sharing a rank (1, 2, 2, 4);
 * entities without a score are not ranked. Null when `id` has no score.
 */
export function rankOf(
  entities: readonly { id: string; score: number | null }[],
  id: string,
): { rank: number; outOf: number } | null {
  const scored = entities.filter((entity): entity is { id: string; score: number } => entity.score !== null);
  const own = scored.find((entity) => entity.id === id);
  if (!own) return null;
  return { rank: 1 + scored.filter((entity) => entity.score > own.score).length, outOf: scored.length };
}

/* ------------------------------------------------------------------ months */

/** The calendar months (timezone setting) a window touches, oldest first: the trend charts' points. */
export function monthsOfWindow(window: { from: Date; to: Date }, timeZone: string): IsoMonth[] {
  // Both ends are excluded (datePayload's $gt and $lt): the window's first and last instants.
  const last = currentMonth(new Date(window.to.getTime() - 1), timeZone);
  const months: IsoMonth[] = [];
  const first = currentMonth(new Date(window.from.getTime() + 1), timeZone);
  for (let month = first; month <= last; month = shiftMonth(month, 1)) {
    months.push(month);
  }
  return months;
}

/** The month (timezone setting) an instant falls in. */
export function monthOfInstant(instant: Date, timeZone: string): IsoMonth {
  return currentMonth(instant, timeZone);
}

/** The instant a month ends (its last millisecond), for scoring the month as of its end. */
export function monthEnd(month: IsoMonth, timeZone: string): Date {
  return new Date(monthWindowOf(month, timeZone).closingTime);
}

/** Spec 3 §2.7, §9: 'A 13-point series drops its last 3 points'. */
export const trimmedSeriesLength = 13;
export const trimmedPoints = 3;

/** A trend series as shown: a 13-point series drops its last 3 points (spec 3 §2.7, §9); others stay. */
export function trendSeriesShown<Point>(points: readonly Point[]): Point[] {
  return points.length === trimmedSeriesLength ? points.slice(0, -trimmedPoints) : [...points];
}

/**
 * The window of whole days `fromdate`..`todate` (yyyy-MM-dd, both inclusive) in the timezone: from
 * just before the first day's midnight to the midnight after the last day (both ends excluded).
 */
export function dayWindow(fromdate: string, todate: string, timeZone: string): { from: Date; to: Date } {
  const midnight = (date: string, addDays: number) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return new TZDate(year, month - 1, day + addDays, timeZone).getTime();
  };
  return { from: new Date(midnight(fromdate, 0) - 1), to: new Date(midnight(todate, 1)) };
}

/** The default window: the last 360 days to `now` (spec 3 §4: 12 months is 360 days). */
export function defaultWindow(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - defaultInsightRangeDays * dayMs), to: now };
}

/** The teaser's month: the month before this one in the timezone setting ('YYYY-MM'). */
export function teaserMonth(now: Date, timeZone: string): IsoMonth {
  return shiftMonth(currentMonth(now, timeZone), -1);
}

/** 1 January of this year in the timezone setting, the start of Revenue YTD ('YYYY-MM-DD'). */
export function yearStart(now: Date, timeZone: string): string {
  return `${localToday(now, timeZone).slice(0, 4)}-01-01`;
}
