import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages.ts';
import {
  brandClaimCreateSchema,
  claimDeadline,
  claimResolveSchema,
  publisherClaimCreateSchema,
} from './claim.schema.ts';

const purchase = { mid: '4410137', amountPence: 2500, occurredAt: '2026-12-01T12:30:00+00:00' };

describe('a claim as filed (decision 0108)', () => {
  it('needs the card token or its last four digits', () => {
    expect(publisherClaimCreateSchema.safeParse({ ...purchase, cardToken: 'tok' }).success).toBe(true);
    expect(publisherClaimCreateSchema.safeParse({ ...purchase, cardLast4: '4242' }).success).toBe(true);
    const none = publisherClaimCreateSchema.safeParse(purchase);
    expect(none.error?.issues[0]).toMatchObject({
      path: ['cardLast4'],
      message: messages.claim.cardRequired,
    });
  });

  it('takes the amount in whole pence, above zero', () => {
    for (const amountPence of [0, -1, 25.5, '25.00']) {
      const parsed = publisherClaimCreateSchema.safeParse({ ...purchase, cardLast4: '4242', amountPence });
      expect(parsed.error?.issues[0]?.path).toEqual(['amountPence']);
    }
  });

  it('names the brand for a brand’s claim, and refuses fields it does not know', () => {
    expect(
      brandClaimCreateSchema.safeParse({ ...purchase, cardLast4: '4242' }).error?.issues[0]?.path,
    ).toEqual(['brandId']);
    expect(publisherClaimCreateSchema.safeParse({ ...purchase, cardLast4: '4242', extra: 1 }).success).toBe(
      false,
    );
  });
});

describe('a resolution', () => {
  it('gives the reason when the purchase is not eligible', () => {
    expect(claimResolveSchema.safeParse({ resolution: 'not_eligible' }).error?.issues[0]?.path).toEqual([
      'reason',
    ]);
    expect(
      claimResolveSchema.safeParse({ resolution: 'not_eligible', reason: 'Outside the offer hours' }).success,
    ).toBe(true);
    expect(claimResolveSchema.safeParse({ resolution: 'duplicate' }).success).toBe(true);
  });
});

describe('the deadline', () => {
  it('is ten business days after filing, weekends skipped, at the same wall-clock time in the zone', () => {
    // Wednesday 2 December 2026, 10:00 in London → Wednesday 16 December.
    expect(claimDeadline(new Date('2026-12-02T10:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-12-16T10:00:00.000Z',
    );
    // Friday 23:30 in New York is Saturday in UTC: the zone's Friday counts, → Friday two weeks on.
    expect(claimDeadline(new Date('2026-12-05T04:30:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-12-19T04:30:00.000Z',
    );
  });

  it('keeps the wall-clock time across a change of the clocks', () => {
    // Monday 16 March 2026 09:00 GMT → Monday 30 March 09:00 BST (08:00 UTC).
    expect(claimDeadline(new Date('2026-03-16T09:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
  });
});
