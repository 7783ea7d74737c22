import { describe, expect, it } from 'vitest';
import {
  axisMaximum,
  doughnutColours,
  doughnutFixedColours,
  doughnutSlices,
  isLegendHidden,
  pastelColour,
  withOthers,
} from './chart.rules';

const points = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ label: `Branch ${index + 1}`, value: 100 - index }));

describe('doughnut colours', () => {
  it('uses the 11 fixed colours first, in order', () => {
    expect(doughnutColours(11)).toEqual([...doughnutFixedColours]);
    expect(doughnutColours(3)).toEqual(doughnutFixedColours.slice(0, 3));
  });

  it('gives slices after the 11th pastel colours that differ from each other and stay the same', () => {
    const colours = doughnutColours(15);
    expect(colours.slice(0, 11)).toEqual([...doughnutFixedColours]);
    const extra = colours.slice(11);
    expect(new Set(extra).size).toBe(4);
    expect(extra).toEqual(doughnutColours(15).slice(11));
    for (const colour of extra) {
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      // Pastel: every channel light.
      const channels = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
      expect(Math.min(...channels)).toBeGreaterThanOrEqual(0x80);
    }
    expect(pastelColour(0)).toBe(extra[0]);
  });

  it('answers no colours for no slices', () => {
    expect(doughnutColours(0)).toEqual([]);
  });

  it('leaves slices of zero out and colours the rest in order', () => {
    const slices = doughnutSlices([
      { label: 'A', value: 5 },
      { label: 'B', value: 0 },
      { label: 'C', value: 2 },
    ]);
    expect(slices).toEqual([
      { label: 'A', value: 5, colour: doughnutFixedColours[0] },
      { label: 'C', value: 2, colour: doughnutFixedColours[1] },
    ]);
  });
});

describe('branch distribution', () => {
  it('keeps 10 or fewer branches as they are', () => {
    expect(withOthers(points(10))).toEqual(points(10));
    expect(withOthers([])).toEqual([]);
  });

  it('keeps the first 10 branches and sums the rest into Others', () => {
    const result = withOthers(points(13));
    expect(result).toHaveLength(11);
    expect(result.slice(0, 10)).toEqual(points(10));
    expect(result[10]).toEqual({ label: 'Others', value: 90 + 89 + 88 });
  });
});

describe('legend', () => {
  it('hides only with more than 3 slices and a label over 14 characters', () => {
    const long = 'Fifteen chars!!';
    expect(long).toHaveLength(15);
    expect(isLegendHidden(['A', 'B', 'C', long])).toBe(true);
    expect(isLegendHidden(['A', 'B', long])).toBe(false);
    expect(isLegendHidden(['A', 'B', 'C', 'Fourteen chars'])).toBe(false);
    expect(isLegendHidden(['A', 'B', 'C', 'D', 'E'])).toBe(false);
  });
});

describe('axis maximum', () => {
  it('is the largest value plus 10%, rounded up', () => {
    expect(axisMaximum([10, 50, 20])).toBe(55);
    expect(axisMaximum([3])).toBe(4);
    expect(axisMaximum([1000])).toBe(1100);
  });

  it('is 1 when there is no positive value', () => {
    expect(axisMaximum([])).toBe(1);
    expect(axisMaximum([0, -5])).toBe(1);
  });
});
