/**
 * Exact distinct counts over the card lists of reporting_daily_cards (migration 0018): each list is
 * the card numbers of a row's qualified purchases, 4-byte big-endian, one per purchase. Counting
 * goes over three bitsets as large as the largest card number (an eighth of a byte per card each:
 * 2.5 million cards are under 1 MB), so a year of a big brand (a million purchases) is a few
 * milliseconds of integer work instead of a million rows hashed by the database.
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

/** The card number at byte `at` of a list (big-endian; read byte by byte, faster than a DataView). */
const cardAt = (list: Uint8Array, at: number) =>
  (list[at]! << 24) | (list[at + 1]! << 16) | (list[at + 2]! << 8) | list[at + 3]!;

/** The largest card number in the lists. */
function largestIn(lists: readonly Uint8Array[]): number {
  let largest = 0;
  for (const list of lists) {
    for (let at = 0; at + 3 < list.length; at += 4) largest = Math.max(largest, cardAt(list, at));
  }
  return largest;
}

/**
 * Reach, repeat customers and reach per period of the lists given, in any order. `largestCard`,
 * when the caller knows a number no card of the lists exceeds (the largest card number stored),
 * saves reading the lists once more to find it.
 */
export function countCards(lists: readonly CardList[], largestCard?: number): CardCounts {
  const byPeriod = new Map<string, Uint8Array[]>();
  for (const list of lists) {
    const same = byPeriod.get(list.period);
    if (same) same.push(list.cards);
    else byPeriod.set(list.period, [list.cards]);
  }
  const words = ((largestCard ?? largestIn([...byPeriod.values()].flat())) >>> 5) + 1;
  const seen = new Uint32Array(words);
  const twice = new Uint32Array(words);
  const inPeriod = new Uint32Array(words);
  const reachByPeriod = new Map<string, number>();
  let reach = 0;
  let repeat = 0;
  for (const [period, periodLists] of byPeriod) {
    let periodReach = 0;
    let listed = 0;
    for (const list of periodLists) {
      listed += list.length >>> 2;
      for (let at = 0; at + 3 < list.length; at += 4) {
        const card = cardAt(list, at);
        const word = card >>> 5;
        const bit = 1 << (card & 31);
        const inThisPeriod = inPeriod[word]!;
        if ((inThisPeriod & bit) === 0) {
          inPeriod[word] = inThisPeriod | bit;
          periodReach += 1;
        }
        const seenBefore = seen[word]!;
        if ((seenBefore & bit) === 0) {
          seen[word] = seenBefore | bit;
          reach += 1;
        } else if ((twice[word]! & bit) === 0) {
          twice[word] = twice[word]! | bit;
          repeat += 1;
        }
      }
    }
    // The next period starts empty: the whole bitset cleared, or only the words this one touched
    // when they are few beside it.
    if (listed * 4 >= words) inPeriod.fill(0);
    else {
      for (const list of periodLists) {
        for (let at = 0; at + 3 < list.length; at += 4) inPeriod[cardAt(list, at) >>> 5] = 0;
      }
    }
    reachByPeriod.set(period, periodReach);
  }
  return { reach, repeat, reachByPeriod };
}

/** A card list of these card numbers (tests and fixtures; the store writes them with int4send). */
export function cardListOf(cards: readonly number[]): Uint8Array {
  const list = new Uint8Array(cards.length * 4);
  const view = new DataView(list.buffer);
  cards.forEach((card, index) => view.setInt32(index * 4, card));
  return list;
}
