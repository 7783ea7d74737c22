import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/database.generated.ts';
import { isTransactionConflict } from '../../db/database-faults.ts';
import { IngestionLockConflict, IngestionLocks, isLockConflict } from './ingestion-locks.ts';

/** Locks as a repository would take them, recording each call; `busy` brands refuse a try. */
function fakeRepository(busy: string[] = []) {
  const calls: string[] = [];
  return {
    calls,
    repo: {
      async lockPublisherIngestion(_trx: Transaction<DB>, publisherId: string) {
        calls.push(`publisher ${publisherId}`);
      },
      async lockBrandIngestion(_trx: Transaction<DB>, brandId: string) {
        calls.push(`wait ${brandId}`);
      },
      async tryLockBrandIngestion(_trx: Transaction<DB>, brandId: string) {
        calls.push(`try ${brandId}`);
        return !busy.includes(brandId);
      },
      async brandsOfMids() {
        return [];
      },
    },
  };
}

const trx = {} as Transaction<DB>;

describe('an upload taking the locks of the brands it meets', () => {
  it('waits for each brand ordered after every brand it holds, once', async () => {
    const { repo, calls } = fakeRepository();
    const locks = new IngestionLocks(repo, trx);
    await locks.publisher('p');
    for (const brand of ['b', 'd', 'd', 'e', 'b']) await locks.brand(brand);
    expect(calls).toEqual(['publisher p', 'wait b', 'wait d', 'wait e']);
    expect(locks.brandIds).toEqual(['b', 'd', 'e']);
  });

  it('only tries a brand ordered before one it holds, and takes it when it is free', async () => {
    const { repo, calls } = fakeRepository();
    const locks = new IngestionLocks(repo, trx);
    await locks.brand('d');
    await locks.brand('b');
    await locks.brand('e');
    expect(calls).toEqual(['wait d', 'try b', 'wait e']);
  });

  it('gives up when such a brand is busy, naming every brand to lock first when it runs again', async () => {
    const { repo } = fakeRepository(['b']);
    const locks = new IngestionLocks(repo, trx);
    await locks.brand('d');
    const refused = await locks.brand('b').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IngestionLockConflict);
    expect((refused as IngestionLockConflict).brandIds).toEqual(['d', 'b']);
    expect(isLockConflict(refused)).toBe(true);
    // The API answers it as it answers a deadlock: 503, to be sent again.
    expect(isTransactionConflict(refused)).toBe(true);
  });

  it('takes brands known beforehand in order, waiting for each', async () => {
    const { repo, calls } = fakeRepository(['a']);
    const locks = new IngestionLocks(repo, trx);
    await locks.brandsFirst(['c', 'a', 'b', 'a']);
    expect(calls).toEqual(['wait a', 'wait b', 'wait c']);
  });

  it('counts a deadlock PostgreSQL found as a conflict to run again, and nothing else', () => {
    expect(isLockConflict(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true);
    expect(isLockConflict(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isLockConflict('40P01')).toBe(false);
  });
});
