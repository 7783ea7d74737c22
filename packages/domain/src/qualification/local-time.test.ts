import { TZDate, tzOffset } from '@date-fns/tz';
import { subMonths } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { monthsBeforeInZone, wallClockOf, zonedWallClock } from './local-time.ts';

const zones = [
  'America/New_York',
  'Europe/London',
  'UTC',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'America/St_Johns',
];

/**
 * Instants through 2024–2026 every 3 h 7 min 13 s, and every 10 minutes within 3 hours of each
 * offset change of the zone and of the same instant 1, 3 and 12 months after it (where the months
 * before land on the change).
 */
function instants(timeZone: string): number[] {
  const from = Date.UTC(2024, 0, 1);
  const to = Date.UTC(2027, 0, 1);
  const hour = 3_600_000;
  const list: number[] = [];
  for (let at = from; at < to; at += 11_233_000) list.push(at);
  for (let at = from; at < to; at += hour) {
    if (tzOffset(timeZone, new Date(at)) === tzOffset(timeZone, new Date(at + hour))) continue;
    for (const months of [0, 1, 3, 12]) {
      const change = new Date(at);
      change.setUTCMonth(change.getUTCMonth() + months);
      for (let near = -3 * hour; near <= 4 * hour; near += 600_000) list.push(change.getTime() + near);
    }
  }
  return list;
}

describe('wallClockOf and monthsBeforeInZone', () => {
  it.each(zones)(
    'read %s as TZDate and subMonths do, across its offset changes',
    (timeZone) => {
      const mismatches: string[] = [];
      for (const at of instants(timeZone)) {
        const wall = wallClockOf(at, timeZone);
        if (wall !== zonedWallClock(at, timeZone)) mismatches.push(`wall ${new Date(at).toISOString()}`);
        for (const months of [1, 3, 12]) {
          const expected = subMonths(new TZDate(at, timeZone), months).getTime();
          if (monthsBeforeInZone(at, wall, months, timeZone) !== expected) {
            mismatches.push(`${months} months before ${new Date(at).toISOString()}`);
          }
        }
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    },
    // Thousands of instants a zone: about a second on an idle machine, several on a shared one.
    30_000,
  );

  it('keeps the day or takes the last day of the shorter month', () => {
    const at = Date.parse('2025-03-31T14:30:00Z');
    const wall = wallClockOf(at, 'UTC');
    expect(new Date(monthsBeforeInZone(at, wall, 1, 'UTC')).toISOString()).toBe('2025-02-28T14:30:00.000Z');
    expect(new Date(monthsBeforeInZone(at, wall, 13, 'UTC')).toISOString()).toBe('2024-02-29T14:30:00.000Z');
  });

  it('refuses an unknown time zone', () => {
    expect(() => wallClockOf(0, 'Not/AZone')).toThrow('Unknown time zone: Not/AZone');
  });
});

describe('the arithmetic path beside TZDate', () => {
  /** Every minute of the UTC day and the ones either side. */
  const minutesAround = (day: string) => {
    const from = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
    return Array.from({ length: 3 * 1_440 }, (_, minute) => from + minute * 60_000);
  };

  it.each([
    ['Europe/London', '2026-03-29'],
    ['Europe/London', '2026-10-25'],
    ['America/New_York', '2026-03-08'],
    ['Australia/Lord_Howe', '2026-04-05'],
  ])(
    'reads every minute around %s’s change on %s, and the wall times a year later, as TZDate does',
    (timeZone, day) => {
      const mismatches: string[] = [];
      for (const at of minutesAround(day)) {
        if (wallClockOf(at, timeZone) !== zonedWallClock(at, timeZone)) mismatches.push(`wall ${at}`);
        const later = new TZDate(at, timeZone);
        later.setFullYear(later.getFullYear() + 1);
        const laterAt = later.getTime();
        if (
          monthsBeforeInZone(laterAt, wallClockOf(laterAt, timeZone), 12, timeZone) !==
          subMonths(later, 12).getTime()
        ) {
          mismatches.push(`12 months before ${new Date(laterAt).toISOString()}`);
        }
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    },
    // Every minute of three days, each read twice: under a second idle, several seconds on a
    // shared machine; vitest's 5 s default failed it under load.
    30_000,
  );

  it.each([
    ['skipped', '2027-03-29T01:30:00+01:00'],
    ['repeated', '2027-10-25T01:30:00+00:00'],
  ])('leaves a wall time %s by London’s 2026 change to TZDate: 12 months before %s', (_, datetime) => {
    const at = Date.parse(datetime);
    const expected = subMonths(new TZDate(at, 'Europe/London'), 12).getTime();
    expect(monthsBeforeInZone(at, wallClockOf(at, 'Europe/London'), 12, 'Europe/London')).toBe(expected);
  });
});
