import { messages } from '@krowd/domain/messages/messages';
import type { Config } from '../../config.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limiter.ts';

const day = 24 * 3_600_000;

/**
 * Failed logins of one account from one source (docs/decisions.md): the first three
 * are free, then each further one makes the next wait 1 s, 2 s, 4 s… up to 15 minutes. The count
 * is forgotten after a day without attempts, or at a successful login or a new password.
 */
export const loginDelays = { freeAttempts: 3, maxDelaySeconds: 900, forgetMs: day } as const;

/**
 * Where a password check is counted: from a device the account signed in on before (its token's
 * hash, known-devices.ts), or else from an address.
 */
export interface CountedSource {
  ip: string | null;
  knownDevice: string | null;
}

/**
 * The sign-in attempts of each account, counted in the shared rate limiter (docs/decisions.md
 * 'Sign-in lockout and password strength'). A known device has a counter of its own, with the
 * delays above; every other check counts against its address's delays and against the account's
 * ceiling for new devices, which only a distributed guesser reaches and which never touches a
 * known device.
 */
export function createLoginAttempts(deps: { limiter: RateLimiter; config: Config }) {
  const { limiter, config } = deps;
  const failureKey = (email: string) => `login-failures:${email}`;
  const sourceKey = (email: string, source: string | null) => `login-source:${email}|${source ?? ''}`;
  const deviceKey = (email: string, device: string) => `login-device:${email}|${device}`;

  const delayed = (retryAfterSeconds: number) =>
    tooManyRequests(messages.auth.loginDelayed(retryAfterSeconds), retryAfterSeconds);

  /**
   * Counts a password check before it is made, so parallel guesses cannot overtake the count. From a
   * known device: against that device's delay alone. From anywhere else: against the delay of this
   * account from this address, then against the account's ceiling for new devices.
   */
  async function claim(email: string, source: CountedSource) {
    if (source.knownDevice) {
      const fromDevice = await limiter.attempt(deviceKey(email, source.knownDevice), loginDelays);
      if (!fromDevice.allowed) throw delayed(fromDevice.retryAfterSeconds);
      return;
    }
    const fromSource = await limiter.attempt(sourceKey(email, source.ip), loginDelays);
    if (!fromSource.allowed) throw delayed(fromSource.retryAfterSeconds);
    const { loginFailuresPerAccount, windowMs } = config.rateLimit;
    const overall = await limiter.hit(failureKey(email), loginFailuresPerAccount, windowMs);
    if (!overall.allowed) {
      throw tooManyRequests(messages.auth.tooManyLoginAttempts, overall.retryAfterSeconds);
    }
  }

  /** A check that passed: its device or address starts afresh, and it does not count towards the ceiling. */
  async function clear(email: string, source: CountedSource) {
    if (source.knownDevice) {
      await limiter.reset(deviceKey(email, source.knownDevice));
      return;
    }
    await limiter.reset(sourceKey(email, source.ip));
    await limiter.undo(failureKey(email));
  }

  /** A second sign-in step that passed: the password step before it, left counted, is taken back too. */
  async function undoPasswordStep(email: string, source: CountedSource) {
    if (!source.knownDevice) await limiter.undo(failureKey(email));
  }

  /** A new password set with a mailed link: every count of the account starts afresh. */
  async function forget(email: string) {
    await limiter.reset(failureKey(email));
    await limiter.resetPrefix(sourceKey(email, ''));
    await limiter.resetPrefix(`login-device:${email}|`);
  }

  return { claim, clear, undoPasswordStep, forget };
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
