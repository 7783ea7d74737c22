import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Attribution, Touched } from './committed-writes.ts';
import type { Database } from './database.ts';

/** NOTIFY carries at most 8,000 bytes: a longer list of brands (37 bytes each) is sent as 'all'. */
const maxNotifiedBrands = 150;

/** What a computation answers: the answer and every brand it was read from ('all' for any). */
export interface Computed<Answer> {
  answer: Answer;
  brands: readonly string[] | 'all';
}

interface Entry<Answer> {
  computing: Promise<Computed<Answer>>;
  /** Unknown until the computation ends; any write meanwhile drops the entry. */
  brands: readonly string[] | 'all' | undefined;
}

/**
 * Answers kept by their key until a committed write to a table they are read from touches one of
 * their brands: by this process (at once, before the write's answer), or by another (on
 * PostgreSQL, through NOTIFY on `channel` with the brands touched). A write `attribute` names the
 * brands of drops the answers of those brands and those over every brand; any other write drops
 * everything. An answer still being computed when a write commits is not kept, so nothing read
 * before a write outlives it; requests for the same key meanwhile share its computation. The
 * dashboard (reporting/dashboard-cache.ts) and the signed-in lists (http/list-answers.ts) use it.
 */
export function createAnswerCache<Answer>(deps: {
  database: Pick<Database, 'committedWrites' | 'signals'>;
  logger: FastifyBaseLogger;
  /** Every table an answer is read from. */
  tables: readonly string[];
  /** The PostgreSQL channel on which the instances tell each other which brands' answers to drop. */
  channel: string;
  attribute?: Attribution;
  maxEntries: number;
}) {
  const { database, logger, tables, channel, attribute, maxEntries } = deps;
  const instance = randomUUID();
  const entries = new Map<string, Entry<Answer>>();
  // Until every instance's writes are heard, nothing is kept (PostgreSQL before LISTEN, or after losing it).
  let hearsEveryWrite = !database.signals;
  let stopListening: (() => Promise<void>) | null = null;

  const drop = (touched: Touched) => {
    if (touched === 'all') return entries.clear();
    for (const [key, { brands }] of entries) {
      if (brands === undefined || brands === 'all' || brands.some((brand) => touched.has(brand))) {
        entries.delete(key);
      }
    }
  };

  const heard = (payload: string) => {
    const signal = JSON.parse(payload) as { from?: string; brands?: unknown };
    if (signal.from === instance) return;
    const { brands } = signal;
    drop(Array.isArray(brands) ? new Set(brands.map(String)) : 'all');
  };

  database.committedWrites.watch(
    tables,
    (touched) => {
      drop(touched);
      if (!database.signals) return;
      const brands = touched === 'all' || touched.size > maxNotifiedBrands ? 'all' : [...touched];
      database.signals
        .notify(channel, JSON.stringify({ from: instance, brands }))
        .catch((error: unknown) => logger.error({ err: error }, `${channel}: NOTIFY failed`));
    },
    attribute,
  );

  return {
    /**
     * Starts listening to the other instances (PostgreSQL); keeping answers begins once it does, and
     * begins again each time the listening connection is back after a loss.
     */
    async start() {
      if (!database.signals) return;
      stopListening = await database.signals.listen(channel, {
        onSignal(payload) {
          try {
            heard(payload);
          } catch {
            drop('all');
          }
        },
        onLost() {
          hearsEveryWrite = false;
          drop('all');
          logger.error(
            `${channel}: the LISTEN connection ended; answers are computed each request until it is back`,
          );
        },
        onHeard() {
          // Nothing kept before now may have missed a signal sent while nobody listened.
          drop('all');
          hearsEveryWrite = true;
        },
      });
    },

    async stop() {
      hearsEveryWrite = false;
      drop('all');
      await stopListening?.();
    },

    /** The answer kept for `key`, or `compute`'s, kept while no write touches its brands. */
    async answer(key: string, compute: () => Promise<Computed<Answer>>): Promise<Answer> {
      const kept = entries.get(key);
      if (kept) {
        // Most recently used last: the oldest is the first dropped when full.
        entries.delete(key);
        entries.set(key, kept);
        return (await kept.computing).answer;
      }
      const computing = compute();
      if (!hearsEveryWrite) return (await computing).answer;
      const entry: Entry<Answer> = { computing, brands: undefined };
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
      try {
        const computed = await computing;
        entry.brands = computed.brands;
        return computed.answer;
      } catch (error) {
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      }
    },
  };
}

export type AnswerCache<Answer> = ReturnType<typeof createAnswerCache<Answer>>;
