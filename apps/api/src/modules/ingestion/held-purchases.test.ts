import { describe, expect, it } from 'vitest';
import { HeldPurchases } from './held-purchases.ts';
import type { StoredPurchase } from './qualification-lookups.repository.ts';

const outcome = { outcome: 'notQualified', reason: 'noCampaign', campaignId: null } as const;
const stored = (id: string, refundedPence = 0): StoredPurchase => ({
  id,
  amountPence: 1000,
  refundedPence,
  outcome,
});

describe('HeldPurchases: one held object per purchase, however a refund finds it', () => {
  it('finds a purchase of this page or the one before by its id, for a refund that does not name it', () => {
    const held = new HeldPurchases();
    const first = held.holdNew('id-1', 'T1', 1000, outcome);
    held.nextPage();
    const second = held.holdNew('id-2', 'T2', 1000, outcome);

    expect(held.known(stored('id-1'))).toBe(first);
    expect(held.known(stored('id-2'))).toBe(second);
    // Held after the maps by id were made: found by id too.
    const third = held.holdNew('id-3', 'T3', 1000, outcome);
    expect(held.known(stored('id-3'))).toBe(third);
  });

  it('holds a stored purchase found by id under the transaction id a later refund names', () => {
    const held = new HeldPurchases();
    const found = held.known(stored('id-9', 200));
    held.refund(found, 300);
    held.holdNamed('T9', stored('id-9', 200));

    expect(held.named('T9')).toBe(found);
    expect(held.takeChanged()).toEqual([{ id: 'id-9', refundedPence: 500 }]);
  });

  it('holds a stored purchase a refund names once, and carries it into the next page', () => {
    const held = new HeldPurchases();
    held.holdNamed('T5', stored('id-5'));
    const named = held.named('T5')!;
    held.nextPage();
    expect(held.carry('T5')).toBe(true);
    held.nextPage();

    expect(held.named('T5')).toBe(named);
    expect(held.known(stored('id-5'))).toBe(named);
    held.nextPage();
    held.nextPage();
    expect(held.named('T5')).toBeNull();
    expect(held.carry('T5')).toBe(false);
  });
});
