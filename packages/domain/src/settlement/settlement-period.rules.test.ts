import { describe, expect, it } from 'vitest';
import {
  dueDays,
  firstRunDays,
  isClosedDay,
  isClosedMonth,
  lastClosedMonth,
  localDayBounds,
  localTimeWithOffset,
} from './settlement-period.rules.ts';

const london = 'Europe/London';

describe('a local day of the settlement files', () => {
  it('runs from its midnight to the next in the zone (BST is an hour ahead of UTC)', () => {
    expect(localDayBounds('2025-05-10', london)).toEqual({
      start: new Date('2025-05-09T23:00:00Z'),
      end: new Date('2025-05-10T23:00:00Z'),
    });
  });

  it('is 23 hours long on the day the clocks go forward', () => {
    const { start, end } = localDayBounds('2025-03-30', london);
    expect(start.toISOString()).toBe('2025-03-30T00:00:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(23 * 3_600_000);
  });

  it('writes an instant as local time with its offset', () => {
    expect(localTimeWithOffset(new Date('2025-05-10T16:00:00Z'), london)).toBe('2025-05-10T17:00:00+01:00');
    expect(localTimeWithOffset(new Date('2025-12-01T09:30:15Z'), london)).toBe('2025-12-01T09:30:15+00:00');
    expect(localTimeWithOffset(new Date('2025-12-01T09:30:15Z'), 'America/New_York')).toBe(
      '2025-12-01T04:30:15-05:00',
    );
  });

  it('is closed once the zone has reached the next day', () => {
    // 23:30 UTC on 10 May is 00:30 on 11 May in London.
    expect(isClosedDay('2025-05-10', new Date('2025-05-10T23:30:00Z'), london)).toBe(true);
    expect(isClosedDay('2025-05-10', new Date('2025-05-10T22:30:00Z'), london)).toBe(false);
  });
});

describe('the files due', () => {
  const now = new Date('2025-06-03T10:00:00Z');

  it('are the closed days after the last file, up to yesterday', () => {
    expect(dueDays('2025-05-30', now, london)).toEqual(['2025-05-31', '2025-06-01', '2025-06-02']);
    expect(dueDays('2025-06-02', now, london)).toEqual([]);
  });

  it(`are at most the last ${firstRunDays} days on the first run, none before the publisher existed`, () => {
    const first = dueDays(null, now, london);
    expect(first).toHaveLength(firstRunDays);
    expect(first.at(0)).toBe('2025-04-29');
    expect(first.at(-1)).toBe('2025-06-02');
    expect(dueDays(null, now, london, '2025-06-01')).toEqual(['2025-06-01', '2025-06-02']);
  });

  it('name last month once the month is closed in the zone', () => {
    expect(lastClosedMonth(new Date('2025-05-31T23:30:00Z'), london)).toBe('2025-05');
    expect(lastClosedMonth(new Date('2025-05-31T22:30:00Z'), london)).toBe('2025-04');
    expect(isClosedMonth('2025-05', new Date('2025-05-31T23:30:00Z'), london)).toBe(true);
    expect(isClosedMonth('2025-05', new Date('2025-05-31T22:30:00Z'), london)).toBe(false);
  });
});
