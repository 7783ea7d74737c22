import { describe, expect, it } from 'vitest';
import { insightRangeDays } from '@krowd/domain/insights/insights.schema';
import {
  dateWindowOf,
  daysOf,
  lastMonthsOptions,
  rangeOfValue,
  rangePhrase,
  rangeValue,
  selectableMonths,
} from './date-range.ts';

const now = new Date('2026-11-26T06:30:00.000Z');

describe('the insights date range', () => {
  it('counts the last 3, 6, 12 and 24 months as 90, 180, 360 and 720 days', () => {
    expect(lastMonthsOptions.map(daysOf)).toEqual([...insightRangeDays]);
  });

  it('ends a last-months window now and starts it that many days before', () => {
    expect(dateWindowOf({ kind: 'last', months: 12 }, now, 'Europe/London')).toEqual({
      $gt: '2025-12-01T06:30:00.000Z',
      $lt: '2026-11-26T06:30:00.000Z',
    });
  });

  it('covers a single month whole, in the timezone setting', () => {
    expect(dateWindowOf({ kind: 'month', month: '2026-07' }, now, 'Europe/London')).toEqual({
      $gt: '2026-06-30T22:59:59.999Z',
      $lt: '2026-07-31T23:00:00.000Z',
    });
    expect(dateWindowOf({ kind: 'month', month: '2026-02' }, now, 'America/New_York')).toEqual({
      $gt: '2026-02-01T04:59:59.999Z',
      $lt: '2026-03-01T05:00:00.000Z',
    });
  });

  it('offers this month and the 23 before it', () => {
    const months = selectableMonths(now, 'Europe/London');
    expect(months).toHaveLength(24);
    expect(months[0]).toBe('2026-11');
    expect(months.at(-1)).toBe('2024-12');
  });

  it('reads in a sentence and round-trips through the select', () => {
    expect(rangePhrase({ kind: 'last', months: 6 })).toBe('the last 6 months');
    expect(rangePhrase({ kind: 'month', month: '2026-03' })).toBe('March 2026');
    expect(rangeOfValue(rangeValue({ kind: 'month', month: '2026-03' }))).toEqual({
      kind: 'month',
      month: '2026-03',
    });
    expect(rangeOfValue('last-24')).toEqual({ kind: 'last', months: 24 });
    expect(rangeOfValue('last-5')).toBeNull();
    expect(rangeOfValue('anything')).toBeNull();
  });
});
