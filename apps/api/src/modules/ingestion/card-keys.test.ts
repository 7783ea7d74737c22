import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { prng } from '../../demo/prng.ts';
import { CardKeys } from './card-keys.ts';

describe('CardKeys', () => {
  it('finds every key it holds and none it does not, through forgetting, table rebuilds and compaction', () => {
    const random = prng(11); // seeded, so a failure reproduces
    const keys = new CardKeys();
    const expected = new Map<string, number>();
    const freeSlots: number[] = [];
    let nextSlot = 0;
    const wrong: string[] = [];
    const check = () => {
      for (const [held, slot] of expected) if (keys.get(held) !== slot) wrong.push(held);
    };
    for (let step = 0; step < 60_000; step += 1) {
      const key = `${Math.floor(random() * 4)} tok_${Math.floor(random() * 20_000).toString(36)}${step % 7 === 0 ? 'é' : ''}`;
      const slot = expected.get(key);
      if (slot === undefined) {
        const given = freeSlots.pop() ?? nextSlot++;
        keys.set(key, given);
        expected.set(key, given);
      } else if (random() < 0.5) {
        keys.delete(slot);
        expected.delete(key);
        freeSlots.push(slot);
      }
      if (keys.get(`absent ${step}`) !== -1) wrong.push(`absent ${step}`);
      if (step % 5000 === 0) check();
    }
    check();
    expect(wrong).toEqual([]);
    expect(keys.size).toBe(expected.size);
  });

  it('tells apart keys of the same length and hash bucket', () => {
    const keys = new CardKeys();
    keys.set('1 ab', 0);
    keys.set('1 ba', 1);
    expect([keys.get('1 ab'), keys.get('1 ba'), keys.get('1 aa')]).toEqual([0, 1, -1]);
  });

  it('keeps the keys off the heap the garbage collector traces', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const keys = new CardKeys();
    gc();
    const before = getHeapStatistics().used_heap_size;
    for (let slot = 0; slot < 200_000; slot += 1) keys.set(`3 tok_atr_5_${slot.toString(36)}`, slot);
    gc();
    // As a Map of strings, 200,000 keys were ~15 MB of heap.
    expect(getHeapStatistics().used_heap_size - before).toBeLessThan(1_000_000);
    expect(keys.get('3 tok_atr_5_0')).toBe(0);
  });
});
