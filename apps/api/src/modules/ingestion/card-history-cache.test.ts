import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cardHistoryOf } from '@krowd/domain/qualification/card-history.rules';
import { localTimeAt, localTimeOf } from '@krowd/domain/qualification/local-time';
import type { CardHistory } from '@krowd/domain/qualification/qualification.rules';
import { prng } from '../../demo/prng.ts';
import { CardHistoryCache } from './card-history-cache.ts';
import { CsvRecordReader } from '../../http/csv-stream.ts';

const timeZone = 'Europe/London';
const dayMs = 86_400_000;

/** What the engine reads of a history (the average is a getter, worked out when read). */
const readingOf = (history: CardHistory) => ({
  lastPurchaseAt: history.lastPurchaseAt,
  averageSpendPence: history.averageSpendPence,
});

describe('CardHistoryCache', () => {
  it('answers what cardHistoryOf answers over the same purchases, row after row in time order', () => {
    const random = prng(7); // seeded, so a failure reproduces
    const start = Date.parse('2024-01-15T10:00:00Z');
    // Stored purchases before the file, some long ago, one after the file's first rows.
    const stored = [
      { datetime: new Date(start - 800 * dayMs).toISOString(), amountPence: 999 },
      { datetime: new Date(start - 380 * dayMs).toISOString(), amountPence: 1200 },
      { datetime: new Date(start - 365 * dayMs).toISOString(), amountPence: 800 },
      { datetime: new Date(start - 10 * dayMs).toISOString(), amountPence: 1500 },
      { datetime: new Date(start + 20 * dayMs).toISOString(), amountPence: 700 },
    ];
    const cache = new CardHistoryCache({ maxCards: 10, maxEntries: 10_000 });
    const slot = cache.load('card', stored, 1);
    const all = [...stored];
    let at = start;
    for (let i = 0; i < 3000; i += 1) {
      // Mostly minutes apart, sometimes the same instant, sometimes days: over two years.
      const step = random();
      at +=
        step < 0.1 ? 0 : step < 0.85 ? Math.floor(random() * 3_600_000) : Math.floor(random() * 5 * dayMs);
      const datetime = new Date(at).toISOString();
      const expected = cardHistoryOf(all, datetime, timeZone);
      const actual = cache.historyAt(slot, localTimeAt(at, timeZone));
      expect(actual.averageSpendPence).toBe(expected.averageSpendPence);
      expect(actual.lastPurchaseAt).toBe(expected.lastPurchaseAt);
      const amountPence = 100 + Math.floor(random() * 5000);
      cache.add(slot, at, amountPence);
      all.push({ datetime, amountPence });
    }
    // Old purchases were dropped from memory on the way, the latest of them kept.
    expect(at - start).toBeGreaterThan(400 * dayMs);
  });

  it('answers the same, and keeps each card’s number, for many cards while it forgets, reloads, grows and compacts them', () => {
    const random = prng(11);
    // The stored purchases of each card, as the database would answer them when a card is reloaded.
    const stored = new Map<string, { datetime: string; amountPence: number }[]>();
    const numbers = new Map<string, number>();
    const cache = new CardHistoryCache({ maxCards: 6, maxEntries: 60 });
    let at = Date.parse('2024-01-01T09:00:00Z');
    let checked = 0;
    for (let page = 0; page < 150; page += 1) {
      for (let row = 0; row < 25; row += 1) {
        at += Math.floor(random() * 6 * 3_600_000);
        // A few regulars and many occasional cards, so some windows grow long and others are forgotten.
        const card =
          random() < 0.5 ? `regular-${Math.floor(random() * 3)}` : `card-${Math.floor(random() * 40)}`;
        const purchases = stored.get(card) ?? [];
        stored.set(card, purchases);
        const number = numbers.get(card) ?? numbers.size + 1;
        numbers.set(card, number);
        let slot = cache.slotOf(card);
        if (slot === -1) slot = cache.load(card, purchases, number);
        expect(cache.cardNumberOf(slot)).toBe(number);
        const datetime = new Date(at).toISOString();
        const expected = cardHistoryOf(purchases, datetime, timeZone);
        const actual = cache.historyAt(slot, localTimeAt(at, timeZone));
        const amountPence = 100 + Math.floor(random() * 5000);
        cache.add(slot, at, amountPence);
        expect([actual.lastPurchaseAt, actual.averageSpendPence]).toEqual([
          expected.lastPurchaseAt,
          expected.averageSpendPence,
        ]);
        checked += 1;
        purchases.push({ datetime, amountPence });
      }
      cache.trim();
      // Within its limits after each page, but for the cards of the page just done.
      expect(cache.size).toBeLessThanOrEqual(6 + 25);
    }
    expect(checked).toBe(150 * 25);
    expect(Math.max(...[...stored.values()].map((purchases) => purchases.length))).toBeGreaterThan(300);
  });

  it("places a purchase earlier than the card's latest where it belongs", () => {
    const cache = new CardHistoryCache({ maxCards: 10, maxEntries: 100 });
    const slot = cache.load(
      'card',
      [
        { datetime: '2024-05-01T12:00:00Z', amountPence: 1000 },
        { datetime: '2024-05-20T12:00:00Z', amountPence: 3000 },
      ],
      1,
    );
    cache.add(slot, Date.parse('2024-05-10T12:00:00Z'), 2000);
    const at = '2024-05-15T12:00:00Z';
    expect(readingOf(cache.historyAt(slot, localTimeOf(at, timeZone)))).toEqual({
      lastPurchaseAt: Date.parse('2024-05-10T12:00:00.000Z'),
      averageSpendPence: 1500,
    });
  });

  it('keeps the latest purchase however old, and ignores refunds and later purchases', () => {
    const cache = new CardHistoryCache({ maxCards: 10, maxEntries: 100 });
    const slot = cache.load(
      'card',
      [
        { datetime: '2020-03-01T12:00:00Z', amountPence: 2000 },
        { datetime: '2020-03-02T12:00:00Z', amountPence: -2000 },
        { datetime: '2025-03-01T12:00:00Z', amountPence: 500 },
      ],
      1,
    );
    const at = '2024-06-01T12:00:00Z';
    expect(readingOf(cache.historyAt(slot, localTimeOf(at, timeZone)))).toEqual({
      lastPurchaseAt: Date.parse('2020-03-01T12:00:00.000Z'),
      averageSpendPence: null,
    });
  });

  it('forgets the least recently used cards beyond its limits, never one used in the page just done', () => {
    const cache = new CardHistoryCache({ maxCards: 2, maxEntries: 100 });
    for (const [index, key] of ['a', 'b', 'c'].entries())
      cache.load(key, [{ datetime: '2024-01-01T00:00:00Z', amountPence: 1 }], index + 1);
    // All three were loaded for the page just done: kept, over the limit.
    cache.trim();
    expect(cache.size).toBe(3);
    cache.historyAt(cache.slotOf('a'), localTimeOf('2024-02-01T00:00:00Z', timeZone));
    cache.trim();
    expect(['a', 'b', 'c'].map((key) => cache.slotOf(key) !== -1)).toEqual([true, false, true]);
  });

  it('holds its card keys as copies, not the file text they were cut from', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // Pieces of a file as the CSV reader cuts them: each kept key would keep its piece alive.
    const cache = new CardHistoryCache({ maxCards: 10_000, maxEntries: 100_000 });
    gc();
    const before = getHeapStatistics().used_heap_size;
    for (let piece = 0; piece < 200; piece += 1) {
      const text = Array.from(
        { length: 500 },
        (_, row) => `T${piece}-${row},card-${piece}-${row}-token\n`,
      ).join('');
      const reader = new CsvRecordReader();
      const token = reader.push(text)[0]!.cells[1]!;
      cache.load(`brand ${token}`, [], piece + 1);
    }
    gc();
    // 200 pieces of ~17 kB: kept whole they would be 3.4 MB; 200 short keys are a few kB.
    expect(getHeapStatistics().used_heap_size - before).toBeLessThan(1_000_000);
    expect(cache.size).toBe(200);
  });
});
