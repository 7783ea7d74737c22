import type { StoredPurchase } from './qualification-lookups.repository.ts';

/**
 * A purchase a refund may reverse, as held during an upload: with what of its refunded amount is
 * written (null while the purchase itself is not).
 */
export interface HeldPurchase extends StoredPurchase {
  savedRefundedPence: number | null;
}

interface Generation {
  byTransactionId: Map<string, HeldPurchase>;
  /**
   * By id: made the first time a stored purchase is looked up (a refund that does not name its
   * original), from the purchases held by transaction id, and kept up from then on. Most files name
   * every original, so most pages never need it.
   */
  byId: Map<string, HeldPurchase> | null;
}

const emptyGeneration = (): Generation => ({ byTransactionId: new Map(), byId: null });

function byIdOf(generation: Generation): Map<string, HeldPurchase> {
  generation.byId ??= new Map(
    [...generation.byTransactionId.values()].map((purchase) => [purchase.id, purchase]),
  );
  return generation.byId;
}

/**
 * The purchases refunds of an upload may reverse, each held once by id: stored ones the page's
 * refunds name (fetched for the page) and the purchases of this page and the one before (the one
 * before may not be written yet). Two generations, the page's and the previous page's, so what is
 * held stays within two pages whatever the file's size; a purchase the next page names again is
 * carried into its generation.
 */
export class HeldPurchases {
  private current = emptyGeneration();
  private previous = this.current;
  /** Held purchases refunds took something back of since the changes were last taken. */
  private refunded = new Set<HeldPurchase>();

  /** Starts a page: the page before becomes the previous generation, the one before that goes. */
  nextPage() {
    this.previous = this.current;
    this.current = emptyGeneration();
  }

  /** The held purchase with this transaction id (the publisher's), or null. */
  named(transactionId: string): HeldPurchase | null {
    return (
      this.current.byTransactionId.get(transactionId) ??
      this.previous.byTransactionId.get(transactionId) ??
      null
    );
  }

  /** Keeps a held purchase the next page names in the page's generation; false when none is held. */
  carry(transactionId: string): boolean {
    const purchase = this.named(transactionId);
    if (!purchase) return false;
    this.current.byTransactionId.set(transactionId, purchase);
    this.current.byId?.set(purchase.id, purchase);
    return true;
  }

  /** A stored purchase as held: the one already held with its id, or this one, held from now on. */
  known(purchase: StoredPurchase): HeldPurchase {
    return (
      byIdOf(this.current).get(purchase.id) ?? byIdOf(this.previous).get(purchase.id) ?? this.keep(purchase)
    );
  }

  /** A stored purchase a refund names by its transaction id (not held under it), held under that id. */
  holdNamed(transactionId: string, purchase: StoredPurchase) {
    // A purchase is held by id alone only after a look-up by id (`known`), which made those maps.
    const held = this.current.byId?.get(purchase.id) ?? this.previous.byId?.get(purchase.id);
    this.current.byTransactionId.set(transactionId, held ?? this.keep(purchase));
  }

  /** A purchase of the page, not written yet: what refunds take back of it goes out with it. */
  holdNew(id: string, transactionId: string, amountPence: number, outcome: StoredPurchase['outcome']) {
    const held: HeldPurchase = { id, amountPence, refundedPence: 0, outcome, savedRefundedPence: null };
    this.current.byId?.set(id, held);
    this.current.byTransactionId.set(transactionId, held);
    return held;
  }

  /** A refund of `refundPence` (positive) taken back of the purchase. */
  refund(purchase: HeldPurchase, refundPence: number) {
    purchase.refundedPence += refundPence;
    this.refunded.add(purchase);
  }

  private keep(purchase: StoredPurchase): HeldPurchase {
    const kept: HeldPurchase = { ...purchase, savedRefundedPence: purchase.refundedPence };
    this.current.byId?.set(kept.id, kept);
    return kept;
  }

  /**
   * The stored purchases whose refunded amount changed since it was last written, as written from
   * now on (a purchase not written yet goes out with its own row instead).
   */
  takeChanged(): { id: string; refundedPence: number }[] {
    const changed: { id: string; refundedPence: number }[] = [];
    for (const purchase of this.refunded) {
      if (purchase.savedRefundedPence === purchase.refundedPence) continue;
      changed.push({ id: purchase.id, refundedPence: purchase.refundedPence });
      purchase.savedRefundedPence = purchase.refundedPence;
    }
    this.refunded = new Set();
    return changed;
  }
}
