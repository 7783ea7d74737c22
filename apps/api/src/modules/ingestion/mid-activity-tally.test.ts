import { describe, expect, it } from 'vitest';
import { MidActivityTally } from './mid-activity-tally.ts';

const wall = (iso: string) => Date.parse(`${iso}Z`);

describe('the transactions an upload saw at each merchant ID', () => {
  it('are summed by local day and local hour, and emptied when taken', () => {
    const tally = new MidActivityTally();
    tally.add('M1', wall('2026-11-30T23:59:59'));
    tally.add('M1', wall('2026-12-01T00:00:00'));
    tally.add('M1', wall('2026-12-01T23:10:00'));
    tally.add('M2', wall('2026-12-01T09:00:00'));
    const taken = tally.take();
    expect(taken.days).toEqual(
      expect.arrayContaining([
        { mid: 'M1', day: '2026-11-30', transactions: 1 },
        { mid: 'M1', day: '2026-12-01', transactions: 2 },
        { mid: 'M2', day: '2026-12-01', transactions: 1 },
      ]),
    );
    expect(taken.days).toHaveLength(3);
    expect(taken.hours).toEqual(
      expect.arrayContaining([
        { mid: 'M1', hour: 23, transactions: 2 },
        { mid: 'M1', hour: 0, transactions: 1 },
        { mid: 'M2', hour: 9, transactions: 1 },
      ]),
    );
    expect(tally.size).toBe(0);
    expect(tally.take()).toEqual({ days: [], hours: [] });
  });
});
