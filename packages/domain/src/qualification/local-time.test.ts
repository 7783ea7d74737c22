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
 * Instants through 2024–2025 every 3 h 7 min 13 s, and every 10 minutes within 3 hours of each
 * offset change of the zone and of the same instant 1, 3 and 12 months after it (where the months
 * before land on the change).
 */
function instants(timeZone: string): number[] {
  const from = Date.UTC(2024, 0, 1);
  const to = Date.UTC(2026, 0, 1);
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
  it.each(zones)('read %s as TZDate and subMonths do, across its offset changes', (timeZone) => {
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
  });

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
