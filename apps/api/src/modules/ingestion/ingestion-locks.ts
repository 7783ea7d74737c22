import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/**
 * The locks an upload holds (docs/decisions/0114). There is no lock over all ingestion: an upload
 * holds its publisher's lock (its transaction ids, the purchases its refunds name) and the lock of
 * each brand it meets (the brand's budgets, card histories and reporting cells), each until its
 * transaction ends. Uploads touching different brands run side by side; two touching one brand
 * still take turns on it, so every figure is what one upload after the other would give.
 *
 * Brands are met as the file is read, in no set order. Waiting in any order could deadlock, so an
 * upload waits only for a brand ordered after every brand it holds; for one ordered before, it only
 * tries, and when that brand is busy it gives up (`IngestionLockConflict`) and the upload is run
 * again with every brand it met locked first, in order. Orders that only ever wait upwards cannot
 * form a cycle.
 */

export interface IngestionLockRepository {
  lockPublisherIngestion(trx: Transaction<DB>, publisherId: string): Promise<void>;
  lockBrandIngestion(trx: Transaction<DB>, brandId: string): Promise<void>;
  tryLockBrandIngestion(trx: Transaction<DB>, brandId: string): Promise<boolean>;
  brandsOfMids(trx: Transaction<DB>, mids: readonly string[]): Promise<string[]>;
}

/** The merchant IDs the file's items name (an enclosing caller's few rows, read ahead). */
export async function midsOf(
  items: AsyncIterable<readonly ({ fields: Record<string, unknown> } | { error: string })[]>,
): Promise<string[]> {
  const mids = new Set<string>();
  for await (const piece of items) {
    for (const item of piece) {
      if ('fields' in item && typeof item.fields.mid === 'string') mids.add(item.fields.mid.trim());
    }
  }
  return [...mids];
}

/** Runs of an upload whose brand was busy out of order; the last one's conflict is answered 503. */
const maxRuns = 3;

/**
 * Runs an upload's `work` holding its publisher's lock and its brands' (see the top of this file).
 * In a transaction of its own, an upload that meets a busy brand out of order runs again, every
 * brand it met locked first, in order. In an enclosing transaction it cannot run again, so the
 * brands of the merchant IDs it names are locked in order before it starts (the enclosing callers
 * send a few rows, read twice at no cost).
 */
export async function underIngestionLocks<T>(
  db: Kysely<DB>,
  repo: IngestionLockRepository,
  publisherId: string,
  enclosing: { trx: Transaction<DB>; mids: () => Promise<string[]> } | undefined,
  work: (trx: Transaction<DB>, locks: IngestionLocks) => Promise<T>,
): Promise<T> {
  if (enclosing) {
    const locks = new IngestionLocks(repo, enclosing.trx);
    await locks.publisher(publisherId);
    await locks.brandsFirst(await repo.brandsOfMids(enclosing.trx, await enclosing.mids()));
    return work(enclosing.trx, locks);
  }
  const met = new Set<string>();
  for (let run = 1; ; run += 1) {
    let locks: IngestionLocks | null = null;
    try {
      return await db.transaction().execute(async (trx) => {
        locks = new IngestionLocks(repo, trx);
        await locks.publisher(publisherId);
        await locks.brandsFirst(met);
        return work(trx, locks);
      });
    } catch (error) {
      if (run >= maxRuns || !isLockConflict(error)) throw error;
      for (const brandId of (locks as IngestionLocks | null)?.brandIds ?? []) met.add(brandId);
      if (error instanceof IngestionLockConflict) for (const brandId of error.brandIds) met.add(brandId);
    }
  }
}

/**
 * A brand's lock could not be had in order: the upload's transaction is rolled back whole and may
 * run again. Its code is PostgreSQL's for a deadlock, which the API answers alike (503, sent again).
 */
export class IngestionLockConflict extends Error {
  readonly code = '40P01';
  constructor(readonly brandIds: readonly string[]) {
    super('a brand this upload meets is being ingested by another upload');
    this.name = 'IngestionLockConflict';
  }
}

/** Whether an upload's transaction failed on a lock and may simply run again. */
export const isLockConflict = (error: unknown): boolean =>
  error instanceof IngestionLockConflict ||
  (error instanceof Error && (error as { code?: unknown }).code === '40P01');

export class IngestionLocks {
  private readonly held = new Set<string>();
  private highest: string | null = null;

  constructor(
    private readonly repo: IngestionLockRepository,
    private readonly trx: Transaction<DB>,
  ) {}

  /** The brands locked so far (those to lock first when the upload runs again). */
  get brandIds(): readonly string[] {
    return [...this.held];
  }

  /** The publisher's lock: taken first, before any brand's, so waiting for it holds nothing. */
  async publisher(publisherId: string) {
    await this.repo.lockPublisherIngestion(this.trx, publisherId);
  }

  /** Every brand of the list, in order (a run again, or an upload whose brands are known first). */
  async brandsFirst(brandIds: Iterable<string>) {
    for (const brandId of [...new Set(brandIds)].sort()) await this.brand(brandId);
  }

  /** The brand's lock, held until the upload's transaction ends (see the top of this file). */
  async brand(brandId: string) {
    if (this.held.has(brandId)) return;
    if (this.highest === null || brandId > this.highest) {
      await this.repo.lockBrandIngestion(this.trx, brandId);
      this.highest = brandId;
    } else if (!(await this.repo.tryLockBrandIngestion(this.trx, brandId))) {
      throw new IngestionLockConflict([...this.held, brandId]);
    }
    this.held.add(brandId);
  }
}
