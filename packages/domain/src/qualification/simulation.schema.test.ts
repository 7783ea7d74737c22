import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import { instantOfWallTime, simulationRequestSchema } from './simulation.schema.ts';

const m = messages.simulation;

describe('instantOfWallTime', () => {
  it('reads a form wall time in the timezone setting, with its offset', () => {
    expect(instantOfWallTime('2025-06-11T12:00', 'America/New_York')).toBe('2025-06-11T12:00:00.000-04:00');
    expect(instantOfWallTime('2025-01-11T12:00', 'Europe/London')).toBe('2025-01-11T12:00:00.000+00:00');
  });

  it('gives null for anything else', () => {
    expect(instantOfWallTime('', 'Europe/London')).toBeNull();
    expect(instantOfWallTime('11/06/2025 12:00', 'Europe/London')).toBeNull();
  });
});

describe('simulationRequestSchema', () => {
  const sample = { datetime: '2025-06-11T12:00:00.000-04:00', amountPence: 5000, mid: 'MC-1' };
  const errorsOf = (value: unknown) => {
    const parsed = simulationRequestSchema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('takes a purchase with a MID or a branch, the card history defaulting to a card never seen', () => {
    expect(simulationRequestSchema.parse(sample)).toEqual({
      ...sample,
      lastPurchaseAt: null,
      averageSpendPence: null,
      rewardedTransactions: 0,
      rewardedTransactionsInInterval: 0,
      rewardedSpendInIntervalPence: 0,
    });
  });

  it('wants exactly one of MID and branch', () => {
    expect(errorsOf({ datetime: sample.datetime, amountPence: 1 })).toEqual([m.branchOrMid]);
    expect(errorsOf({ ...sample, branchId: '0b3f6c52-4a2e-4a7a-9f57-7d3c0b1a2e11' })).toEqual([
      m.branchOrMid,
    ]);
  });

  it('wants whole pence from 1p, a real instant and a last purchase before it', () => {
    expect(errorsOf({ ...sample, amountPence: 0 })).toEqual([m.amountInvalid]);
    expect(errorsOf({ ...sample, amountPence: 10.5 })).toEqual([m.amountInvalid]);
    expect(errorsOf({ ...sample, datetime: '2025-06-31T12:00:00Z' })).toEqual([m.datetimeInvalid]);
    expect(errorsOf({ ...sample, lastPurchaseAt: '2025-06-11T16:00:00Z' })).toEqual([m.lastPurchaseInvalid]);
    expect(errorsOf({ ...sample, averageSpendPence: -1 })).toEqual([m.averageSpendInvalid]);
  });
});
