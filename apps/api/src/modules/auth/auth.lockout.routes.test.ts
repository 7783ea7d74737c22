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
 * Failed logins (issue 16 §12): counted per account and source with progressive delays, and per
 * account across every source up to a ceiling, here LOGIN_FAILURES_PER_ACCOUNT=10.
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

const login = (email: string, password: string, remoteAddress = '10.1.0.1') =>
  call(app, { method: 'POST', url: '/api/auth/login', body: { email, password }, remoteAddress });

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

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => login(account.email, 'Wrong!Pass1', '10.1.0.2')),
    );

    expect(statuses(responses).filter((s) => s === 401)).toHaveLength(loginDelays.freeAttempts + 1);
    expect(statuses(responses).filter((s) => s === 429)).toHaveLength(20 - loginDelays.freeAttempts - 1);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ errorMessage: messages.auth.loginDelayed(1) });
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('make each further failure wait longer: 1, 2, 4, 8 seconds', async () => {
    const account = await signUpNewAccount(app, 'growing');
    for (let i = 0; i < loginDelays.freeAttempts; i += 1) {
      expect((await login(account.email, 'Wrong!Pass1', '10.1.0.3')).statusCode).toBe(401);
    }

    const waits: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      expect((await login(account.email, 'Wrong!Pass1', '10.1.0.3')).statusCode).toBe(401);
      const refused = await login(account.email, 'Wrong!Pass1', '10.1.0.3');
      expect(refused.statusCode).toBe(429);
      waits.push(String(refused.headers['retry-after']));
      await waitOutDelays(account.email);
    }

    expect(waits).toEqual(['1', '2', '4', '8']);
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
    expect(refused.json()).toEqual({ errorMessage: messages.auth.tooManyLoginAttempts });
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
    expect(paused.json()).toEqual({ errorMessage: messages.auth.tooManyLoginAttempts });

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
