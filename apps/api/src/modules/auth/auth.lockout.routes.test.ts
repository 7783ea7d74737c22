import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { delaySeconds } from '../../http/rate-limiter.ts';
import {
  call,
  createTestApp,
  mailedLink,
  signUpNewAccount,
  type App,
  type TestApp,
} from '../../test/test-app.ts';
import { loginDelays } from './login-attempts.ts';

/**
 * Failed logins (docs/decisions.md 'Sign-in lockout and password strength'): counted
 * per account and source with progressive delays, and per account across every new device up to a
 * ceiling, here LOGIN_FAILURES_PER_ACCOUNT=10; a device the account signed in on before counts on
 * its own delays alone.
 */
let testApp: TestApp;
let app: App;
const ceiling = 10;

beforeAll(async () => {
  testApp = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_IP: '100000', LOGIN_FAILURES_PER_ACCOUNT: String(ceiling) },
  });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const login = (email: string, password: string, remoteAddress = '10.1.0.1', deviceCookie?: string) =>
  call(app, {
    method: 'POST',
    url: '/api/auth/login',
    body: { email, password },
    remoteAddress,
    ...(deviceCookie ? { headers: { cookie: deviceCookie } } : {}),
  });

/** The device cookie a successful login set, ready for a Cookie header. */
function deviceCookieOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((c) => c.name === 'krowd_device');
  if (!cookie) throw new Error('the login set no device cookie');
  return `${cookie.name}=${cookie.value}`;
}

/** The owner signs in once from their own browser, which keeps the device cookie it is given. */
async function ownDevice(account: { email: string; password: string }, remoteAddress: string) {
  const first = await login(account.email, account.password, remoteAddress);
  expect(first.statusCode).toBe(200);
  return deviceCookieOf(first);
}

/** As if the current delay of every source of the e-mail had passed. */
const waitOutDelays = (email: string) =>
  sql`UPDATE rate_limit_counters SET blocked_until = now() - interval '1 second'
    WHERE starts_with(key, ${`login-source:${email}|`})`.execute(testApp.db);

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

describe('the delay schedule', () => {
  it('lets 3 failures through freely, then waits 1 s, doubling up to 15 minutes', () => {
    const schedule = Array.from({ length: 16 }, (_, i) => delaySeconds(i + 1, loginDelays));

    expect(schedule).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });
});

describe('failed logins from one source', () => {
  it('check at most 4 of 20 parallel guesses (3 free, then the delay), the rest answer 429', async () => {
    const account = await signUpNewAccount(app, 'parallel');

    const startedAt = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => login(account.email, 'Wrong!Pass1', '10.1.0.2')),
    );

    // Within the first second exactly 4 are checked. A loaded machine may take longer to answer
    // all 20, and a wait that has run out rightly lets one more guess through: 1 s, then 2 s more…
    let checkable = loginDelays.freeAttempts + 1;
    for (let left = (Date.now() - startedAt) / 1000, wait = 1; left >= wait; left -= wait, wait *= 2) {
      checkable += 1;
    }
    const checked = statuses(responses).filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(loginDelays.freeAttempts + 1);
    expect(checked).toBeLessThanOrEqual(checkable);
    expect(statuses(responses).filter((s) => s === 429)).toHaveLength(20 - checked);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ code: 'rate_limited', errorMessage: messages.auth.loginDelayed(1) });
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('make each further failure wait longer: 1, 2, 4, 8 seconds', async () => {
    const account = await signUpNewAccount(app, 'growing');
    for (let i = 0; i < loginDelays.freeAttempts; i += 1) {
      expect((await login(account.email, 'Wrong!Pass1', '10.1.0.3')).statusCode).toBe(401);
    }

    for (const scheduled of [1, 2, 4, 8]) {
      const failedAt = Date.now();
      expect((await login(account.email, 'Wrong!Pass1', '10.1.0.3')).statusCode).toBe(401);
      const refused = await login(account.email, 'Wrong!Pass1', '10.1.0.3');
      expect(refused.statusCode).toBe(429);
      // Retry-After is what is left of the wait: on a loaded machine whole seconds may pass between
      // the failure and the refused guess (argon2 takes its time), never more than that.
      const passed = Math.ceil((Date.now() - failedAt) / 1000);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(scheduled);
      expect(wait).toBeGreaterThanOrEqual(Math.max(1, scheduled - passed));
      await waitOutDelays(account.email);
    }
  });

  it('refuse even the right password while the source waits, and do not lengthen the wait', async () => {
    const account = await signUpNewAccount(app, 'waiting');
    for (let i = 0; i < 5; i += 1) await login(account.email, 'Wrong!Pass1', '10.1.0.4');

    const right = await login(account.email, account.password, '10.1.0.4');

    expect(right.statusCode).toBe(429);
    const row = await testApp.db
      .selectFrom('rate_limit_counters')
      .select('hits')
      .where('key', '=', `login-source:${account.email}|10.1.0.4`)
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(4);
  });

  it('leave the owner free to log in from another address', async () => {
    const account = await signUpNewAccount(app, 'elsewhere');
    for (let i = 0; i < 10; i += 1) await login(account.email, 'Wrong!Pass1', '10.1.0.5');
    expect((await login(account.email, account.password, '10.1.0.5')).statusCode).toBe(429);

    const owner = await login(account.email, account.password, '10.1.0.6');

    expect(owner.statusCode).toBe(200);
  });

  it('start afresh after a successful login from that source', async () => {
    const account = await signUpNewAccount(app, 'fresh');
    for (let i = 0; i < 3; i += 1) await login(account.email, 'Wrong!Pass1', '10.1.0.7');
    expect((await login(account.email, account.password, '10.1.0.7')).statusCode).toBe(200);

    const again = await Promise.all([1, 2, 3].map(() => login(account.email, 'Wrong!Pass1', '10.1.0.7')));

    expect(statuses(again)).toEqual([401, 401, 401]);
  });

  it('count an unknown e-mail as a known one, so the answers tell nothing', async () => {
    const responses = [];
    for (let i = 0; i < 5; i += 1)
      responses.push(await login('ghost@example.test', 'Wrong!Pass1', '10.1.0.8'));

    expect(statuses(responses)).toEqual([401, 401, 401, 401, 429]);
  });
});

describe("the account's ceiling across every source", () => {
  it(`checks at most ${ceiling} of 20 parallel guesses from 20 addresses`, async () => {
    const account = await signUpNewAccount(app, 'distributed');

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(account.email, 'Wrong!Pass1', `10.2.0.${i + 1}`)),
    );

    expect(statuses(responses).filter((s) => s === 401)).toHaveLength(ceiling);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      errorMessage: messages.auth.tooManyLoginAttempts,
    });
  });

  it('does not count the owner’s successful logins', async () => {
    const account = await signUpNewAccount(app, 'regular');
    for (let i = 0; i < ceiling + 2; i += 1) {
      expect((await login(account.email, account.password, `10.3.0.${i + 1}`)).statusCode).toBe(200);
    }
  });

  it('once reached, still lets the owner in through the mailed recovery link, which clears every count', async () => {
    const account = await signUpNewAccount(app, 'tripped');
    await Promise.all(
      Array.from({ length: ceiling }, (_, i) => login(account.email, 'Wrong!Pass1', `10.4.0.${i + 1}`)),
    );
    for (let i = 0; i < 5; i += 1) await login(account.email, 'Wrong!Pass1', '10.4.1.1');
    const paused = await login(account.email, account.password, '10.4.2.1');
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual({ code: 'rate_limited', errorMessage: messages.auth.tooManyLoginAttempts });

    await call(app, {
      method: 'POST',
      url: `/api/auth/forgotPassword?email=${encodeURIComponent(account.email)}`,
    });
    const link = await mailedLink(app, account.email, '/changerecoverpassword/');
    const newPassword = 'Tulip Meadow Lantern';
    const recovered = await call(app, {
      method: 'POST',
      url: '/api/auth/changeRecoverPassword',
      body: { enEmail: new URL(link).pathname.split('/').pop(), newPassword, confirmPassword: newPassword },
    });
    expect(recovered.statusCode).toBe(200);

    expect((await login(account.email, newPassword, '10.4.2.1')).statusCode).toBe(200);
    // The source that was being slowed starts afresh too.
    expect((await login(account.email, newPassword, '10.4.1.1')).statusCode).toBe(200);
  });
});

describe('a distributed guesser against the owner’s known device', () => {
  it('cannot keep the owner out on a device they signed in on before, while every guess stays counted and refused', async () => {
    const account = await signUpNewAccount(app, 'besieged');
    const device = await ownDevice(account, '10.5.0.1');

    // 4 wrong passwords from each of 40 addresses, all at once: 160 guesses.
    const guesses = await Promise.all(
      Array.from({ length: 160 }, (_, i) =>
        login(account.email, 'Wrong!Pass1', `10.5.${1 + Math.floor(i / 4)}.${(i % 4) + 10}`),
      ),
    );

    expect(statuses(guesses).filter((s) => s === 401)).toHaveLength(ceiling);
    expect(statuses(guesses).filter((s) => s === 429)).toHaveLength(160 - ceiling);
    const owner = await login(account.email, account.password, '10.5.0.1', device);
    expect(owner.statusCode).toBe(200);
    // From another address too: the device, not the address, is what the owner signed in on.
    expect((await login(account.email, account.password, '10.5.99.1', device)).statusCode).toBe(200);
    // A new device with the right password is paused, as a guesser's next guess is.
    const newDevice = await login(account.email, account.password, '10.5.99.2');
    expect(newDevice.statusCode).toBe(429);
    expect(newDevice.json()).toEqual({
      code: 'rate_limited',
      errorMessage: messages.auth.tooManyLoginAttempts,
    });
    expect((await login(account.email, 'Wrong!Pass1', '10.5.99.3')).statusCode).toBe(429);
  });

  it("slows the known device's own wrong passwords on its own delays, leaving new devices alone", async () => {
    const account = await signUpNewAccount(app, 'own-counter');
    const device = await ownDevice(account, '10.6.0.1');

    const own = [];
    for (let i = 0; i < loginDelays.freeAttempts + 2; i += 1)
      own.push(await login(account.email, 'Wrong!Pass1', '10.6.0.1', device));

    expect(statuses(own)).toEqual([401, 401, 401, 401, 429]);
    expect(own.at(-1)!.json()).toEqual({ code: 'rate_limited', errorMessage: messages.auth.loginDelayed(1) });
    // Its failures are its own: a new device from the same address is not slowed by them.
    expect((await login(account.email, account.password, '10.6.0.1')).statusCode).toBe(200);
  });

  it('counts a device cookie of another account, or one never issued, as a new device', async () => {
    const account = await signUpNewAccount(app, 'strange-cookie');
    const someoneElses = await ownDevice(await signUpNewAccount(app, 'neighbour'), '10.7.0.1');
    await Promise.all(
      Array.from({ length: ceiling }, (_, i) => login(account.email, 'Wrong!Pass1', `10.7.1.${i + 1}`)),
    );

    const withTheirs = await login(account.email, account.password, '10.7.2.1', someoneElses);
    const withForged = await login(
      account.email,
      account.password,
      '10.7.2.2',
      `krowd_device=${'A'.repeat(43)}`,
    );

    expect(withTheirs.statusCode).toBe(429);
    expect(withForged.statusCode).toBe(429);
  });

  it('keeps one device token for every account signed in on the browser, and issues none it did not make', async () => {
    const first = await signUpNewAccount(app, 'shared-browser-a');
    const second = await signUpNewAccount(app, 'shared-browser-b');
    const device = await ownDevice(first, '10.8.0.1');

    const again = await login(second.email, second.password, '10.8.0.1', device);
    const forged = await login(second.email, second.password, '10.8.0.1', `krowd_device=${'B'.repeat(43)}`);

    expect(deviceCookieOf(again)).toBe(device);
    expect(deviceCookieOf(forged)).not.toBe(`krowd_device=${'B'.repeat(43)}`);
  });

  it('sets the device cookie HttpOnly and SameSite=Strict for 180 days', async () => {
    const account = await signUpNewAccount(app, 'cookie-attributes');

    const response = await login(account.email, account.password, '10.9.0.1');

    expect(response.cookies.find((c) => c.name === 'krowd_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: 180 * 86_400,
    });
  });
});
