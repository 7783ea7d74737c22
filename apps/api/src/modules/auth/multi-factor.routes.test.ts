import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoAdminEmail, demoPassword } from '../../demo/demo-data.ts';
import {
  call,
  createTestApp,
  createTestClock,
  loginAs,
  minutes,
  type App,
  type TestApp,
} from '../../test/test-app.ts';
import { totpCodeAt } from './multi-factor.ts';

const m = messages.multiFactor;
const clock = createTestClock(new Date('2026-03-02T10:00:05Z'));
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const nextStep = () => clock.advance(30_000);

const passwordStep = (email: string, password = demoPassword) =>
  call(app, { method: 'POST', url: '/api/auth/login', body: { email, password } });

async function challengeFor(email: string): Promise<string> {
  const response = await passwordStep(email);
  expect(response.statusCode).toBe(200);
  return response.json<{ challenge: string }>().challenge;
}

const secondStep = (body: Record<string, string>) =>
  call(app, { method: 'POST', url: '/api/auth/login/mfa', body });

/** Sets two-step sign-in up for a signed-in user; answers the secret and the recovery codes. */
async function enrol(token: string) {
  const setup = await call(app, { method: 'POST', url: '/api/auth/mfa/setup', token });
  expect(setup.statusCode).toBe(200);
  expect(setup.json()).toEqual({
    respCode: 200,
    details: { secret: expect.any(String), uri: expect.stringMatching(/^otpauth:\/\/totp\//) },
  });
  const { secret, uri } = setup.json<{ details: { secret: string; uri: string } }>().details;
  const enabled = await call(app, {
    method: 'POST',
    url: '/api/auth/mfa/enable',
    token,
    body: { code: totpCodeAt(secret, clock.now()) },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  expect(enabled.json()).toEqual({
    respCode: 200,
    respMessage: m.enabled,
    details: { recoveryCodes: expect.any(Array) },
  });
  nextStep();
  return {
    secret,
    uri,
    recoveryCodes: enabled.json<{ details: { recoveryCodes: string[] } }>().details.recoveryCodes,
  };
}

describe('two-step sign-in for a brand admin', () => {
  const email = 'brandadmin@demo.test';
  let secret: string;
  let recoveryCodes: string[];

  // Each case starts with no failed attempts counted; their counting has a case of its own.
  beforeEach(async () => {
    await testApp.db.deleteFrom('rate_limit_counters').execute();
  });

  it('is off until set up, and set up with a code of the app, answering 10 recovery codes once', async () => {
    const { token } = await loginAs(app, email);
    const before = await call(app, { url: '/api/auth/mfa', token });
    expect(before.json().details).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const setup = await call(app, { method: 'POST', url: '/api/auth/mfa/setup', token });
    const pending = setup.json<{ details: { secret: string; uri: string } }>().details;
    const wrong = await call(app, {
      method: 'POST',
      url: '/api/auth/mfa/enable',
      token,
      body: { code: totpCodeAt(pending.secret, new Date(clock.now().getTime() + minutes(10))) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'validation_failed', errorMessage: m.codeWrong });

    ({ secret, recoveryCodes } = await enrol(token));

    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const after = await call(app, { url: '/api/auth/mfa', token });
    expect(after.json().details).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const again = await call(app, { method: 'POST', url: '/api/auth/mfa/setup', token });
    expect(again.statusCode).toBe(409);
  });

  it('answers a correct password with a challenge and no session', async () => {
    const response = await passwordStep(email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, mfaRequired: true, challenge: expect.any(String) });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong code and counts it with failed logins, then pauses even the right code', async () => {
    const challenge = await challengeFor(email);
    const wrong = totpCodeAt(secret, new Date(clock.now().getTime() + minutes(5)));

    const first = await secondStep({ challenge, code: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json().errorMessage).toBe(m.codeWrong);
    for (let i = 1; i < testApp.config.rateLimit.loginFailuresPerAccount; i += 1) {
      await secondStep({ challenge, code: wrong });
    }
    const right = await secondStep({ challenge, code: totpCodeAt(secret, clock.now()) });

    expect(right.statusCode).toBe(429);
  });

  it('starts the session for the right code, once: the same code again is refused', async () => {
    const code = totpCodeAt(secret, clock.now());
    const challenge = await challengeFor(email);

    const response = await secondStep({ challenge, code });

    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json())).toEqual(['respCode', 'accessToken', 'details']);
    expect(response.json().details.email).toBe(email);
    expect(response.cookies.some((c) => c.name === 'krowd_session')).toBe(true);
    // The browser is now a device the account signed in on (its own count of failed logins).
    expect(response.cookies.some((c) => c.name === 'krowd_device' && c.httpOnly)).toBe(true);
    const session = await call(app, { url: '/api/auth/session', token: response.json().accessToken });
    expect(session.json().details.email).toBe(email);
    const reusedChallenge = await secondStep({ challenge, code: totpCodeAt(secret, clock.now()) });
    expect(reusedChallenge.statusCode).toBe(401);
    expect(reusedChallenge.json().errorMessage).toBe(m.challengeExpired);
    const replay = await secondStep({ challenge: await challengeFor(email), code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errorMessage).toBe(m.codeWrong);
    nextStep();
  });

  it('takes a code of the step before or after, for a phone clock a little off', async () => {
    const late = totpCodeAt(secret, new Date(clock.now().getTime() - 30_000));

    expect((await secondStep({ challenge: await challengeFor(email), code: late })).statusCode).toBe(400);
    const early = totpCodeAt(secret, new Date(clock.now().getTime() + 30_000));
    expect((await secondStep({ challenge: await challengeFor(email), code: early })).statusCode).toBe(200);
    clock.advance(60_000);
  });

  it('refuses a challenge older than 5 minutes', async () => {
    const challenge = await challengeFor(email);
    clock.advance(minutes(5) + 1000);

    const response = await secondStep({ challenge, code: totpCodeAt(secret, clock.now()) });

    expect(response.statusCode).toBe(401);
    expect(response.json().errorMessage).toBe(m.challengeExpired);
  });

  it('takes a recovery code once, typed in any case without dashes', async () => {
    const typed = recoveryCodes[0]!.replaceAll('-', '').toUpperCase();

    const first = await secondStep({ challenge: await challengeFor(email), recoveryCode: typed });
    const second = await secondStep({ challenge: await challengeFor(email), recoveryCode: typed });

    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ code: 'validation_failed', errorMessage: m.recoveryCodeWrong });
    const status = await call(app, { url: '/api/auth/mfa', token: first.json().accessToken });
    expect(status.json().details.recoveryCodesLeft).toBe(9);
  });

  it('refuses a second step with both a code and a recovery code, or neither', async () => {
    const challenge = await challengeFor(email);

    const both = await secondStep({ challenge, code: '123456', recoveryCode: recoveryCodes[1]! });
    const neither = await secondStep({ challenge });

    expect(both.statusCode).toBe(400);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errorMessage).toBe(m.codeRequired);
  });

  it('renews the recovery codes for a current code; the old ones stop working', async () => {
    const challenge = await challengeFor(email);
    const { accessToken: token } = (await secondStep({ challenge, recoveryCode: recoveryCodes[1]! })).json<{
      accessToken: string;
    }>();

    const renewed = await call(app, {
      method: 'POST',
      url: '/api/auth/mfa/recoveryCodes',
      token,
      body: { code: totpCodeAt(secret, clock.now()) },
    });

    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ details: { recoveryCodes: string[] } }>().details.recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await secondStep({ challenge: await challengeFor(email), recoveryCode: recoveryCodes[2]! });
    expect(old.statusCode).toBe(400);
    recoveryCodes = fresh;
    nextStep();
  });

  it('turns off only with the current password and a current code', async () => {
    const { accessToken: token } = (
      await secondStep({ challenge: await challengeFor(email), recoveryCode: recoveryCodes[0]! })
    ).json<{ accessToken: string }>();
    const disable = (body: Record<string, string>) =>
      call(app, { method: 'POST', url: '/api/auth/mfa/disable', token, body });

    const wrongPassword = await disable({ password: 'Wrong!Pass1', code: totpCodeAt(secret, clock.now()) });
    const wrongCode = await disable({ password: demoPassword, code: '000000' });
    const right = await disable({ password: demoPassword, code: totpCodeAt(secret, clock.now()) });

    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fieldErrors).toEqual({ password: messages.auth.currentPasswordWrong });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fieldErrors).toEqual({ code: m.codeWrong });
    expect(right.statusCode, right.body).toBe(200);
    const login = await passwordStep(email);
    expect(login.json().accessToken).toEqual(expect.any(String));
    expect(login.json().mfaRequired).toBeUndefined();
  });
});

describe('two-step sign-in for the system admin', () => {
  it('is set up for the demo admin, and cannot be turned off', async () => {
    const { token } = await loginAs(app, demoAdminEmail);

    const status = await call(app, { url: '/api/auth/mfa', token });
    const disable = await call(app, {
      method: 'POST',
      url: '/api/auth/mfa/disable',
      token,
      body: { password: demoPassword, code: '123456' },
    });

    expect(status.json().details).toMatchObject({ enabled: true, required: true });
    expect(disable.statusCode).toBe(400);
    expect(disable.json().errorMessage).toBe(m.requiredCannotDisable);
  });

  it('lets a system admin without it reach only the set-up, the session and logout until set up', async () => {
    const admin = await testApp.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demoAdminEmail)
      .executeTakeFirstOrThrow();
    await testApp.db.deleteFrom('user_multi_factor').where('user_id', '=', admin.id).execute();

    const { token } = await loginAs(app, demoAdminEmail);
    const banks = await call(app, { url: '/api/banks', token });
    const session = await call(app, { url: '/api/auth/session', token });
    const status = await call(app, { url: '/api/auth/mfa', token });

    expect(banks.statusCode).toBe(403);
    expect(banks.json().errorMessage).toBe(m.setupRequired);
    expect(session.json().details.email).toBe(demoAdminEmail);
    expect(status.json().details).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });

    await enrol(token);

    expect((await call(app, { url: '/api/banks', token })).statusCode).toBe(200);
  });
});
