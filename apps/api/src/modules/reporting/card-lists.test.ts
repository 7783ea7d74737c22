import { describe, expect, it } from 'vitest';
import { prng } from '../../demo/prng.ts';
import { cardListOf, countCards, type CardList } from './card-lists.ts';

const list = (period: string, cards: number[]): CardList => ({ period, cards: cardListOf(cards) });

describe('countCards', () => {
  it('counts nothing in no lists', () => {
    expect(countCards([])).toEqual({ reach: 0, repeat: 0, reachByPeriod: new Map() });
  });

  it('counts a card once however often it buys, and as a repeat customer from its second purchase', () => {
    const counts = countCards([list('2026-W01', [7, 7, 9]), list('2026-W01', [9, 12])]);
    expect(counts.reach).toBe(3);
    expect(counts.repeat).toBe(2);
    expect(counts.reachByPeriod).toEqual(new Map([['2026-W01', 3]]));
  });

  it('counts reach within each period apart, and repeat customers across periods', () => {
    const counts = countCards([list('2026-W01', [1, 2]), list('2026-W02', [2, 3]), list('2026-W02', [3])]);
    expect(counts.reachByPeriod).toEqual(
      new Map([
        ['2026-W01', 2],
        ['2026-W02', 2],
      ]),
    );
    expect(counts.reach).toBe(3);
    expect(counts.repeat).toBe(2);
  });

  it('reads card numbers on both sides of a bitset word', () => {
    const cards = [0, 31, 32, 33, 63, 64, 1_000_003];
    const counts = countCards([list('d', cards), list('e', [31, 1_000_003])]);
    expect(counts.reach).toBe(cards.length);
    expect(counts.repeat).toBe(2);
    expect(counts.reachByPeriod.get('e')).toBe(2);
  });

  it('takes the lists of a period in any order among the others', () => {
    const counts = countCards([list('a', [1]), list('b', [1, 2]), list('a', [3, 1])]);
    expect(counts.reachByPeriod).toEqual(
      new Map([
        ['a', 2],
        ['b', 2],
      ]),
    );
    expect(counts).toMatchObject({ reach: 3, repeat: 1 });
  });

  it('counts the same with the largest card number given, and clears a period by word or whole', () => {
    const lists = [
      list('a', [5, 900, 5]),
      list(
        'b',
        Array.from({ length: 200 }, (_, i) => i * 3),
      ),
      list('c', [900]),
    ];
    expect(countCards(lists, 5000)).toEqual(countCards(lists));
  });

  it('equals counting with sets over random lists', () => {
    const random = prng(11);
    const lists: CardList[] = [];
    const byPeriod = new Map<string, number[]>();
    for (let week = 1; week <= 12; week += 1) {
      for (let row = 0; row < 5; row += 1) {
        const cards = Array.from({ length: Math.floor(random() * 40) }, () => 1 + Math.floor(random() * 300));
        const period = `2026-W${String(week).padStart(2, '0')}`;
        lists.push(list(period, cards));
        byPeriod.set(period, [...(byPeriod.get(period) ?? []), ...cards]);
      }
    }
    const purchases = new Map<number, number>();
    for (const cards of byPeriod.values()) {
      for (const card of cards) purchases.set(card, (purchases.get(card) ?? 0) + 1);
    }
    const counts = countCards(lists);
    expect(counts.reach).toBe(purchases.size);
    expect(counts.repeat).toBe([...purchases.values()].filter((n) => n >= 2).length);
    for (const [period, cards] of byPeriod)
      expect(counts.reachByPeriod.get(period)).toBe(new Set(cards).size);
  });
});
