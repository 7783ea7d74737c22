import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInHintCookieName } from '@krowd/domain/auth/signed-in-hint';
import { messages } from '@krowd/domain/messages/messages';
import { demoNames, demoPassword } from '../../demo/demo-data.ts';
import { sessionCookieName } from '../../plugins/access.ts';
import {
  call,
  createTestApp,
  demoIds,
  linkToken,
  loginAs,
  mailedLink,
  loginAsGuest,
  signUpNewAccount,
  type App,
  type TestApp,
} from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp({
    // The per-IP limit has its own test file; here it would only count this file's many logins.
    env: { AUTH_RATE_LIMIT_PER_IP: '100000' },
  });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const count = async (table: 'users' | 'sessions' | 'brands') => {
  const row = await testApp.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

const login = (body: unknown, headers?: Record<string, string>) =>
  call(app, { method: 'POST', url: '/api/auth/login', body, headers });

describe('POST /api/auth/login', () => {
  it('answers respCode 200, an access token and the session user', async () => {
    const response = await login({ email: 'companyadmin@demo.test', password: demoPassword });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['respCode', 'accessToken', 'details']);
    expect(body.respCode).toBe(200);
    expect(body.accessToken).toEqual(expect.any(String));
    expect(body.accessToken.length).toBeGreaterThanOrEqual(40);
    expect(body.details).toMatchObject({
      email: 'companyadmin@demo.test',
      role: 'companyAdmin',
      entityType: 'brand',
      brandName: demoNames.brands.standalone,
      isClientAdmin: false,
      isFirstLogin: false,
      isTAndCAccepted: true,
      guestUser: false,
      guestUserFlag: false,
    });
    expect(body.details._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.details.brandId).toBe(body.details.brandObjId);
    expect(body.details.brandIds).toEqual([
      { brandId: body.details.brandId, brandName: demoNames.brands.standalone },
    ]);
    for (const flag of ['stepOne', 'stepTwo', 'stepThree', 'proceesCompleted']) {
      expect(typeof body.details[flag]).toBe('boolean');
    }
  });

  it('never answers the password hash or any other secret', async () => {
    const response = await login({ email: 'brandadmin@demo.test', password: demoPassword });

    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/argon2|password_hash|passwordHash|token_hash/i);
    expect(Object.keys(response.json().details)).not.toContain('password');
  });

  it.each([
    {
      email: 'groupadmin@demo.test',
      expected: { role: 'groupAdmin', entityType: 'brand', groupName: demoNames.group, brandId: null },
      brands: [demoNames.brands.groupBrandB, demoNames.brands.groupBrandA],
    },
    {
      email: 'groupuser@demo.test',
      expected: { role: 'groupUser', entityType: 'brand', groupName: demoNames.group },
      brands: [demoNames.brands.groupBrandB, demoNames.brands.groupBrandA],
    },
    {
      email: 'bank@demo.test',
      expected: { role: null, entityType: 'bank', bankName: demoNames.bank },
      brands: [],
    },
    {
      email: 'admin@demo.test',
      expected: { role: null, entityType: 'systemadmin', brandId: null },
      brands: [],
    },
    { email: 'clientadmin@demo.test', expected: { entityType: 'brand', isClientAdmin: true }, brands: [] },
    {
      email: 'firstlogin@demo.test',
      expected: {
        role: 'user',
        isFirstLogin: true,
        isTAndCAccepted: false,
        brandName: demoNames.brands.firstLogin,
      },
      brands: [demoNames.brands.firstLogin],
    },
  ])('describes $email with its entity, role, tenant and flags', async ({ email, expected, brands }) => {
    const { details } = await loginAs(app, email);

    expect(details).toMatchObject(expected);
    expect(details.brandIds.map((b) => b.brandName)).toEqual(brands);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const response = await login({ email: '  User@Demo.TEST ', password: demoPassword });

    expect(response.statusCode).toBe(200);
    expect(response.json().details.email).toBe('user@demo.test');
  });

  it('accepts the spec’s entityType and deviceInfo fields and reads the device from the request', async () => {
    const before = await count('sessions');
    const response = await login(
      {
        email: 'user@demo.test',
        password: demoPassword,
        entityType: 'brand',
        deviceInfo: { ipAddress: '6.6.6.6' },
      },
      {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      },
    );

    expect(response.statusCode).toBe(200);
    expect(await count('sessions')).toBe(before + 1);
    const session = await testApp.db
      .selectFrom('sessions')
      .select(['ip_address', 'browser_name', 'os_name'])
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ ip_address: '127.0.0.1', browser_name: 'Chrome', os_name: 'Linux' });
  });

  it('sets an httpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const response = await login({ email: 'user@demo.test', password: demoPassword });

    const cookie = response.cookies.find((c) => c.name === sessionCookieName);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      value: response.json().accessToken,
    });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(12 * 3600);
  });

  it('sets beside it a signed-in hint the page may read, which holds no secret and lasts as long', async () => {
    const response = await login({ email: 'user@demo.test', password: demoPassword });

    const hint = response.cookies.find((c) => c.name === signedInHintCookieName);
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', path: '/', maxAge: 12 * 3600 });
    expect(hint?.httpOnly).toBeFalsy();
  });

  it('refuses a wrong password with 401 and starts no session', async () => {
    const account = await signUpNewAccount(app, 'wrongpass');
    const before = await count('sessions');

    const response = await login({ email: account.email, password: 'Wrong!Pass1' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.auth.loginFailed });
    expect(response.cookies.find((c) => c.name === sessionCookieName)).toBeUndefined();
    expect(await count('sessions')).toBe(before);
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const response = await login({ email: 'nobody-here@demo.test', password: demoPassword });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.auth.loginFailed });
  });

  it('refuses the guest, who has no password, with the same answer', async () => {
    const response = await login({ email: 'guest@demo.test', password: demoPassword });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.auth.loginFailed });
  });

  it('refuses a deactivated account with 403 and its message', async () => {
    const account = await signUpNewAccount(app, 'deactivated');
    await testApp.db
      .updateTable('users')
      .set({ status: 'deactivated' })
      .where('email', '=', account.email)
      .execute();

    const response = await login({ email: account.email, password: account.password });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'account_deactivated',
      errorMessage: messages.auth.accountDeactivated,
    });
  });

  describe('refuses bad input with 400, a message naming the field, and no session', () => {
    const long = (n: number) => 'a'.repeat(n);
    it.each([
      {
        name: 'a missing e-mail',
        body: { password: demoPassword },
        field: 'email',
        message: messages.validation.emailRequired,
      },
      {
        name: 'an empty e-mail',
        body: { email: '', password: demoPassword },
        field: 'email',
        message: messages.validation.emailRequired,
      },
      {
        name: 'a missing password',
        body: { email: 'user@demo.test' },
        field: 'password',
        message: messages.validation.passwordRequired,
      },
      {
        name: 'an empty password',
        body: { email: 'user@demo.test', password: '' },
        field: 'password',
        message: messages.validation.passwordRequired,
      },
      {
        name: 'a malformed e-mail',
        body: { email: 'user@', password: demoPassword },
        field: 'email',
        message: messages.validation.emailInvalid,
      },
      {
        name: 'an extra field',
        body: { email: 'user@demo.test', password: demoPassword, isAdmin: true },
        field: 'isAdmin',
        message: messages.validation.unexpectedField,
      },
      { name: 'a numeric e-mail', body: { email: 42, password: demoPassword }, field: 'email' },
      {
        name: 'a password given as an array',
        body: { email: 'user@demo.test', password: [demoPassword] },
        field: 'password',
      },
      {
        name: 'an object as the e-mail',
        body: { email: { $ne: null }, password: demoPassword },
        field: 'email',
      },
      {
        name: 'an oversized e-mail',
        body: { email: `${long(250)}@demo.test`, password: demoPassword },
        field: 'email',
        message: messages.validation.emailInvalid,
      },
      {
        name: 'an oversized password',
        body: { email: 'user@demo.test', password: long(129) },
        field: 'password',
        message: messages.validation.tooLong,
      },
      {
        name: 'an unknown entityType',
        body: { email: 'user@demo.test', password: demoPassword, entityType: 'root' },
        field: 'entityType',
      },
      {
        name: 'an extra deviceInfo field',
        body: { email: 'user@demo.test', password: demoPassword, deviceInfo: { cpu: 'x' } },
        field: 'deviceInfo.cpu',
        message: messages.validation.unexpectedField,
      },
    ])('$name', async ({ body, field, message }) => {
      const before = await count('sessions');

      const response = await login(body);

      expect(response.statusCode).toBe(400);
      const answer = response.json();
      expect(answer.respCode).toBeUndefined();
      expect(answer.fieldErrors).toHaveProperty([field]);
      expect(Object.keys(answer.fieldErrors)).toContain(field);
      if (message) {
        expect(answer.errorMessage).toBe(message);
        expect(answer.fieldErrors[field]).toBe(message);
      }
      expect(await count('sessions')).toBe(before);
    });

    it('an empty object, naming both fields', async () => {
      const response = await login({});

      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        email: messages.validation.emailRequired,
        password: messages.validation.passwordRequired,
      });
    });

    it('a JSON array instead of an object', async () => {
      const response = await login([{ email: 'user@demo.test', password: demoPassword }]);

      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty(['body']);
    });
  });

  it('answers malformed JSON with a 400 JSON body, not a 500 or a stack trace', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "user@demo.test", "password": ',
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: messages.common.invalidRequest,
    });
    expect(response.body).not.toMatch(/stack|at .*\.js|node_modules|SyntaxError/);
  });

  it('answers an empty JSON body with a 400 JSON body', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: '',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toEqual(expect.any(String));
  });

  describe('treats HTML and SQL in strings as plain text', () => {
    it.each(["o'neil'--@demo.test", "admin'or'1'='1@demo.test", 'user+<script>@demo.test'])(
      'an e-mail like %s logs nobody in and breaks nothing',
      async (email) => {
        const users = await count('users');

        const response = await login({ email, password: "' OR '1'='1" });

        expect([400, 401]).toContain(response.statusCode);
        expect(response.json().errorMessage).toEqual(expect.any(String));
        expect(response.body).not.toContain('<script>');
        expect(await count('users')).toBe(users);
      },
    );

    it.each([
      "' OR '1'='1' --",
      "x'); DROP TABLE users; --",
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
    ])('a password like %s is only a wrong password', async (password) => {
      const account = await signUpNewAccount(app, 'injection');

      const response = await login({ email: account.email, password });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.auth.loginFailed });
      expect((await loginAs(app, account.email, account.password)).token).toEqual(expect.any(String));
    });
  });

  it('refuses an unconfirmed sign-up with 403 and mails its confirmation link again', async () => {
    const email = `unconfirmed-${Date.now()}@example.test`;
    const password = 'Quiet Tulip River';
    await call(app, {
      method: 'POST',
      url: '/api/users/signup',
      body: { firstName: 'Una', lastName: 'Confirmed', email, password, confirmPassword: password },
    });
    const first = await mailedLink(app, email, '/verifyemail/');

    const response = await login({ email, password });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'email_not_verified',
      errorMessage: messages.auth.emailNotVerified,
    });
    expect(response.cookies.find((c) => c.name === sessionCookieName)).toBeUndefined();
    const again = await mailedLink(app, email, '/verifyemail/');
    expect(again).not.toBe(first);
    const confirmed = await call(app, {
      method: 'POST',
      url: '/api/auth/confirmEmail',
      body: { token: linkToken(again) },
    });
    expect(confirmed.json()).toEqual({ respCode: 200, respMessage: messages.auth.emailVerified });
    expect((await login({ email, password })).statusCode).toBe(200);
  });

  it('answers a wrong password for an unconfirmed sign-up as for any account', async () => {
    const email = `unconfirmed-wrong-${Date.now()}@example.test`;
    const password = 'Quiet Tulip River';
    await call(app, {
      method: 'POST',
      url: '/api/users/signup',
      body: { firstName: 'Una', lastName: 'Confirmed', email, password, confirmPassword: password },
    });
    await app.services.auth.settled();

    const response = await login({ email, password: 'Wrong!Pass1' });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.auth.loginFailed });
  });
});

/** A private route every signed-in user may call: their own details. */
const ownDetails = (details: { _id: string }, auth: { token?: string; cookie?: string }) =>
  call(app, {
    url: `/api/users/${details._id}`,
    token: auth.token,
    headers: auth.cookie ? { cookie: auth.cookie } : undefined,
  });

describe('the session', () => {
  it('is accepted from the cookie', async () => {
    const { cookie, details } = await loginAs(app, 'user@demo.test');

    const response = await ownDetails(details, { cookie });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      respCode: 200,
      details: { _id: details._id, email: 'user@demo.test' },
    });
  });

  it('is accepted from an Authorization: Bearer token', async () => {
    const { token, details } = await loginAs(app, 'bank@demo.test');

    const response = await ownDetails(details, { token });

    expect(response.statusCode).toBe(200);
    expect(response.json().details._id).toBe(details._id);
  });

  it('is required: without one a private route answers 401 asking to log in', async () => {
    const { details } = await loginAs(app, 'user@demo.test');

    const response = await ownDetails(details, {});

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.common.loginRequired });
  });

  it.each(['not-a-real-token', 'a'.repeat(43)])(
    'with an unknown token %j answers 401 Session expired',
    async (token) => {
      const { details } = await loginAs(app, 'user@demo.test');

      const response = await ownDetails(details, { token });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'unauthenticated',
        errorMessage: messages.common.sessionExpired,
      });
    },
  );

  it('ends when the account is deactivated', async () => {
    const account = await signUpNewAccount(app, 'deactivated-later');
    const { token, details } = await loginAs(app, account.email, account.password);
    await testApp.db
      .updateTable('users')
      .set({ status: 'deactivated' })
      .where('email', '=', account.email)
      .execute();

    const response = await ownDetails(details, { token });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'unauthenticated',
      errorMessage: messages.common.sessionExpired,
    });
  });

  it('is one of at most 10 per user: signing in an 11th time ends the oldest', async () => {
    const account = await signUpNewAccount(app, 'many-sessions');
    const sessions = [];
    for (let n = 0; n < 11; n += 1) sessions.push(await loginAs(app, account.email, account.password));

    const answers = await Promise.all(
      sessions.map(({ token, details }) => ownDetails(details, { token }).then((r) => r.statusCode)),
    );

    expect(answers).toEqual([401, ...Array(10).fill(200)]);
  });
});

describe('GET /api/auth/session (the browser asks who is signed in)', () => {
  it('answers the session user when signed in', async () => {
    const { cookie, details } = await loginAs(app, 'groupadmin@demo.test');

    const response = await call(app, { url: '/api/auth/session', headers: { cookie } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, details });
  });

  it('answers details null when signed out, or when the session has ended', async () => {
    const { token } = await loginAs(app, 'groupadmin@demo.test');
    await call(app, { method: 'POST', url: '/api/auth/logout', token });

    const anonymous = await call(app, { url: '/api/auth/session' });
    const ended = await call(app, { url: '/api/auth/session', token });

    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ respCode: 200, details: null });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ respCode: 200, details: null });
  });

  it('clears a signed-in hint left after the session ended, and keeps it while the session lasts', async () => {
    const signedIn = await loginAs(app, 'groupadmin@demo.test');
    const hint = `${signedInHintCookieName}=1`;

    const living = await call(app, {
      url: '/api/auth/session',
      headers: { cookie: `${signedIn.cookie}; ${hint}` },
    });
    const stale = await call(app, { url: '/api/auth/session', headers: { cookie: hint } });

    expect(living.cookies.find((c) => c.name === signedInHintCookieName)).toBeUndefined();
    const cleared = stale.cookies.find((c) => c.name === signedInHintCookieName);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the token then answers 401 Session expired', async () => {
    const { token, details } = await loginAs(app, 'user@demo.test');

    const response = await call(app, { method: 'POST', url: '/api/auth/logout', token });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, respMessage: messages.auth.loggedOut });
    const after = await ownDetails(details, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.common.sessionExpired });
  });

  it('clears the session cookie of a browser, and the signed-in hint', async () => {
    const { cookie, details } = await loginAs(app, 'user@demo.test');

    const response = await call(app, { method: 'POST', url: '/api/auth/logout', headers: { cookie } });

    expect(response.statusCode).toBe(200);
    for (const name of [sessionCookieName, signedInHintCookieName]) {
      const cleared = response.cookies.find((c) => c.name === name);
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect((await ownDetails(details, { cookie })).statusCode).toBe(401);
  });

  it('ends only that session: another session of the same user goes on', async () => {
    const first = await loginAs(app, 'brandadmin@demo.test');
    const second = await loginAs(app, 'brandadmin@demo.test');

    await call(app, { method: 'POST', url: '/api/auth/logout', token: first.token });

    expect((await ownDetails(second.details, { token: second.token })).statusCode).toBe(200);
    expect((await ownDetails(first.details, { token: first.token })).statusCode).toBe(401);
  });

  it('answers 200 without a session too, so a stale browser can always log out', async () => {
    const response = await call(app, { method: 'POST', url: '/api/auth/logout' });

    expect(response.statusCode).toBe(200);
    expect(response.json().respCode).toBe(200);
  });
});

describe('POST /api/users/signup', () => {
  const signup = (body: unknown) => call(app, { method: 'POST', url: '/api/users/signup', body });
  const valid = (email: string) => ({
    firstName: 'Ada',
    lastName: 'Lovelace-King',
    email,
    password: 'Str0ng!Pass',
    confirmPassword: 'Str0ng!Pass',
  });

  /** Signs up and opens the mailed confirmation link, as the owner would. */
  const signupAndConfirm = async (body: ReturnType<typeof valid>) => {
    const response = await signup(body);
    const link = await mailedLink(app, body.email.toLowerCase(), '/verifyemail/');
    const confirmed = await call(app, {
      method: 'POST',
      url: '/api/auth/confirmEmail',
      body: { token: linkToken(link) },
    });
    expect(confirmed.statusCode).toBe(200);
    return response;
  };

  it('creates a brand account and its brand; once the mailed link is opened, the account can log in', async () => {
    const brands = await count('brands');

    const response = await signupAndConfirm(valid('ada@example.test'));

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ respCode: 200, respMessage: messages.auth.signupSuccess });
    expect(await count('brands')).toBe(brands + 1);
    const { details } = await loginAs(app, 'ada@example.test', 'Str0ng!Pass');
    expect(details).toMatchObject({
      entityType: 'brand',
      role: 'companyAdmin',
      isFirstLogin: true,
      firstName: 'Ada',
      lastName: 'Lovelace-King',
      brandName: 'Ada Lovelace-King',
    });
  });

  it('stores the e-mail in lower case', async () => {
    await signupAndConfirm(valid('Mixed.Case@Example.TEST'));

    const { details } = await loginAs(app, 'mixed.case@example.test', 'Str0ng!Pass');
    expect(details.email).toBe('mixed.case@example.test');
  });

  it.each(['user@demo.test', 'USER@Demo.Test'])(
    'answers an e-mail already registered (%s) byte for byte as a new one, and mails its owner instead',
    async (email) => {
      const fresh = await signup(valid(`fresh-${Date.now()}@example.test`));
      await app.services.auth.settled();
      const users = await count('users');

      const taken = await signup(valid(email));

      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.body).toBe(fresh.body);
      expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
      await app.services.auth.settled();
      expect(await count('users')).toBe(users);
      const mail = await testApp.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', 'user@demo.test')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe(messages.mail.signupAttemptSubject);
      expect(mail.text_body).toContain('http://localhost:3000/login');
      expect(mail.text_body).toContain('http://localhost:3000/forgot');
    },
  );

  it('makes no usable account before the e-mail is confirmed', async () => {
    await signup(valid('not-yet@example.test'));
    await app.services.auth.settled();

    const account = await testApp.db
      .selectFrom('users')
      .select('email_verified')
      .where('email', '=', 'not-yet@example.test')
      .executeTakeFirstOrThrow();
    expect(account.email_verified).toBe(false);
    expect((await login({ email: 'not-yet@example.test', password: 'Str0ng!Pass' })).statusCode).toBe(403);
  });

  it('refuses a used or unknown confirmation link with 400', async () => {
    await signup(valid('twice@example.test'));
    const token = linkToken(await mailedLink(app, 'twice@example.test', '/verifyemail/'));
    const confirm = () => call(app, { method: 'POST', url: '/api/auth/confirmEmail', body: { token } });
    expect((await confirm()).statusCode).toBe(200);

    const again = await confirm();

    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'validation_failed', errorMessage: messages.auth.linkInvalid });
  });

  const v = messages.validation;
  it.each([
    {
      name: 'a missing first name',
      change: { firstName: undefined },
      field: 'firstName',
      message: v.nameRequired,
    },
    { name: 'a short first name', change: { firstName: 'Al' }, field: 'firstName', message: v.nameMin },
    { name: 'a long last name', change: { lastName: 'A'.repeat(21) }, field: 'lastName', message: v.nameMax },
    { name: 'digits in a name', change: { lastName: 'R2D2' }, field: 'lastName', message: v.nameCharacters },
    {
      name: 'HTML in a name',
      change: { firstName: '<b>Bob</b>' },
      field: 'firstName',
      message: v.nameCharacters,
    },
    {
      name: 'SQL in a name',
      change: { lastName: "x'); DROP TABLE users;--" },
      field: 'lastName',
      message: v.nameCharacters,
    },
    { name: 'a missing e-mail', change: { email: undefined }, field: 'email', message: v.emailRequired },
    {
      name: 'a malformed e-mail',
      change: { email: 'ada.example.test' },
      field: 'email',
      message: v.emailInvalid,
    },
    {
      name: 'a short password',
      change: { password: 'S0!a', confirmPassword: 'S0!a' },
      field: 'password',
      message: v.passwordMin,
    },
    {
      name: 'a long password',
      change: { password: 'Str0ng!Pass'.repeat(6), confirmPassword: 'Str0ng!Pass'.repeat(6) },
      field: 'password',
      message: v.passwordMax,
    },
    {
      name: 'a common password',
      change: { password: 'Password1!', confirmPassword: 'Password1!' },
      field: 'password',
      message: v.passwordCommon,
    },
    {
      name: 'a missing confirmation',
      change: { confirmPassword: '' },
      field: 'confirmPassword',
      message: v.confirmPasswordRequired,
    },
    {
      name: 'a confirmation that differs',
      change: { confirmPassword: 'Other!Pass1' },
      field: 'confirmPassword',
      message: v.passwordsMustMatch,
    },
    { name: 'an extra field', change: { role: 'systemadmin' }, field: 'role', message: v.unexpectedField },
    { name: 'a wrong-typed name', change: { firstName: 12345 }, field: 'firstName' },
  ])('refuses $name with 400 naming the field, and creates nothing', async ({ change, field, message }) => {
    const users = await count('users');
    const brands = await count('brands');

    const response = await signup({ ...valid('refused@example.test'), ...change });

    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.fieldErrors[field]).toEqual(message ?? expect.any(String));
    expect(answer.fieldErrors).toHaveProperty([field]);
    expect(await count('users')).toBe(users);
    expect(await count('brands')).toBe(brands);
  });
});

describe('GET /api/users/checkGuestUser (guest link login)', () => {
  const guestLink = async () => {
    const { userId } = await demoIds(testApp.db);
    return linkToken(await app.services.auth.issueLink(userId('guest@demo.test'), 'guest_login'));
  };

  it('logs the guest in from a link token and answers guestUser and guestUserFlag true', async () => {
    const token = await guestLink();

    const response = await call(app, { url: `/api/users/checkGuestUser?token=${token}` });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      respCode: 200,
      accessToken: expect.any(String),
      details: {
        email: 'guest@demo.test',
        guestUser: true,
        guestUserFlag: true,
        brandName: demoNames.brands.guest,
      },
    });
    expect(response.cookies.find((c) => c.name === sessionCookieName)?.httpOnly).toBe(true);
    expect((await ownDetails(body.details, { token: body.accessToken })).statusCode).toBe(200);
  });

  it('refuses a link used once already', async () => {
    const token = await guestLink();
    await call(app, { url: `/api/users/checkGuestUser?token=${token}` });

    const response = await call(app, { url: `/api/users/checkGuestUser?token=${token}` });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'unauthenticated',
      errorMessage: messages.auth.guestLinkInvalid,
    });
  });

  it('refuses a forged token', async () => {
    const response = await call(app, { url: `/api/users/checkGuestUser?token=${'x'.repeat(43)}` });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'unauthenticated',
      errorMessage: messages.auth.guestLinkInvalid,
    });
  });

  it('refuses a token issued for another purpose', async () => {
    const { userId } = await demoIds(testApp.db);
    const token = linkToken(await app.services.auth.issueLink(userId('guest@demo.test'), 'set_password'));

    const response = await call(app, { url: `/api/users/checkGuestUser?token=${token}` });

    expect(response.statusCode).toBe(401);
  });

  it.each([
    { name: 'no token', query: '' },
    { name: 'a short token', query: '?token=abc' },
    { name: 'a bare e-mail instead of a token', query: '?email=guest@demo.test' },
  ])('answers 400 for $name', async ({ query }) => {
    const response = await call(app, { url: `/api/users/checkGuestUser${query}` });

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toEqual(expect.any(String));
  });

  it('gives the guest no password change', async () => {
    const guest = await loginAsGuest(app, testApp.db);

    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/changePassword',
      token: guest.token,
      body: { currentPassword: 'Anything!1', newPassword: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' },
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
  });
});
