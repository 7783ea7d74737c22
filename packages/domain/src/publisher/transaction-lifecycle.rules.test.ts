import { describe, expect, it } from 'vitest';
import {
  authorisationExpiresAt,
  authorisationHoldDays,
  refundAmountPence,
} from './transaction-lifecycle.rules.ts';

describe('the single-transaction API timing and refunds (decision 0109)', () => {
  it('expires an authorisation 7 days after it was received', () => {
    expect(authorisationHoldDays).toBe(7);
    expect(authorisationExpiresAt(new Date('2026-12-01T10:00:00Z')).toISOString()).toBe(
      '2026-12-08T10:00:00.000Z',
    );
  });

  it('refunds what is asked up to what is left, or all that is left when nothing is asked', () => {
    const original = { amountPence: 4000, refundedPence: 1000 };
    expect(refundAmountPence(original, null)).toBe(3000);
    expect(refundAmountPence(original, 3000)).toBe(3000);
    expect(refundAmountPence(original, 3001)).toBeNull();
    expect(refundAmountPence({ amountPence: 4000, refundedPence: 4000 }, null)).toBeNull();
  });
});
