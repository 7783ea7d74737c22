import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.generated.ts';

/**
 * Fixed-window counters kept in PostgreSQL, so every API instance behind a load balancer counts
 * against the same numbers (the API holds no state of its own).
 */
export interface RateLimiter {
  /** Counts one hit; `allowed` is false once the window holds more than `max` hits. */
  hit(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Hits in the current window, without counting one. */
  peek(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** Resets every counter whose key starts with `prefix`. */
  resetPrefix(prefix: string): Promise<void>;
  /** Takes back one hit counted in the current window (one that turned out not to matter). */
  undo(key: string): Promise<void>;
  /**
   * Progressive delay: counts one attempt unless the key is still waiting out its delay, and then
   * makes the next attempt wait `delaySeconds(attempts so far)`. Check and count are one statement,
   * so parallel attempts cannot slip past a delay. A key untouched for `forgetMs` starts again.
   */
  attempt(
    key: string,
    schedule: { freeAttempts: number; maxDelaySeconds: number; forgetMs: number },
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

/**
 * The progressive delay after `attempts` counted attempts: none for the first `freeAttempts`, then
 * 1 s, doubling with each further attempt, capped at `maxDelaySeconds`.
 */
export function delaySeconds(attempts: number, schedule: { freeAttempts: number; maxDelaySeconds: number }) {
  if (attempts <= schedule.freeAttempts) return 0;
  return Math.min(2 ** (attempts - schedule.freeAttempts - 1), schedule.maxDelaySeconds);
}

export function createRateLimiter(db: Kysely<DB>): RateLimiter {
  return {
    async hit(key, max, windowMs) {
      const window = `${Math.ceil(windowMs)} milliseconds`;
      const { rows } = await sql<{ hits: number; retry_after: number }>`
        INSERT INTO rate_limit_counters AS c (key, window_started_at, hits)
        VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN c.window_started_at <= now() - ${window}::interval THEN 1 ELSE c.hits + 1 END,
          window_started_at = CASE WHEN c.window_started_at <= now() - ${window}::interval
            THEN now() ELSE c.window_started_at END
        RETURNING hits,
          ceil(extract(epoch FROM (window_started_at + ${window}::interval - now())))::int AS retry_after
      `.execute(db);
      const row = rows[0]!;
      return { allowed: row.hits <= max, retryAfterSeconds: Math.max(1, row.retry_after) };
    },
    async peek(key, windowMs) {
      const window = `${Math.ceil(windowMs)} milliseconds`;
      const { rows } = await sql<{ hits: number }>`
        SELECT hits FROM rate_limit_counters
        WHERE key = ${key} AND window_started_at > now() - ${window}::interval
      `.execute(db);
      return rows[0]?.hits ?? 0;
    },
    async reset(key) {
      await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
    },
    async resetPrefix(prefix) {
      await sql`DELETE FROM rate_limit_counters WHERE starts_with(key, ${prefix})`.execute(db);
    },
    async undo(key) {
      await sql`UPDATE rate_limit_counters SET hits = greatest(hits - 1, 0) WHERE key = ${key}`.execute(db);
    },
    async attempt(key, { freeAttempts, maxDelaySeconds, forgetMs }) {
      const forget = `${Math.ceil(forgetMs)} milliseconds`;
      // The SQL twin of delaySeconds() for the count this attempt makes.
      const delayAfter = (hits: ReturnType<typeof sql>) =>
        sql`CASE WHEN ${hits} <= ${freeAttempts} THEN NULL
          ELSE now() + least(power(2, ${hits} - ${freeAttempts} - 1), ${maxDelaySeconds}) * interval '1 second' END`;
      const restart = sql`c.window_started_at <= now() - ${forget}::interval`;
      const nextHits = sql`CASE WHEN ${restart} THEN 1 ELSE c.hits + 1 END`;
      const { rows } = await sql<{ hits: number }>`
        INSERT INTO rate_limit_counters AS c (key, window_started_at, hits, blocked_until)
        VALUES (${key}, now(), 1, ${delayAfter(sql`1`)})
        ON CONFLICT (key) DO UPDATE SET
          hits = ${nextHits},
          window_started_at = now(),
          blocked_until = ${delayAfter(nextHits)}
        WHERE c.blocked_until IS NULL OR c.blocked_until <= now()
        RETURNING hits
      `.execute(db);
      if (rows.length > 0) return { allowed: true, retryAfterSeconds: 0 };
      const { rows: waiting } = await sql<{ retry_after: number | null }>`
        SELECT ceil(extract(epoch FROM (blocked_until - now())))::int AS retry_after
        FROM rate_limit_counters WHERE key = ${key}
      `.execute(db);
      return { allowed: false, retryAfterSeconds: Math.max(1, waiting[0]?.retry_after ?? 1) };
    },
  };
}
