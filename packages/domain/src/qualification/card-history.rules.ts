import { newCustomerMonths } from './customer-type.rules.ts';
import { instantOf, localTimeOf, monthsBefore, type LocalTime } from './local-time.ts';
import type { CardHistory } from './qualification.rules.ts';

/**
 * The instant (ms) from which a card's purchases count towards `cardHistoryOf`'s 12-month average
 * for a transaction at local time `local`: the same local time 12 calendar months earlier. Ingestion uses
 * it to keep card histories as sorted windows with running sums (same answer as cardHistoryOf).
 */
export function cardHistoryYearStart(local: LocalTime): number {
  return monthsBefore(local, newCustomerMonths);
}

/**
 * The card's history from its earlier purchases (positive amounts, at any branch of the brand,
 * any outcome): the latest one before the transaction, and the mean of those in the 12 months
 * before it (on or after the same local time 12 calendar months earlier), half up to the penny.
 */
export function cardHistoryOf(
  purchases: readonly { datetime: string; amountPence: number }[],
  datetime: string,
  timeZone: string,
): CardHistory {
  const local = localTimeOf(datetime, timeZone);
  const at = local.at;
  const yearStart = monthsBefore(local, newCustomerMonths);
  let last: number | null = null;
  let total = 0;
  let count = 0;
  for (const purchase of purchases) {
    const when = instantOf(purchase.datetime);
    if (purchase.amountPence <= 0 || when >= at) continue;
    if (last === null || when > last) last = when;
    if (when >= yearStart) {
      total += purchase.amountPence;
      count += 1;
    }
  }
  return {
    lastPurchaseAt: last,
    averageSpendPence: count === 0 ? null : Math.floor((2 * total + count) / (2 * count)),
  };
}
