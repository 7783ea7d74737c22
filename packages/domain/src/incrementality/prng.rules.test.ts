import { describe, expect, it } from 'vitest';
import { nextNormal, seededRandom, xoshiro128StarStar } from './prng.rules.ts';
import { mean, variance } from './statistics.rules.ts';

describe('the seeded generator', () => {
  it('steps xoshiro128** as the reference C implementation does', () => {
    // The reference xoshiro128starstar.c, compiled and run from the state {1, 2, 3, 4}.
    const random = xoshiro128StarStar([1, 2, 3, 4]);
    const first = Array.from({ length: 6 }, () => random.nextUint32());
    expect(first).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492]);
  });

  it('draws the same sequence from the same seed and another from another seed', () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 5 }, () => random.nextUint32());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(43)).not.toEqual(draw(42));
    expect(draw(0).some((word) => word !== 0)).toBe(true);
  });

  it('draws uniform indices and floats, and normal draws with mean 0 and variance 1', () => {
    const random = seededRandom(7);
    const counts = new Array<number>(5).fill(0);
    for (let draw = 0; draw < 50_000; draw += 1) counts[random.nextIndex(5)]! += 1;
    // 10,000 expected in each (sd 89.4).
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
    const floats = Array.from({ length: 10_000 }, () => random.nextFloat());
    expect(Math.min(...floats)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...floats)).toBeLessThan(1);
    const normals = Array.from({ length: 40_000 }, () => nextNormal(random));
    expect(Math.abs(mean(normals))).toBeLessThan(0.02); // sd of the mean 0.005
    expect(Math.abs(variance(normals) - 1)).toBeLessThan(0.03); // sd of the variance 0.007
  });
});
