import { describe, expect, it } from 'vitest';
import { firstInvoiceDate, returnPeriodDays, returnPeriodEnd } from '../invoice/invoice.rules.ts';
import {
  finalThrough,
  isRefundInsideReturnPeriod,
  isRewardFinal,
  localDateOf,
  refundCancelsReward,
  returnPeriodLastDay,
  rewardFinalOn,
  rewardStatus,
  splitRewards,
} from './reward-status.rules.ts';

const at = (iso: string) => Date.parse(iso);

describe('the return period of a purchase', () => {
  it('is the invoices’ 30 days, counted in local dates from the purchase', () => {
    expect(returnPeriodDays).toBe(30);
    expect(returnPeriodLastDay('2026-01-10')).toBe('2026-02-09');
    expect(rewardFinalOn('2026-01-10')).toBe('2026-02-10');
  });

  it('ends for the last day of a month on the day the month’s invoice waits for', () => {
    expect(returnPeriodLastDay('2026-01-31')).toBe(returnPeriodEnd(2026, 1));
    expect(rewardFinalOn('2026-01-31')).toBe(firstInvoiceDate(2026, 1));
    expect(rewardFinalOn('2028-02-29')).toBe(firstInvoiceDate(2028, 2));
  });

  it.each([
    ['2026-02-08', true, 'one day before its end'],
    ['2026-02-09', true, 'on its last day'],
    ['2026-02-10', false, 'one day after its end'],
  ])('counts a refund on %s inside it: %s (%s)', (refundDate, inside) => {
    expect(isRefundInsideReturnPeriod('2026-01-10', refundDate)).toBe(inside);
  });

  it('keeps a reward pending through its last day and final from the next', () => {
    expect(isRewardFinal('2026-01-10', '2026-01-10')).toBe(false);
    expect(isRewardFinal('2026-01-10', '2026-02-09')).toBe(false);
    expect(isRewardFinal('2026-01-10', '2026-02-10')).toBe(true);
  });

  it('names the latest final purchase date of a day, consistent with isRewardFinal', () => {
    const today = '2026-03-03';
    const through = finalThrough(today);
    expect(through).toBe('2026-01-31');
    expect(isRewardFinal(through, today)).toBe(true);
    expect(isRewardFinal('2026-02-01', today)).toBe(false);
  });
});

describe('the return period in the timezone setting', () => {
  it('counts a purchase at 23:30 local on a month’s last day from that local day, not the UTC one', () => {
    // 23:30 in New York on 31 January is 04:30 UTC on 1 February.
    const purchase = at('2026-01-31T23:30:00-05:00');
    expect(localDateOf(purchase, 'America/New_York')).toBe('2026-01-31');
    expect(localDateOf(purchase, 'Europe/London')).toBe('2026-02-01');
    // Its period ends on 2 March (New York): a refund at 23:59 local that day still cancels it…
    expect(refundCancelsReward(purchase, at('2026-03-02T23:59:59-05:00'), 'America/New_York')).toBe(true);
    // …one at 00:00 local on 3 March (05:00 UTC) does not, though 30 × 24 hours had not passed by a day.
    expect(refundCancelsReward(purchase, at('2026-03-03T00:00:00-05:00'), 'America/New_York')).toBe(false);
    // Read in London the same purchase is a 1 February one, so the same refund is inside there.
    expect(refundCancelsReward(purchase, at('2026-03-03T00:00:00-05:00'), 'Europe/London')).toBe(true);
  });

  it('counts local days across the spring clock change (a 23-hour day inside the period)', () => {
    // New York moves to EDT on 8 March 2026. Purchase on 1 March at 12:00 EST; last day 31 March.
    const purchase = at('2026-03-01T12:00:00-05:00');
    expect(refundCancelsReward(purchase, at('2026-03-31T23:30:00-04:00'), 'America/New_York')).toBe(true);
    expect(refundCancelsReward(purchase, at('2026-04-01T00:00:00-04:00'), 'America/New_York')).toBe(false);
    // 30 × 24 hours after the purchase is 31 March 13:00 EDT: the period is longer, to local midnight.
    expect(refundCancelsReward(purchase, purchase + 30 * 86_400_000 + 3_600_000, 'America/New_York')).toBe(
      true,
    );
  });

  it('counts local days across the autumn clock change (a 25-hour day inside the period)', () => {
    // London moves back to GMT on 25 October 2026. Purchase on 1 October at 09:00 BST; last day 31 October.
    const purchase = at('2026-10-01T09:00:00+01:00');
    expect(refundCancelsReward(purchase, at('2026-10-31T23:59:59Z'), 'Europe/London')).toBe(true);
    expect(refundCancelsReward(purchase, at('2026-11-01T00:00:00Z'), 'Europe/London')).toBe(false);
  });
});

describe('rewardStatus', () => {
  const base = { purchaseDate: '2026-01-10', earnedPence: 600, takenBackInsidePence: 0 };

  it.each([
    ['2026-02-09', 'pending'],
    ['2026-02-10', 'final'],
  ] as const)('is %s → %s without refunds', (today, status) => {
    expect(rewardStatus({ ...base, today })).toBe(status);
  });

  it('is cancelled when refunds inside the period took all of it back, pending or past the period', () => {
    expect(rewardStatus({ ...base, today: '2026-01-20', takenBackInsidePence: 600 })).toBe('cancelled');
    expect(rewardStatus({ ...base, today: '2026-06-01', takenBackInsidePence: 600 })).toBe('cancelled');
  });

  it('stays pending, then final, when a refund inside the period took back only part', () => {
    expect(rewardStatus({ ...base, today: '2026-01-20', takenBackInsidePence: 300 })).toBe('pending');
    expect(rewardStatus({ ...base, today: '2026-02-10', takenBackInsidePence: 300 })).toBe('final');
  });

  it('never calls a purchase that earned nothing cancelled', () => {
    expect(rewardStatus({ ...base, today: '2026-02-10', earnedPence: 0 })).toBe('final');
  });
});

describe('splitRewards', () => {
  it('makes pending plus final exactly the totals', () => {
    const split = splitRewards(
      { cashbackPence: 1_234, successFeePence: -5 },
      { cashbackPence: 200, successFeePence: -45 },
    );
    expect(split).toEqual({
      pendingCashbackPence: 200,
      finalCashbackPence: 1_034,
      pendingSuccessFeePence: -45,
      finalSuccessFeePence: 40,
    });
    expect(split.pendingCashbackPence + split.finalCashbackPence).toBe(1_234);
  });
});
