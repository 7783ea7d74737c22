import type { CustomerType } from '../campaign/campaign.rules.ts';
import { monthsBefore, type LocalTime } from './local-time.ts';

/**
 * New, existing and lapsed customers (brief §5; qualification.md): which customer type a campaign
 * records a card as, from the card's latest earlier purchase at the brand.
 */

/** A card with no purchase at the brand in this many months is a new customer (brief §5). */
export const newCustomerMonths = 12;

/** The customer a reward was earned for: 'all' campaigns record new or existing. */
export type RewardCustomerType = Exclude<CustomerType, 'all'>;

/**
 * Whether the card's latest earlier purchase (`lastPurchaseAt`, ms, null when none) lies within
 * `months` months before the transaction.
 */
function boughtWithin(lastPurchaseAt: number | null, local: LocalTime, months: number): boolean {
  if (lastPurchaseAt === null) return false;
  return lastPurchaseAt >= monthsBefore(local, months);
}

/** The customer type a campaign records the card as, or null when its customer type does not match. */
export function customerTypeFor(
  campaign: { id: string; customerType: CustomerType; lastTransaction: number | 'NULL' },
  lastPurchaseAt: number | null,
  local: LocalTime,
): RewardCustomerType | null {
  const knownThisYear = boughtWithin(lastPurchaseAt, local, newCustomerMonths);
  switch (campaign.customerType) {
    case 'all':
      return knownThisYear ? 'existing' : 'new';
    case 'new':
      return knownThisYear ? null : 'new';
    case 'existing':
    case 'lapsed': {
      if (campaign.lastTransaction === 'NULL') {
        throw new RangeError(`Campaign ${campaign.id} has no lastTransaction`);
      }
      const recent = boughtWithin(lastPurchaseAt, local, campaign.lastTransaction);
      if (campaign.customerType === 'existing') return recent ? 'existing' : null;
      return lastPurchaseAt !== null && !recent ? 'lapsed' : null;
    }
  }
}
