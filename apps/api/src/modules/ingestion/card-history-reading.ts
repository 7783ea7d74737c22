import type { LocalTime } from '@krowd/domain/qualification/local-time';
import type { CardHistory } from '@krowd/domain/qualification/qualification.rules';

/**
 * A card's history as the engine reads it: its latest purchase, and its average spend worked out on
 * first read (only ss campaigns read it). A class, not an object with a getter and a closure made
 * for every purchase.
 */
export class HeldCardHistory implements CardHistory {
  private average: number | null | undefined;

  constructor(
    private readonly cache: { averageSpendAt(slot: number, local: LocalTime): number | null },
    private readonly slot: number,
    private readonly local: LocalTime,
    readonly lastPurchaseAt: number | null,
  ) {}

  get averageSpendPence(): number | null {
    if (this.average === undefined) this.average = this.cache.averageSpendAt(this.slot, this.local);
    return this.average;
  }
}
