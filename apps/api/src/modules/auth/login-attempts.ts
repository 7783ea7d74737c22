import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../../config.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';

const day = 24 * 3_600_000;

/**
 * Failed logins of one account from one source (issue 16 §12; docs/decisions.md): the first three
 * are free, then each further one makes the next wait 1 s, 2 s, 4 s… up to 15 minutes. The count
 * is forgotten after a day without attempts, or at a successful login or a new password.
 */
export const loginDelays = { freeAttempts: 3, maxDelaySeconds: 900, forgetMs: day } as const;

/** The sign-in attempts of each account, counted in the shared rate limiter. */
export function createLoginAttempts(deps: { limiter: RateLimiter; config: Config }) {
  const { limiter, config } = deps;
  const failureKey = (email: string) => `login-failures:${email}`;
  const sourceKey = (email: string, source: string | null) => `login-source:${email}|${source ?? ''}`;

  /**
   * Counts a password check before it is made, so parallel guesses cannot overtake the count: first
   * against the delay of this account from this source, then against the account's ceiling across
   * every source (reached only by a distributed attack; the mailed link still lets the owner in).
   */
  async function claim(email: string, source: string | null) {
    const fromSource = await limiter.attempt(sourceKey(email, source), loginDelays);
    if (!fromSource.allowed) {
      throw tooManyRequests(
        messages.auth.loginDelayed(fromSource.retryAfterSeconds),
        fromSource.retryAfterSeconds,
      );
    }
    const { loginFailuresPerAccount, windowMs } = config.rateLimit;
    const overall = await limiter.hit(failureKey(email), loginFailuresPerAccount, windowMs);
    if (!overall.allowed) {
      throw tooManyRequests(messages.auth.tooManyLoginAttempts, overall.retryAfterSeconds);
    }
  }

  /** A check that passed: its source starts afresh and it does not count towards the ceiling. */
  async function clear(email: string, source: string | null) {
    await limiter.reset(sourceKey(email, source));
    await limiter.undo(failureKey(email));
  }

  /** A second sign-in step that passed: the password step before it, left counted, is taken back too. */
  async function undoPasswordStep(email: string) {
    await limiter.undo(failureKey(email));
  }

  /** A new password set with a mailed link: every count of the account starts afresh. */
  async function forget(email: string) {
    await limiter.reset(failureKey(email));
    await limiter.resetPrefix(sourceKey(email, ''));
  }

  return { claim, clear, undoPasswordStep, forget };
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
