/**
 * Exact distinct counts over the card lists of reporting_daily_cards (migration 0018): each list is
 * the card numbers of a row's qualified purchases, 4-byte big-endian, one per purchase. Counting
 * goes over three bitsets as large as the largest card number in the lists (an eighth of a byte
 * per card each: 2.5 million cards are under 1 MB), so a year of a big brand (a million purchases)
 * is a few milliseconds of integer work instead of a million rows hashed by the database.
 */

/** A reporting_daily_cards row as the counts read it: its period (a week or a day) and its list. */
export interface CardList {
  period: string;
  cards: Uint8Array;
}

export interface CardCounts {
  /** Distinct cards over every list. */
  reach: number;
  /** Distinct cards appearing twice or more over every list (two purchases or more). */
  repeat: number;
  /** Distinct cards within each period, in the order the periods first appear. */
  reachByPeriod: Map<string, number>;
}

const viewOf = (list: Uint8Array) => new DataView(list.buffer, list.byteOffset, list.byteLength);

/**
 * Reach, repeat customers and reach per period of the lists given, which must come grouped by
 * period (all of a period's lists together, e.g. ordered by it).
 */
export function countCards(lists: readonly CardList[]): CardCounts {
  const views = lists.map((list) => viewOf(list.cards));
  let largest = 0;
  for (const view of views) {
    for (let at = 0; at < view.byteLength; at += 4) largest = Math.max(largest, view.getInt32(at));
  }
  const words = (largest >>> 5) + 1;
  const seen = new Uint32Array(words);
  const twice = new Uint32Array(words);
  const inPeriod = new Uint32Array(words);
  const reachByPeriod = new Map<string, number>();
  let reach = 0;
  let repeat = 0;
  let first = 0;
  while (first < lists.length) {
    const period = lists[first]!.period;
    let end = first;
    while (end < lists.length && lists[end]!.period === period) end += 1;
    if (reachByPeriod.has(period)) throw new Error(`card lists of ${period} are not grouped by period`);
    let periodReach = 0;
    for (let index = first; index < end; index += 1) {
      const view = views[index]!;
      for (let at = 0; at < view.byteLength; at += 4) {
        const card = view.getInt32(at);
        const word = card >>> 5;
        const bit = 1 << (card & 31);
        if ((inPeriod[word]! & bit) === 0) {
          inPeriod[word] = inPeriod[word]! | bit;
          periodReach += 1;
        }
        if ((seen[word]! & bit) === 0) {
          seen[word] = seen[word]! | bit;
          reach += 1;
        } else if ((twice[word]! & bit) === 0) {
          twice[word] = twice[word]! | bit;
          repeat += 1;
        }
      }
    }
    // Clears only what this period set, so the next period starts empty without a new bitset.
    for (let index = first; index < end; index += 1) {
      const view = views[index]!;
      for (let at = 0; at < view.byteLength; at += 4) inPeriod[view.getInt32(at) >>> 5] = 0;
    }
    reachByPeriod.set(period, periodReach);
    first = end;
  }
  return { reach, repeat, reachByPeriod };
}

/** A card list of these card numbers (tests and fixtures; the store writes them with int4send). */
export function cardListOf(cards: readonly number[]): Uint8Array {
  const list = new Uint8Array(cards.length * 4);
  const view = viewOf(list);
  cards.forEach((card, index) => view.setInt32(index * 4, card));
  return list;
}
