import { seededRandom, type Random } from './prng.rules.ts';
import { mean, quantileOfSorted } from './statistics.rules.ts';

/**
 * The bootstrap of the lift's ratios (docs/decisions/0125, incrementality.md §Bootstrap): a ratio
 * such as iROAS or the relative lift has no simple standard error, so its interval comes from
 * resampling. Each resample draws, with replacement, as many exposed cards as there are from the
 * exposed group and as many held-out cards from the holdout (a stratified bootstrap: the groups'
 * sizes are fixed by the design), recomputes CUPED's θ on the resample (so θ's own error is in the
 * interval) and the statistics below; the interval is the 2.5th and 97.5th percentiles (type 7)
 * of the resamples. The draws come from a seeded xoshiro128**, exposed indices then holdout indices
 * for each resample in turn, so the same cards and seed give the same interval everywhere.
 */

/** The series the bootstrap reads, exposed cards first (winsorised; conversion 0 or 1). */
export interface BootstrapSeries {
  spend: Float64Array;
  converted: Float64Array;
  preSpend: Float64Array;
  exposedCount: number;
}

type ShiftedSeries = Omit<BootstrapSeries, 'exposedCount'>;

/** One resample's statistics. */
interface ResampleStatistics {
  /** CUPED-adjusted spend lift per card. */
  spendLift: number;
  /** CUPED-adjusted holdout mean spend. */
  holdoutSpend: number;
  /** CUPED-adjusted conversion-rate lift. */
  conversionLift: number;
}

/** Percentile intervals; a bound is null when some resample left the statistic undefined. */
export interface BootstrapIntervals {
  /** Spend lift per card over the holdout's adjusted spend per card. */
  relativeSpendLift: { low: number | null; high: number | null };
  /** Spend lift per card (pence, float). */
  spendLift: { low: number; high: number };
  /** Conversion-rate lift. */
  conversionLift: { low: number; high: number };
}

/** Sums of one group's resampled cards, each series shifted by a constant (see `statisticsOf`). */
interface GroupSums {
  count: number;
  x: number;
  y: number;
  c: number;
  xx: number;
  xy: number;
  xc: number;
}

/** Draws `count` cards with replacement from those at `offset` on, and sums them. */
function drawGroup(series: ShiftedSeries, offset: number, count: number, random: Random): GroupSums {
  const { spend, converted, preSpend } = series;
  // Plain local sums: the loop runs cards × resamples times.
  let x = 0;
  let y = 0;
  let c = 0;
  let xx = 0;
  let xy = 0;
  let xc = 0;
  for (let draw = 0; draw < count; draw += 1) {
    const at = offset + random.nextIndex(count);
    const pre = preSpend[at]!;
    const outcome = spend[at]!;
    const bought = converted[at]!;
    x += pre;
    y += outcome;
    c += bought;
    xx += pre * pre;
    xy += pre * outcome;
    xc += pre * bought;
  }
  return { count, x, y, c, xx, xy, xc };
}

/**
 * The statistics of a resample from its two groups' sums. The series were shifted by their means
 * over all cards before summing: covariances do not move with a shift, and sums of squares of pence
 * figures in the hundreds of thousands keep their digits.
 */
function statisticsOf(exposed: GroupSums, holdout: GroupSums, spendShift: number): ResampleStatistics {
  const n = exposed.count + holdout.count;
  const sx = exposed.x + holdout.x;
  const sy = exposed.y + holdout.y;
  const sc = exposed.c + holdout.c;
  const sxx = exposed.xx + holdout.xx - (sx * sx) / n;
  const thetaSpend = sxx > 0 ? (exposed.xy + holdout.xy - (sx * sy) / n) / sxx : 0;
  const thetaConversion = sxx > 0 ? (exposed.xc + holdout.xc - (sx * sc) / n) / sxx : 0;
  const exposedX = exposed.x / exposed.count;
  const holdoutX = holdout.x / holdout.count;
  const gapX = exposedX - holdoutX;
  return {
    spendLift: exposed.y / exposed.count - holdout.y / holdout.count - thetaSpend * gapX,
    holdoutSpend: holdout.y / holdout.count + spendShift - thetaSpend * (holdoutX - sx / n),
    conversionLift: exposed.c / exposed.count - holdout.c / holdout.count - thetaConversion * gapX,
  };
}

function percentileInterval(values: Float64Array): { low: number; high: number } {
  const sorted = values.sort();
  return { low: quantileOfSorted(sorted, 0.025), high: quantileOfSorted(sorted, 0.975) };
}

/** The bootstrap's percentile intervals over `resamples` resamples (at least 1) from `seed`. */
export function bootstrapLift(series: BootstrapSeries, seed: number, resamples: number): BootstrapIntervals {
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`bootstrap: resamples must be a whole number of at least 1, got ${resamples}`);
  }
  const { exposedCount } = series;
  const holdoutCount = series.spend.length - exposedCount;
  const spendShift = mean(series.spend);
  const preShift = mean(series.preSpend);
  const conversionShift = mean(series.converted);
  const spend = Float64Array.from(series.spend, (value) => value - spendShift);
  const converted = Float64Array.from(series.converted, (value) => value - conversionShift);
  const preSpend = Float64Array.from(series.preSpend, (value) => value - preShift);
  const shifted = { spend, converted, preSpend };
  const random = seededRandom(seed);
  const spendLifts = new Float64Array(resamples);
  const relativeLifts = new Float64Array(resamples);
  const conversionLifts = new Float64Array(resamples);
  let relativeDefined = true;
  for (let resample = 0; resample < resamples; resample += 1) {
    const exposed = drawGroup(shifted, 0, exposedCount, random);
    const holdout = drawGroup(shifted, exposedCount, holdoutCount, random);
    const statistics = statisticsOf(exposed, holdout, spendShift);
    spendLifts[resample] = statistics.spendLift;
    conversionLifts[resample] = statistics.conversionLift;
    if (statistics.holdoutSpend > 0) relativeLifts[resample] = statistics.spendLift / statistics.holdoutSpend;
    else relativeDefined = false;
  }
  const relative = percentileInterval(relativeLifts);
  return {
    relativeSpendLift: relativeDefined ? relative : { low: null, high: null },
    spendLift: percentileInterval(spendLifts),
    conversionLift: percentileInterval(conversionLifts),
  };
}
