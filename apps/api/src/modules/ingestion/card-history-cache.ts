import type { CardHistory } from '@krowd/domain/qualification/qualification.rules';

/**
 * Card histories kept in memory while an upload qualifies its rows (issue 5 §1, speed): each card's
 * purchases at a brand as a sorted window of instants with running sums, so `historyAt` answers what
 * `cardHistoryOf` would over the same purchases (the latest one before the instant, and the mean of
 * those from `yearStart` on) by two binary searches instead of a scan, whatever the card's count.
 *
 * Memory stays bounded: a window drops purchases more than 400 days older than the newest
 * transaction it was asked about (keeping the latest of them, which may still be the card's last
 * purchase), and `trim` forgets cards not used lately beyond `maxCards` / `maxEntries` (a clock:
 * oldest first, but a card used since the last trim gets a second chance, which costs a use nothing,
 * where a strict least-recently-used order cost a reordering of the map at every use). A card
 * forgotten is loaded again from the stored transactions the next time it is needed.
 */
const dropAfterMs = 400 * 86_400_000;

interface Window {
  /** The page (of the upload) in which the card was last used. */
  page: number;
  /** Used since the last trim went past it. */
  used: boolean;
  /** Instants in ms, ascending. */
  times: number[];
  amounts: number[];
  /** prefix[i]: the sum of amounts[0 .. i). */
  prefix: number[];
}

/** The first index whose time is ≥ at (`strict`: > at). */
function bound(times: number[], at: number, strict: boolean): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (strict ? times[middle]! <= at : times[middle]! < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

function rebuildFrom(window: Window, from: number) {
  window.prefix.length = from + 1;
  for (let i = from; i < window.times.length; i += 1)
    window.prefix.push(window.prefix[i]! + window.amounts[i]!);
}

export class CardHistoryCache {
  private readonly cards = new Map<string, Window>();
  private entries = 0;
  private page = 0;

  constructor(private readonly limits: { maxCards: number; maxEntries: number }) {}

  has(key: string): boolean {
    return this.cards.has(key);
  }

  get size(): number {
    return this.cards.size;
  }

  /** A card's stored purchases (positive amounts), in any order; replaces what was held. */
  load(key: string, purchases: readonly { datetime: string; amountPence: number }[]) {
    this.forget(key);
    const sorted = purchases
      .filter((purchase) => purchase.amountPence > 0)
      .map((purchase) => ({ at: Date.parse(purchase.datetime), amount: purchase.amountPence }))
      .sort((a, b) => a.at - b.at);
    const window: Window = { page: this.page, used: true, times: [], amounts: [], prefix: [0] };
    for (const { at, amount } of sorted) {
      window.times.push(at);
      window.amounts.push(amount);
      window.prefix.push(window.prefix.at(-1)! + amount);
    }
    this.cards.set(key, window);
    this.entries += window.times.length;
  }

  /**
   * The card's history for a transaction at `at` (ms), its 12 months starting at `yearStart()`.
   * The average is worked out only when read (the engine reads it for ss campaigns alone), as
   * `yearStart` costs more than the rest (a calendar step in the timezone setting).
   */
  historyAt(key: string, at: number, yearStart: () => number): CardHistory {
    const window = this.touch(key);
    const before = bound(window.times, at, false);
    let average: number | null | undefined;
    return {
      lastPurchaseAt: before === 0 ? null : new Date(window.times[before - 1]!).toISOString(),
      // Read later, maybe after this purchase was added: the bounds are found again then.
      get averageSpendPence() {
        if (average === undefined) {
          const end = bound(window.times, at, false);
          const from = Math.min(bound(window.times, yearStart(), false), end);
          const count = end - from;
          const total = window.prefix[end]! - window.prefix[from]!;
          average = count === 0 ? null : Math.floor((2 * total + count) / (2 * count));
        }
        return average;
      },
    };
  }

  /** Adds a purchase of the card (positive amount) at `at`. */
  add(key: string, at: number, amountPence: number) {
    const window = this.touch(key);
    const { times, amounts, prefix } = window;
    if (times.length === 0 || at >= times.at(-1)!) {
      times.push(at);
      amounts.push(amountPence);
      prefix.push(prefix.at(-1)! + amountPence);
    } else {
      const index = bound(times, at, true);
      times.splice(index, 0, at);
      amounts.splice(index, 0, amountPence);
      rebuildFrom(window, index);
    }
    this.entries += 1;
    // Purchases long before this one no longer count for anyone later; keep the latest of them.
    const old = bound(times, at - dropAfterMs, false) - 1;
    if (old >= Math.max(16, times.length >> 2)) {
      times.splice(0, old);
      amounts.splice(0, old);
      rebuildFrom(window, 0);
      this.entries -= old;
    }
  }

  /**
   * Forgets cards not used lately until within the limits, never one used in the page just
   * qualified (its rows may not be written yet, so it could not be loaded again), then starts the
   * next page. Cards are looked at oldest first; one used since it was last looked at is kept and
   * moves to the back.
   */
  trim() {
    let toLookAt = this.cards.size;
    for (const [key, window] of this.cards) {
      if (this.cards.size <= this.limits.maxCards && this.entries <= this.limits.maxEntries) break;
      if (toLookAt === 0) break;
      toLookAt -= 1;
      this.cards.delete(key);
      if (window.used || window.page === this.page) {
        window.used = false;
        this.cards.set(key, window);
      } else {
        this.entries -= window.times.length;
      }
    }
    this.page += 1;
  }

  private forget(key: string) {
    const window = this.cards.get(key);
    if (!window) return;
    this.cards.delete(key);
    this.entries -= window.times.length;
  }

  /** The card's window, marked used in this page. */
  private touch(key: string): Window {
    const window = this.cards.get(key);
    if (!window) throw new Error(`Card history not loaded: ${key}`);
    window.page = this.page;
    window.used = true;
    return window;
  }
}
