import { describe, expect, it } from 'vitest';
import {
  defaultHoldoutShareBasisPoints,
  holdoutBucket,
  holdoutHashInput,
  isHeldOut,
  isHoldoutShare,
  percentToBasisPoints,
  type HoldoutKey,
} from './holdout.rules.ts';

const key = (cardToken: string, month = '2026-12'): HoldoutKey => ({
  publisherId: 'pub-1',
  cardToken,
  brandId: 'brand-7',
  month,
});

/** Synthetic card tokens, one per index. */
const tokens = (count: number) => Array.from({ length: count }, (_, at) => `card-${at.toString(36)}`);

describe('holdout assignment', () => {
  it('hashes the version and the four values as a JSON array of UTF-8 text', () => {
    const text = new TextDecoder().decode(holdoutHashInput(key('tok_4242')));
    expect(text).toBe('["krowd-holdout-v1","pub-1","tok_4242","brand-7","2026-12"]');
  });

  // Expected buckets computed apart from this code, with node:crypto's SHA-256 (first 8 bytes
  // big-endian, modulo 10,000): a changed hash or byte order fails here, before it moves any card.
  it.each([
    [key('tok_4242'), 6080],
    [key('tok_4242', '2027-01'), 7374],
    [{ publisherId: 'ATR', cardToken: 'card-000001', brandId: 'b1', month: '2026-01' }, 1873],
    [{ publisherId: 'Banque Société', cardToken: 'tok"|x', brandId: 'brand-7', month: '2026-12' }, 476],
    [key('tok_5'), 187],
  ])('gives %j the bucket %i, as SHA-256 computed elsewhere does', (holdoutKey, bucket) => {
    expect(holdoutBucket(holdoutKey)).toBe(bucket);
  });

  it('holds a card out when its bucket is below the share, and none at a share of 0', () => {
    expect(isHeldOut(key('tok_5'), 1_000)).toBe(true); // bucket 187
    expect(isHeldOut(key('tok_5'), 187)).toBe(false);
    expect(isHeldOut(key('tok_5'), 188)).toBe(true);
    expect(isHeldOut(key('tok_4242'), 1_000)).toBe(false); // bucket 6080
    expect(isHeldOut(key('tok_5'), 0)).toBe(false);
  });

  it('gives the same answer every time for the same card, brand, publisher and month', () => {
    const first = tokens(500).map((token) => holdoutBucket(key(token)));
    const second = tokens(500).map((token) => holdoutBucket(key(token)));
    expect(second).toEqual(first);
  });

  it('holds out 10% of 100,000 cards to within four standard deviations', () => {
    // Binomial(100,000, 0.1): mean 10,000, standard deviation 94.9; ±380 fails once in 15,000 draws.
    const held = tokens(100_000).filter((token) => isHeldOut(key(token), defaultHoldoutShareBasisPoints));
    expect(held.length).toBeGreaterThan(9_620);
    expect(held.length).toBeLessThan(10_380);
  }, 60_000);

  it('spreads buckets evenly: each tenth of the range holds a tenth of 100,000 cards', () => {
    const deciles = new Array<number>(10).fill(0);
    for (const token of tokens(100_000)) {
      const bucket = holdoutBucket(key(token));
      deciles[Math.floor(bucket / 1_000)]! += 1;
    }
    // χ² with 9 degrees of freedom: 27.9 is its 99.9th percentile.
    const chiSquare = deciles.reduce((sum, count) => sum + (count - 10_000) ** 2 / 10_000, 0);
    expect(chiSquare).toBeLessThan(27.9);
  }, 60_000);

  it('assigns each month afresh: being held out one month says nothing of the next', () => {
    const cards = tokens(100_000);
    const december = cards.map((token) => isHeldOut(key(token, '2026-12'), 1_000));
    const january = cards.map((token) => isHeldOut(key(token, '2027-01'), 1_000));
    const both = december.filter((held, at) => held && january[at]).length;
    // Independent months: 100,000 × 0.1 × 0.1 = 1,000 in both (sd 31.5); the same rule in both
    // months would put 10,000 there.
    expect(both).toBeGreaterThan(1_000 - 4 * 31.5);
    expect(both).toBeLessThan(1_000 + 4 * 31.5);
  }, 60_000);

  it('assigns per brand and per publisher too', () => {
    const cards = tokens(20_000);
    const brandA = cards.map((token) => isHeldOut(key(token), 1_000));
    const brandB = cards.map((token) => isHeldOut({ ...key(token), brandId: 'brand-8' }, 1_000));
    const publisherB = cards.map((token) => isHeldOut({ ...key(token), publisherId: 'pub-2' }, 1_000));
    // 20,000 × 0.01 = 200 expected in both (sd 14.1).
    const inBoth = (other: boolean[]) => brandA.filter((held, at) => held && other[at]).length;
    expect(inBoth(brandB)).toBeGreaterThan(200 - 4 * 14.1);
    expect(inBoth(brandB)).toBeLessThan(200 + 4 * 14.1);
    expect(inBoth(publisherB)).toBeGreaterThan(200 - 4 * 14.1);
    expect(inBoth(publisherB)).toBeLessThan(200 + 4 * 14.1);
  }, 60_000);

  it('nests the holdouts of two shares: every card held out at 5% is held out at 10%', () => {
    const cards = tokens(5_000);
    const atFive = cards.filter((token) => isHeldOut(key(token), 500));
    expect(atFive.length).toBeGreaterThan(0);
    expect(atFive.every((token) => isHeldOut(key(token), 1_000))).toBe(true);
  });

  it('keeps ids apart that a plain separator would join: JSON quotes them', () => {
    const joined = { publisherId: 'a|b', cardToken: 'c', brandId: 'b', month: '2026-12' };
    const split = { publisherId: 'a', cardToken: 'b|c', brandId: 'b', month: '2026-12' };
    expect(holdoutHashInput(joined)).not.toEqual(holdoutHashInput(split));
  });

  it('refuses a month not written YYYY-MM and a share outside 0 to 50%', () => {
    expect(() => holdoutBucket(key('tok', '2026-13'))).toThrow(RangeError);
    expect(() => holdoutBucket(key('tok', '2026-1'))).toThrow(RangeError);
    expect(() => isHeldOut(key('tok'), 5_001)).toThrow(RangeError);
    expect(() => isHeldOut(key('tok'), 10.5)).toThrow(RangeError);
    expect(isHoldoutShare(5_000)).toBe(true);
    expect(isHoldoutShare(-1)).toBe(false);
  });

  it('reads a share in per cent as basis points', () => {
    expect(percentToBasisPoints(10)).toBe(1_000);
    expect(percentToBasisPoints(2.5)).toBe(250);
  });
});
