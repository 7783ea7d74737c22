/**
 * Fixed-window counters kept in PostgreSQL, so every API instance behind a load balancer counts
 * against the same numbers (the API holds no state of its own). The statements are in
 * rate-limiter.repository.ts.
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
