import { cardHistoryYearStart } from '@krowd/domain/qualification/card-history.rules';
import type { LocalTime } from '@krowd/domain/qualification/local-time';
import type { CardHistory } from '@krowd/domain/qualification/qualification.rules';
import { HeldCardHistory } from './card-history-reading.ts';
import { CardKeys } from './card-keys.ts';
import {
  HeldRewards,
  HeldRewardsView,
  rewardEntries,
  type CappedCampaigns,
  type NewReward,
  type RefundedRewards,
} from './card-rewards.ts';

/**
 * Card histories kept in memory while an upload qualifies its rows (speed): each card's
 * purchases at a brand as a sorted window of instants with running sums, so `historyAt` answers what
 * `cardHistoryOf` would over the same purchases (the latest one before the instant, and the mean of
 * those from `yearStart` on) by two binary searches instead of a scan, whatever the card's count.
 *
 * The windows live in two typed arrays (instants, running sums), a region of them per card that
 * doubles when full, rather than as objects: a million cards then cost the garbage collector
 * nothing to trace and about 40 bytes each plus 16 a purchase, where objects and arrays cost ~700
 * bytes a card (measured at 5 million rows: 925 MB of live heap), so five times the cards fit in
 * the memory the object cache used, and far fewer are loaded again from the stored rows. The
 * cards' keys are held in typed arrays too (card-keys.ts), and the clock's order in a ring of slots.
 *
 * Memory stays bounded: a window drops purchases more than 400 days older than the newest
 * transaction it was asked about (keeping the latest of them, which may still be the card's last
 * purchase), and `trim` forgets cards not used lately beyond `maxCards` / `maxEntries` (a clock:
 * oldest first, but a card used since the last trim gets a second chance, which costs a use
 * nothing). Regions left behind by growth or forgetting are compacted away once they are half of
 * the arrays. A card forgotten is loaded again from the stored transactions the next time it is
 * needed. A card's rewards by capped campaigns (card-rewards.ts) are held with it and counted in
 * `maxEntries` too (`rewardEntries` each), so caps on every campaign stay within the same limits.
 */
const dropAfterMs = 400 * 86_400_000;
const firstCapacity = 4;

export class CardHistoryCache {
  /** Card → its slot (card-keys.ts: off the heap the garbage collector traces). */
  private readonly keys = new CardKeys();
  /**
   * The held slots in the clock's order (oldest first), a ring from `clockHead`, `clockLength`
   * long; each with its slot's generation when queued, so an entry of a slot forgotten since (and
   * maybe reused) is passed over.
   */
  private clockSlots = new Int32Array(16);
  private clockGenerations = new Int32Array(16);
  private clockHead = 0;
  private clockLength = 0;
  private generation = new Int32Array(16);
  private readonly freeSlots: number[] = [];
  // Per slot: where its region starts in the arrays below, its purchases, its region's size, the
  // page it was last used in, whether it was used since the clock last passed it, and the card's
  // number (the cards table: what the reporting store's card lists hold).
  private start = new Int32Array(16);
  private count = new Int32Array(16);
  private capacity = new Int32Array(16);
  private lastPage = new Int32Array(16);
  private used = new Uint8Array(16);
  private number = new Int32Array(16);
  /** Per slot: the card's rewards by capped campaigns (card-rewards.ts); null when it has none. */
  private rewards: (HeldRewards | null)[] = [];
  private slotCount = 0;
  // Per purchase: its instant (ms) and the running sum of amounts of its window up to it, included.
  private times = new Float64Array(1024);
  private sums = new Float64Array(1024);
  /** The arrays' first unused index, and how much before it belongs to no card any more. */
  private end = 0;
  private unusedBefore = 0;
  private entries = 0;
  private page = 0;

  /**
   * `capped` numbers the campaigns whose rewards cards hold and `refunded` is what the upload's
   * refunds took back of rewards (card-rewards.ts); neither is needed without caps.
   */
  constructor(
    private readonly limits: { maxCards: number; maxEntries: number },
    private readonly capped: CappedCampaigns = new Map(),
    private readonly refunded: RefundedRewards = new Map(),
  ) {}

  /** What the held cards count for against `maxEntries`: purchases, and `rewardEntries` a reward. */
  get accountedEntries(): number {
    return this.entries;
  }

  /**
   * The card's slot, by which its history is read and added to, or -1 when it is not held. A slot
   * stays the card's until the next `trim` (a row's card is looked up once, not at every use).
   */
  slotOf(key: string): number {
    return this.keys.get(key);
  }

  get size(): number {
    return this.keys.size;
  }

  /**
   * A card's stored purchases (positive amounts), in any order, and its number; replaces what was
   * held. Its slot.
   */
  load(
    key: string,
    purchases: readonly { datetime: string; amountPence: number }[],
    cardNumber: number,
    rewards: HeldRewards | null = null,
  ): number {
    this.forget(key);
    const sorted = purchases
      .filter((purchase) => purchase.amountPence > 0)
      .map((purchase) => ({ at: Date.parse(purchase.datetime), amount: purchase.amountPence }))
      .sort((a, b) => a.at - b.at);
    const slot = this.newSlot(Math.max(firstCapacity, sorted.length));
    const at = this.start[slot]!;
    let sum = 0;
    for (const [index, purchase] of sorted.entries()) {
      sum += purchase.amount;
      this.times[at + index] = purchase.at;
      this.sums[at + index] = sum;
    }
    this.count[slot] = sorted.length;
    this.number[slot] = cardNumber;
    this.rewards[slot] = rewards;
    this.entries += sorted.length + (rewards?.size ?? 0) * rewardEntries;
    this.keys.set(key, slot);
    this.enqueue(slot);
    return slot;
  }

  /**
   * The card's rewards by its brand's capped campaigns as the engine reads them (caps.rules.ts);
   * undefined when it holds none, which the engine reads as none.
   */
  rewardsOf(slot: number): HeldRewardsView | undefined {
    const held = this.rewards[slot];
    return held ? new HeldRewardsView(held, this.capped, this.refunded) : undefined;
  }

  /** Adds a reward of the card: later purchases of it count it (caps.rules.ts), in file order. */
  addReward(slot: number, reward: NewReward) {
    this.touch(slot);
    let held = this.rewards[slot];
    if (!held) {
      held = new HeldRewards();
      this.rewards[slot] = held;
    }
    held.add(reward);
    this.entries += rewardEntries;
  }

  /** The card's number, as loaded. */
  cardNumberOf(slot: number): number {
    return this.number[slot]!;
  }

  /**
   * The card's history for a transaction at local time `local`, its 12 months as
   * cardHistoryYearStart gives them in the timezone. The average is worked out only when read (the
   * engine reads it for ss campaigns alone), as the year's start costs more than the rest (a
   * calendar step in the timezone).
   */
  historyAt(slot: number, local: LocalTime): CardHistory {
    this.touch(slot);
    const before = this.bound(slot, local.at, false);
    return new HeldCardHistory(
      this,
      slot,
      local,
      before === 0 ? null : this.times[this.start[slot]! + before - 1]!,
    );
  }

  /**
   * The mean of the card's purchases in the 12 months before `local`, half up to the penny. Read
   * when the engine asks, maybe after this purchase was added (which may move the card's region), so
   * the bounds are found then.
   */
  averageSpendAt(slot: number, local: LocalTime): number | null {
    const end = this.bound(slot, local.at, false);
    const from = Math.min(this.bound(slot, cardHistoryYearStart(local), false), end);
    const count = end - from;
    const total = this.sumBefore(slot, end) - this.sumBefore(slot, from);
    return count === 0 ? null : Math.floor((2 * total + count) / (2 * count));
  }

  /** Adds a purchase of the card (positive amount) at `at`. */
  add(slot: number, at: number, amountPence: number) {
    this.touch(slot);
    if (this.count[slot] === this.capacity[slot]) this.grow(slot);
    const start = this.start[slot]!;
    const count = this.count[slot]!;
    const index = count === 0 || at >= this.times[start + count - 1]! ? count : this.bound(slot, at, true);
    // Later purchases move up one place, their sums grown by this amount.
    for (let i = start + count; i > start + index; i -= 1) {
      this.times[i] = this.times[i - 1]!;
      this.sums[i] = this.sums[i - 1]! + amountPence;
    }
    this.times[start + index] = at;
    this.sums[start + index] = this.sumBefore(slot, index) + amountPence;
    this.count[slot] = count + 1;
    this.entries += 1;
    // Purchases long before this one no longer count for anyone later; keep the latest of them.
    const old = this.bound(slot, at - dropAfterMs, false) - 1;
    if (old >= Math.max(16, (count + 1) >> 2)) this.dropFirst(slot, old);
  }

  /**
   * Forgets cards not used lately until within the limits, never one used in the page just
   * qualified (its rows may not be written yet, so it could not be loaded again), then starts the
   * next page. Cards are looked at oldest first; one used since it was last looked at is kept and
   * moves to the back.
   */
  trim() {
    let toLookAt = this.keys.size;
    while (toLookAt > 0 && (this.keys.size > this.limits.maxCards || this.entries > this.limits.maxEntries)) {
      const slot = this.clockSlots[this.clockHead]!;
      const generation = this.clockGenerations[this.clockHead]!;
      this.clockHead = (this.clockHead + 1) % this.clockSlots.length;
      this.clockLength -= 1;
      if (this.capacity[slot] === 0 || this.generation[slot] !== generation) continue;
      toLookAt -= 1;
      if (this.used[slot] === 1 || this.lastPage[slot] === this.page) {
        this.used[slot] = 0;
        this.enqueue(slot);
      } else {
        this.keys.delete(slot);
        this.freeSlot(slot);
      }
    }
    this.page += 1;
  }

  /** The first index of the card's window whose instant is ≥ at (`strict`: > at). */
  private bound(slot: number, at: number, strict: boolean): number {
    const start = this.start[slot]!;
    let low = 0;
    let high = this.count[slot]!;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const time = this.times[start + middle]!;
      if (strict ? time <= at : time < at) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The sum of the amounts of the card's first `index` purchases. */
  private sumBefore(slot: number, index: number): number {
    return index === 0 ? 0 : this.sums[this.start[slot]! + index - 1]!;
  }

  /** Drops the card's first `drop` purchases. */
  private dropFirst(slot: number, drop: number) {
    const start = this.start[slot]!;
    const count = this.count[slot]!;
    const dropped = this.sums[start + drop - 1]!;
    for (let i = 0; i < count - drop; i += 1) {
      this.times[start + i] = this.times[start + drop + i]!;
      this.sums[start + i] = this.sums[start + drop + i]! - dropped;
    }
    this.count[slot] = count - drop;
    this.entries -= drop;
  }

  /** Marks the card's slot used in this page. */
  private touch(slot: number) {
    if (this.capacity[slot] === 0) throw new Error(`No card history in slot ${slot}`);
    this.lastPage[slot] = this.page;
    this.used[slot] = 1;
  }

  private forget(key: string) {
    const slot = this.keys.get(key);
    if (slot === -1) return;
    this.keys.delete(slot);
    this.freeSlot(slot);
  }

  /** Puts the slot at the back of the clock. */
  private enqueue(slot: number) {
    if (this.clockLength === this.clockSlots.length) {
      const size = this.clockSlots.length * 2;
      const slots = new Int32Array(size);
      const generations = new Int32Array(size);
      for (let i = 0; i < this.clockLength; i += 1) {
        const from = (this.clockHead + i) % this.clockSlots.length;
        slots[i] = this.clockSlots[from]!;
        generations[i] = this.clockGenerations[from]!;
      }
      this.clockSlots = slots;
      this.clockGenerations = generations;
      this.clockHead = 0;
    }
    const at = (this.clockHead + this.clockLength) % this.clockSlots.length;
    this.clockSlots[at] = slot;
    this.clockGenerations[at] = this.generation[slot]!;
    this.clockLength += 1;
  }

  private freeSlot(slot: number) {
    this.entries -= this.count[slot]! + (this.rewards[slot]?.size ?? 0) * rewardEntries;
    this.unusedBefore += this.capacity[slot]!;
    this.count[slot] = 0;
    this.capacity[slot] = 0;
    this.rewards[slot] = null;
    this.freeSlots.push(slot);
  }

  /** A slot with an empty region of `capacity` purchases, used in this page. */
  private newSlot(capacity: number): number {
    let slot = this.freeSlots.pop();
    if (slot === undefined) {
      if (this.slotCount === this.start.length) this.growSlots();
      slot = this.slotCount;
      this.slotCount += 1;
    }
    this.start[slot] = this.region(capacity);
    this.capacity[slot] = capacity;
    this.generation[slot] = this.generation[slot]! + 1;
    this.count[slot] = 0;
    this.lastPage[slot] = this.page;
    this.used[slot] = 1;
    return slot;
  }

  /** Moves the card's purchases to a region twice the size. */
  private grow(slot: number) {
    const capacity = this.capacity[slot]! * 2;
    const to = this.region(capacity);
    // region() may have compacted the arrays, moving the card's purchases: read where they are now.
    const from = this.start[slot]!;
    const count = this.count[slot]!;
    this.times.copyWithin(to, from, from + count);
    this.sums.copyWithin(to, from, from + count);
    this.unusedBefore += this.capacity[slot]!;
    this.start[slot] = to;
    this.capacity[slot] = capacity;
  }

  /** The start of `size` unused places at the end of the arrays, compacting or growing them first. */
  private region(size: number): number {
    if (this.end + size > this.times.length) {
      if (this.unusedBefore * 2 >= this.end) this.compact();
      if (this.end + size > this.times.length) {
        const length = Math.max(this.times.length * 2, this.end + size);
        const times = new Float64Array(length);
        const sums = new Float64Array(length);
        times.set(this.times.subarray(0, this.end));
        sums.set(this.sums.subarray(0, this.end));
        this.times = times;
        this.sums = sums;
      }
    }
    const at = this.end;
    this.end += size;
    return at;
  }

  /** Packs every held card's region to the front of the arrays, in slot order. */
  private compact() {
    const times = new Float64Array(this.times.length);
    const sums = new Float64Array(this.sums.length);
    let end = 0;
    for (let slot = 0; slot < this.slotCount; slot += 1) {
      const capacity = this.capacity[slot]!;
      if (capacity === 0) continue;
      const start = this.start[slot]!;
      const count = this.count[slot]!;
      times.set(this.times.subarray(start, start + count), end);
      sums.set(this.sums.subarray(start, start + count), end);
      this.start[slot] = end;
      end += capacity;
    }
    this.times = times;
    this.sums = sums;
    this.end = end;
    this.unusedBefore = 0;
  }

  private growSlots() {
    const length = this.start.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(array: T, make: (n: number) => T) => {
      const next = make(length);
      next.set(array);
      return next;
    };
    this.start = grown(this.start, (n) => new Int32Array(n));
    this.count = grown(this.count, (n) => new Int32Array(n));
    this.capacity = grown(this.capacity, (n) => new Int32Array(n));
    this.lastPage = grown(this.lastPage, (n) => new Int32Array(n));
    this.used = grown(this.used, (n) => new Uint8Array(n));
    this.number = grown(this.number, (n) => new Int32Array(n));
    this.generation = grown(this.generation, (n) => new Int32Array(n));
  }
}
