import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';

/** What resolving a session reads: every table a session and its user's scope are made of. */
export const sessionTables = ['sessions', 'users', 'brands', 'groups', 'banks', 'brand_banks'] as const;
/** The channel on which PostgreSQL tells every instance to drop what it holds. */
export const sessionRevokedChannel = 'session_revoked';

const lifetimeMs = 5_000;
const maxEntries = 10_000;

/**
 * A few seconds' memory of sessions read, keyed by token hash, so a busy caller costs no statement
 * a request. It is emptied after every committed write to a table a session is read from, by this
 * process (at once, before the write's answer) or by another (on PostgreSQL, through NOTIFY). A read
 * that overlapped an emptying is not kept, so nothing read before a write outlives it.
 */
export function createSessionCache<Entry>(deps: {
  database: Pick<Database, 'committedWrites' | 'signals'>;
  logger: FastifyBaseLogger;
  now?: () => number;
}) {
  const { database, logger } = deps;
  const now = deps.now ?? (() => performance.now());
  const entries = new Map<string, { entry: Entry; storedAt: number }>();
  let generation = 0;
  // Until every instance's writes are heard, nothing is kept (PostgreSQL before LISTEN, or after losing it).
  let hearsEveryWrite = !database.signals;
  let stopListening: (() => Promise<void>) | null = null;

  const clear = () => {
    generation += 1;
    entries.clear();
  };

  database.committedWrites.watch(sessionTables, () => {
    clear();
    database.signals
      ?.notify(sessionRevokedChannel)
      .catch((error: unknown) => logger.error({ err: error }, 'session cache: NOTIFY failed'));
  });

  return {
    /**
     * Starts listening to the other instances (PostgreSQL); caching begins once it does, and begins
     * again each time the listening connection is back after a loss.
     */
    async start() {
      if (!database.signals) return;
      stopListening = await database.signals.listen(sessionRevokedChannel, {
        onSignal: clear,
        onLost() {
          hearsEveryWrite = false;
          clear();
          logger.error(
            'session cache: the LISTEN connection ended; sessions are read each request until it is back',
          );
        },
        onHeard() {
          // A read begun before now may have missed a revocation sent while nobody listened.
          clear();
          hearsEveryWrite = true;
        },
      });
    },

    async stop() {
      hearsEveryWrite = false;
      await stopListening?.();
    },

    /** The entry kept for this token hash, while it is fresh. */
    get(tokenHash: string): Entry | undefined {
      const kept = entries.get(tokenHash);
      if (!kept) return undefined;
      if (now() - kept.storedAt > lifetimeMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return kept.entry;
    },

    /** Call before reading: `keep` then stores the read only if nothing was written meanwhile. */
    ticket(): number {
      return generation;
    },

    keep(tokenHash: string, entry: Entry, ticket: number) {
      if (!hearsEveryWrite || ticket !== generation) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { entry, storedAt: now() });
    },
  };
}

export type SessionCache<Entry> = ReturnType<typeof createSessionCache<Entry>>;
