import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** How many reads each server answered, since the process started (health and tests). */
export interface ReadsServed {
  replica: number;
  primary: number;
}

export interface ReplicaRoutingOptions {
  primary: PostgresPool;
  replica: PostgresPool;
  /** The primary's WAL position now: every transaction committed before this call is at or before it. */
  primaryPosition(): Promise<string>;
  /** Whether the replica has replayed the WAL up to `position`; false on a server not in recovery. */
  replicaHasReplayed(position: string): Promise<boolean>;
  /** After a replica fault, reads skip it this long (so an absent replica costs one timeout, not one a read). */
  replicaRestMs?: number;
  now?: () => number;
}

/**
 * A pool for reads that may go to a streaming replica (decision 0128). Each connection is lent by
 * the replica only when it has replayed everything the primary had written when the read began, so
 * a read never misses a write committed before it, whichever instance committed it: a brand sees
 * its own upload at once. Otherwise, and while the replica is unreachable, the primary lends it.
 * Closing ends the replica's pool only; the primary's belongs to the main database handle.
 */
export function replicaRouting(options: ReplicaRoutingOptions): PostgresPool & { served: ReadsServed } {
  const { primary, replica, replicaRestMs = 5_000, now = Date.now } = options;
  const served: ReadsServed = { replica: 0, primary: 0 };
  let restUntil = 0;

  const replicaCaughtUp = async () => {
    if (now() < restUntil) return false;
    try {
      return await options.replicaHasReplayed(await options.primaryPosition());
    } catch {
      restUntil = now() + replicaRestMs;
      return false;
    }
  };

  return {
    served,
    async connect(): Promise<PostgresPoolClient> {
      if (await replicaCaughtUp()) {
        try {
          const client = await replica.connect();
          served.replica += 1;
          return client;
        } catch {
          restUntil = now() + replicaRestMs;
        }
      }
      served.primary += 1;
      return primary.connect();
    },
    async end() {
      await replica.end();
    },
  };
}
