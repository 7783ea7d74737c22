import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

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
  };
}
