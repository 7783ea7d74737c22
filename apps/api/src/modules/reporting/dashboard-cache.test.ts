import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CommittedWrites } from '../../db/committed-writes.ts';
import type { Database } from '../../db/database.ts';
import type { DatabaseSignals, SignalHandlers } from '../../db/database-signals.ts';
import { createDashboardCache, type Computed } from './dashboard-cache.ts';

const logger = { error: () => {} } as unknown as FastifyBaseLogger;
const brandA = '00000000-0000-4000-8000-00000000000a';
const brandB = '00000000-0000-4000-8000-00000000000b';
const publisher = '00000000-0000-4000-8000-0000000000c1';
const branch = '00000000-0000-4000-8000-0000000000d1';

/** The tally's INSERT as addTally sends it: the brands are the unnest's uuid[] after the days. */
const tallyInsert = `
  INSERT INTO reporting_daily (day, brand_id, branch_id, publisher_id, campaign_id, customer_type, offer_type, conversions)
  SELECT date '1970-01-01' + c.day, c.brand_id, c.branch_id, $1::uuid, c.campaign_id
  FROM unnest($2::int[], $3::uuid[], $4::uuid[]) AS c (day, brand_id, branch_id)`;

/** A cache over a process's committed writes, and a connection whose writes it hears. */
function cacheWithConnection(signals?: Database['signals']) {
  const committedWrites = new CommittedWrites();
  const cache = createDashboardCache<string>({ database: { committedWrites, signals }, logger });
  const query = committedWrites.connection(async (_text: string, _parameters?: unknown[]) => ({ rows: [] }));
  let computations = 0;
  const computed =
    (answer: string, brands: Computed<string>['brands']) => async (): Promise<Computed<string>> => {
      computations += 1;
      return { answer, brands };
    };
  return { cache, query, computed, computations: () => computations };
}

describe('the dashboard cache', () => {
  it('answers a key from one computation until a write drops it', async () => {
    const { cache, query, computed, computations } = cacheWithConnection();

    expect(await cache.answer('k', computed('first', [brandA]))).toBe('first');
    expect(await cache.answer('k', computed('second', [brandA]))).toBe('first');
    await query('update campaigns set name = $1', ['renamed']);

    expect(await cache.answer('k', computed('third', [brandA]))).toBe('third');
    expect(computations()).toBe(2);
  });

  it("drops an upload's brands and the answers over every brand, and keeps another brand's", async () => {
    const { cache, query, computed } = cacheWithConnection();
    await cache.answer('a', computed('a', [brandA]));
    await cache.answer('b', computed('b', [brandB]));
    await cache.answer('all', computed('all', 'all'));

    await query('begin');
    await query(tallyInsert, [publisher, [20000], [brandA], [branch]]);
    await query('commit');

    expect(await cache.answer('a', computed('a again', [brandA]))).toBe('a again');
    expect(await cache.answer('b', computed('b again', [brandB]))).toBe('b');
    expect(await cache.answer('all', computed('all again', 'all'))).toBe('all again');
  });

  it('never keeps an answer whose computation a committed write overlapped', async () => {
    const { cache, query } = cacheWithConnection();
    let finish!: (computed: Computed<string>) => void;
    const answered = cache.answer('k', () => new Promise((resolve) => (finish = resolve)));

    await query('update branches set name = $1', ['renamed']);
    finish({ answer: 'read before the write', brands: [brandA] });

    expect(await answered).toBe('read before the write');
    expect(await cache.answer('k', async () => ({ answer: 'afresh', brands: [brandA] }))).toBe('afresh');
  });

  it('shares a computation between requests for the same key made while it runs', async () => {
    const { cache, computed, computations } = cacheWithConnection();

    const answers = await Promise.all([
      cache.answer('k', computed('one', 'all')),
      cache.answer('k', computed('two', 'all')),
    ]);

    expect(answers).toEqual(['one', 'one']);
    expect(computations()).toBe(1);
  });

  it('keeps nothing on PostgreSQL until it listens to the other instances', async () => {
    let listening: SignalHandlers | undefined;
    const signals: DatabaseSignals = {
      notify: async () => {},
      listen: async (_channel, handlers) => {
        listening = handlers;
        return async () => {};
      },
    };
    const { cache, computed, computations } = cacheWithConnection(signals);

    await cache.answer('k', computed('one', 'all'));
    await cache.answer('k', computed('two', 'all'));
    expect(computations()).toBe(2);

    await cache.start();
    await cache.answer('k', computed('three', 'all'));
    expect(computations()).toBe(3);

    listening!.onHeard();
    await cache.answer('k', computed('four', 'all'));
    expect(await cache.answer('k', computed('five', 'all'))).toBe('four');
  });

  it('keeps nothing while the listening connection is lost, and keeps again once it is back', async () => {
    let listening: SignalHandlers | undefined;
    const signals: DatabaseSignals = {
      notify: async () => {},
      listen: async (_channel, handlers) => {
        listening = handlers;
        handlers.onHeard();
        return async () => {};
      },
    };
    const { cache, computed, computations } = cacheWithConnection(signals);
    await cache.start();
    await cache.answer('k', computed('one', 'all'));
    expect(await cache.answer('k', computed('two', 'all'))).toBe('one');

    listening!.onLost();
    expect(await cache.answer('k', computed('three', 'all'))).toBe('three');
    expect(await cache.answer('k', computed('four', 'all'))).toBe('four');

    listening!.onHeard();
    await cache.answer('k', computed('five', 'all'));
    expect(await cache.answer('k', computed('six', 'all'))).toBe('five');
    expect(computations()).toBe(4);
  });
});
