import { describe, expect, it } from 'vitest';
import { batchedHourOf, midHealthOf, type MidActivity } from './mid-health.rules.ts';

const quiet = (hours: number[] = Array(24).fill(0)): MidActivity => ({
  firstSeenDay: null,
  lastSeenDay: null,
  last7Days: 0,
  last30Days: 0,
  hours,
});
const seen = (firstSeenDay: string, lastSeenDay: string): MidActivity => ({
  ...quiet(),
  firstSeenDay,
  lastSeenDay,
  last7Days: 1,
  last30Days: 1,
});
const branch = (merchantIds: { mid: string; activity: MidActivity }[], overrides: object = {}) =>
  midHealthOf({
    branchStatus: 'Active',
    liveSinceDay: '2026-10-01',
    today: '2026-12-02',
    silentDays: 7,
    merchantIds: merchantIds.map((entry) => ({ ...entry, scheme: 'mastercard' as const })),
    ...overrides,
  });

describe('a merchant ID of a live branch', () => {
  it('is tracking when seen within the silent period, the last day of it included', () => {
    const health = branch([{ mid: 'M1', activity: seen('2026-10-03', '2026-11-25') }]);
    expect(health.merchantIds[0]).toMatchObject({ status: 'tracking', daysSinceSeen: 7 });
    expect(health.status).toBe('tracking');
  });

  it('is silent once the silent period has passed without a transaction', () => {
    const health = branch([{ mid: 'M1', activity: seen('2026-10-03', '2026-11-24') }]);
    expect(health.merchantIds[0]).toMatchObject({ status: 'silent', daysSinceSeen: 8 });
  });

  it('follows the silent period of the setting', () => {
    const health = branch([{ mid: 'M1', activity: seen('2026-10-03', '2026-11-24') }], { silentDays: 10 });
    expect(health.status).toBe('tracking');
  });

  it('is awaited for 14 days after the branch went live, then never seen', () => {
    expect(branch([{ mid: 'M1', activity: quiet() }], { liveSinceDay: '2026-11-19' }).status).toBe(
      'awaitingFirst',
    );
    expect(branch([{ mid: 'M1', activity: quiet() }], { liveSinceDay: '2026-11-18' }).status).toBe(
      'neverSeen',
    );
  });

  it('counts days across a month and a year end as calendar days', () => {
    const health = branch([{ mid: 'M1', activity: seen('2026-12-20', '2026-12-29') }], {
      today: '2027-01-06',
    });
    expect(health.merchantIds[0]).toMatchObject({ status: 'silent', daysSinceSeen: 8 });
  });
});

describe("a branch's health", () => {
  it('is its worst merchant ID’s', () => {
    const health = branch([
      { mid: 'M1', activity: seen('2026-10-03', '2026-12-01') },
      { mid: 'M2', activity: seen('2026-10-03', '2026-11-01') },
    ]);
    expect(health.merchantIds.map((entry) => entry.status)).toEqual(['tracking', 'silent']);
    expect(health.status).toBe('silent');
  });

  it('expects nothing of a branch that does not earn', () => {
    const health = branch([{ mid: 'M1', activity: quiet() }], {
      branchStatus: 'Pending',
      liveSinceDay: null,
    });
    expect(health.status).toBe('notLive');
    expect(health.merchantIds[0]!.status).toBe('notLive');
  });
});

describe('transactions sent in one batch', () => {
  const hoursWith = (at: Record<number, number>) => Array.from({ length: 24 }, (_, hour) => at[hour] ?? 0);

  it('flag the hour holding 80% of at least 50 transactions', () => {
    expect(batchedHourOf(hoursWith({ 23: 40, 12: 10 }))).toBe(23);
    expect(batchedHourOf(hoursWith({ 3: 39, 12: 11 }))).toBeNull();
  });

  it('are not flagged on fewer than 50 transactions', () => {
    expect(batchedHourOf(hoursWith({ 23: 49 }))).toBeNull();
  });
});
