import { describe, expect, it } from 'vitest';
import { formatPence, penceToPounds, poundsToPence } from './money.rules.ts';

describe('poundsToPence', () => {
  it.each([
    { pounds: 0, pence: 0 },
    { pounds: 23.62, pence: 2_362 },
    { pounds: 0.1 + 0.2, pence: 30 },
    { pounds: 1.005, pence: 101 },
    { pounds: 12.344, pence: 1_234 },
    { pounds: 1_000_000, pence: 100_000_000 },
    { pounds: -7.5, pence: -750 },
    { pounds: -0.005, pence: -1 },
  ])('£$pounds is $pence p', ({ pounds, pence }) => {
    expect(poundsToPence(pounds)).toBe(pence);
  });

  it('never answers minus zero', () => {
    expect(Object.is(poundsToPence(-0), 0)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (pounds) => {
    expect(() => poundsToPence(pounds)).toThrow(RangeError);
  });
});

describe('penceToPounds and formatPence', () => {
  it('turns pence back into pounds for a form', () => {
    expect(penceToPounds(2_362)).toBe(23.62);
  });

  it.each([
    { pence: 0, shown: '£0.00' },
    { pence: 5, shown: '£0.05' },
    { pence: 1_243_000, shown: '£12,430.00' },
    { pence: 123_456_789, shown: '£1,234,567.89' },
    { pence: -750, shown: '-£7.50' },
  ])('shows $pence p as $shown', ({ pence, shown }) => {
    expect(formatPence(pence)).toBe(shown);
  });
});
