import { shiftDate, type IsoDate } from '../calendar/calendar.rules';
import { returnPeriodDays } from '../invoice/invoice.rules';
import { localTimeAt } from './local-time';

/**
 * Pending and final rewards (docs/decisions/0117, qualification.md 'Pending and final
 * rewards'). A qualified purchase's reward is *pending* during its return period: the purchase's
 * local date (timezone setting) and the `returnPeriodDays` (30) local days after it, the same
 * period the invoices wait for (invoice.rules.ts). A refund dated inside it cancels the reward, in
 * whole or in part. From the day after, the reward is *final*: it is what the brand is invoiced for.
 * A refund after the period still takes back what it took back before (the engine is unchanged),
 * but as a correction of a final reward: a credit note once it is invoiced (decision 0033), never a
 * cancellation. Everything here is derived from dates at read time; nothing flips a status.
 */

export const rewardStatuses = ['pending', 'final', 'cancelled'] as const;
export type RewardStatus = (typeof rewardStatuses)[number];

/** The last local date of a purchase's return period: its own date plus 30 days. */
export function returnPeriodLastDay(purchaseDate: IsoDate): IsoDate {
  return shiftDate(purchaseDate, returnPeriodDays);
}

/** The local date from which a purchase's reward is final: the day after its return period. */
export function rewardFinalOn(purchaseDate: IsoDate): IsoDate {
  return shiftDate(purchaseDate, returnPeriodDays + 1);
}

/**
 * The latest purchase date whose reward is final on `today` (local date): every purchase on or
 * before it is final, every later one pending. The reporting queries compare the store's days with
 * it, so the split is one date comparison per stored row.
 */
export function finalThrough(today: IsoDate): IsoDate {
  return shiftDate(today, -(returnPeriodDays + 1));
}

/** Whether the reward of a purchase made on `purchaseDate` is final on `today` (local dates). */
export function isRewardFinal(purchaseDate: IsoDate, today: IsoDate): boolean {
  return today >= rewardFinalOn(purchaseDate);
}

/** Whether a refund dated `refundDate` falls in the return period of a purchase of `purchaseDate`. */
export function isRefundInsideReturnPeriod(purchaseDate: IsoDate, refundDate: IsoDate): boolean {
  return refundDate <= returnPeriodLastDay(purchaseDate);
}

/** The local date of an instant (ms) in the timezone setting: what the return period counts from. */
export function localDateOf(at: number, timeZone: string): IsoDate {
  return localTimeAt(at, timeZone).date;
}

/** `isRefundInsideReturnPeriod` for two instants (ms), read in the timezone setting. */
export function refundCancelsReward(purchaseAt: number, refundAt: number, timeZone: string): boolean {
  return isRefundInsideReturnPeriod(localDateOf(purchaseAt, timeZone), localDateOf(refundAt, timeZone));
}

/**
 * A qualified purchase's reward status on `today`: cancelled when it earned something and the
 * refunds dated inside its return period took all of it back (`earnedPence` is its cashback plus
 * fee, `takenBackInsidePence` what those refunds took back, as a positive number); otherwise
 * pending until `rewardFinalOn`, final from then. A refund row has its purchase's status.
 */
export function rewardStatus(input: {
  purchaseDate: IsoDate;
  today: IsoDate;
  earnedPence: number;
  takenBackInsidePence: number;
}): RewardStatus {
  const { purchaseDate, today, earnedPence, takenBackInsidePence } = input;
  if (earnedPence > 0 && takenBackInsidePence >= earnedPence) return 'cancelled';
  return isRewardFinal(purchaseDate, today) ? 'final' : 'pending';
}

/** Cashback and success fee split into what is pending and what is final (pence). */
export interface RewardSplit {
  pendingCashbackPence: number;
  finalCashbackPence: number;
  pendingSuccessFeePence: number;
  finalSuccessFeePence: number;
}

/**
 * The split of totals given their pending part: final is the rest, so pending + final is always
 * exactly the total, whatever the pending part holds.
 */
export function splitRewards(
  totals: { cashbackPence: number; successFeePence: number },
  pending: { cashbackPence: number; successFeePence: number },
): RewardSplit {
  return {
    pendingCashbackPence: pending.cashbackPence,
    finalCashbackPence: totals.cashbackPence - pending.cashbackPence,
    pendingSuccessFeePence: pending.successFeePence,
    finalSuccessFeePence: totals.successFeePence - pending.successFeePence,
  };
}
