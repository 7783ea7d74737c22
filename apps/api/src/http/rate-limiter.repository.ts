import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.generated.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** What counting one hit answers: the window's hits so far, this one included, and its seconds left. */
export interface CountedHit {
  hits: number;
  retry_after: number;
}

/**
 * The end of the statement that counts one hit in a fixed window: after an `INSERT INTO
 * rate_limit_counters AS c (key, window_started_at, hits)` of `(key, now(), 1)`, from VALUES or a
 * SELECT. Shared with a statement that finds what it counts and counts it at once (a publisher key).
 */
export function countingHit(windowMs: number) {
  const window = `${Math.ceil(windowMs)} milliseconds`;
  return sql`
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN c.window_started_at <= now() - ${window}::interval THEN 1 ELSE c.hits + 1 END,
      window_started_at = CASE WHEN c.window_started_at <= now() - ${window}::interval
        THEN now() ELSE c.window_started_at END
    RETURNING hits,
      ceil(extract(epoch FROM (window_started_at + ${window}::interval - now())))::int AS retry_after`;
}

/** Whether a counted hit is within `max`, and when to try again if not. */
export const verdictOf = (hit: CountedHit, max: number) => ({
  allowed: hit.hits <= max,
  retryAfterSeconds: Math.max(1, hit.retry_after),
});

/** The rate limiter's counters (rate_limit_counters), each check and count one statement. SQL only. */
export function createRateLimiter(db: Kysely<DB>): RateLimiter {
  return {
    async hit(key, max, windowMs) {
      const { rows } = await sql<CountedHit>`
        INSERT INTO rate_limit_counters AS c (key, window_started_at, hits)
        VALUES (${key}, now(), 1)
        ${countingHit(windowMs)}
      `.execute(db);
      return verdictOf(rows[0]!, max);
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
