import { describe, expect, it } from 'vitest';
import { messages } from '../messages/messages';
import { storedReasonText } from '../qualification/cap-reasons.rules';
import { notQualifiedTransactionsRequestSchema, qualificationReasons } from './not-qualified.schema';

describe('the reasons of "why not qualified"', () => {
  it('are every code of the catalogue, so a reason added there is accepted with no other change', () => {
    expect(qualificationReasons).toEqual(Object.keys(messages.qualification));
    for (const reason of qualificationReasons) {
      expect(notQualifiedTransactionsRequestSchema.safeParse({ reason }).success).toBe(true);
    }
  });

  it('refuses a code the catalogue does not have, naming reason', () => {
    const parsed = notQualifiedTransactionsRequestSchema.safeParse({ reason: 'noSuchReason' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['reason']);
  });

  it("reads a stored reason in the catalogue's words, a cap's with the number stored beside it", () => {
    expect(storedReasonText('outsideCampaignHours', null)).toBe(messages.qualification.outsideCampaignHours);
    expect(storedReasonText('cappedTransactionsPerInterval', { limit: 2, interval: 'week' })).toBe(
      messages.qualification.cappedTransactionsPerInterval(2, 'week'),
    );
    expect(storedReasonText('cappedSpendPerInterval', null)).toBe(
      messages.qualificationCapsWithoutNumber.cappedSpendPerInterval,
    );
    // A code no longer in the catalogue is shown as stored, never dropped.
    expect(storedReasonText('retiredReason', null)).toBe('retiredReason');
  });
});
