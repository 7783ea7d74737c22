/**
 * The dashboard's chart rules (spec 3 §9): doughnut colours, the branch distribution's
 * 'Others' slice, when the legend hides, and the value axis maximum. Pure, so the dashboard, the
 * campaign overview and the print report draw the same charts.
 */

export interface ChartPoint {
  label: string;
  value: number;
}

/** The doughnut's 11 fixed colours, in order; slices after the 11th get pastel colours. */
export const doughnutFixedColours = [
  '#1c7ed6',
  '#f76707',
  '#2f9e44',
  '#e03131',
  '#7048e8',
  '#0c8599',
  '#d6336c',
  '#f59f00',
  '#5c940d',
  '#495057',
  '#1864ab',
] as const;

/** Slices a distribution keeps before the rest merge into 'Others'. */
export const distributionSliceLimit = 10;
export const othersLabel = 'Others';

/** Labels longer than this, with more than `legendSliceLimit` slices, hide the legend. */
export const legendLabelLimit = 14;
export const legendSliceLimit = 3;

/** Headroom above the largest value on a value axis: 10%. */
export const axisHeadroom = 0.1;

const goldenAngle = 137.508;

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/**
 * The pastel colour of the n-th extra slice (n from 0). The spec picks pastels at random; ours are
 * spread round the colour wheel by the golden angle, so a chart keeps its colours between renders,
 * on screen and in print, and neighbouring slices still differ.
 */
export function pastelColour(index: number): string {
  return hslToHex((index * goldenAngle) % 360, 70, 80);
}

/** A colour for each of `count` slices: the 11 fixed colours, then pastels. */
export function doughnutColours(count: number): string[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) =>
    index < doughnutFixedColours.length
      ? doughnutFixedColours[index]!
      : pastelColour(index - doughnutFixedColours.length),
  );
}

/**
 * The branch distribution (spec 3 §9): the first 10 branches as they come (the server orders them
 * by revenue, largest first), the rest summed into one 'Others' slice. No 'Others' when nothing is left.
 */
export function withOthers(points: readonly ChartPoint[], limit = distributionSliceLimit): ChartPoint[] {
  if (points.length <= limit) return [...points];
  const kept = points.slice(0, limit);
  const rest = points.slice(limit).reduce((sum, point) => sum + point.value, 0);
  return [...kept, { label: othersLabel, value: rest }];
}

/** The legend hides when there are more than 3 slices and some label is over 14 characters. */
export function isLegendHidden(labels: readonly string[]): boolean {
  return labels.length > legendSliceLimit && labels.some((label) => label.length > legendLabelLimit);
}

/**
 * The value axis maximum: the largest value plus 10%, rounded up to a whole unit so ticks stay
 * readable. With no positive value the axis runs to 1, so an empty chart still draws.
 */
export function axisMaximum(values: readonly number[]): number {
  const largest = values.reduce((max, value) => (value > max ? value : max), 0);
  if (largest <= 0) return 1;
  // largest + largest × 10%, rounded to 9 places first so 50 × 1.1 stays 55, not 55.000…1.
  return Math.ceil(Number((largest + largest * axisHeadroom).toFixed(9)));
}

/** A doughnut's slices with their colours; slices of zero or less are left out (they draw nothing). */
export function doughnutSlices(points: readonly ChartPoint[]): (ChartPoint & { colour: string })[] {
  const shown = points.filter((point) => point.value > 0);
  const colours = doughnutColours(shown.length);
  return shown.map((point, index) => ({ ...point, colour: colours[index]! }));
}
