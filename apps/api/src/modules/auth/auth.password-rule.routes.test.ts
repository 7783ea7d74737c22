import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import {
  call,
  createTestApp,
  linkToken,
  loginAs,
  loginAsGuest,
  signUpNewAccount,
  type App,
  type TestApp,
} from '../../test/test-app.ts';

/**
 * The password rule at every endpoint that sets one (ASVS 6.2): 8 to 64 characters,
 * no composition rules, no common or leaked password, and none the strength estimate (zxcvbn-ts)
 * scores below 3, with its reason.
 */
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const v = messages.validation;
const listed = 'Password1!';
const sixtyFive = 'quiet tulip river '.repeat(3) + 'x'.repeat(11);
const sixtyFour = 'quiet tulip river '.repeat(3) + 'x'.repeat(10);
/** Ten lower-case letters, no digit or symbol, on no list: strong enough. */
const plainTen = 'zqxwvkjpmr';
const ps = messages.passwordStrength;
/** Passwords on no list that sign-up took before the strength estimate, with the reason it gives. */
const easyToGuess = [
  { password: 'abcdefgh', message: ps.tooWeak(ps.warnings.sequences, ps.suggestions.anotherWord) },
  { password: 'Qwerty123!', message: ps.tooWeak(ps.warnings.similarToCommon, ps.suggestions.anotherWord) },
  { password: 'Welcome1!', message: ps.tooWeak(ps.warnings.similarToCommon, ps.suggestions.anotherWord) },
  // Seeded for the demo accounts, never set through a form: as a new password it is too weak.
  { password: 'Demo@12345', message: ps.tooWeak(null, ps.suggestions.anotherWord) },
];

interface Endpoint {
  name: string;
  field: string;
  /** Sends `password` as the new password, with a fresh token or session of its own. */
  send(password: string): Promise<{ statusCode: number; json(): { fieldErrors?: Record<string, string> } }>;
}

async function userId(email: string) {
  const row = await testApp.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

const endpoints: Endpoint[] = [
  {
    name: 'POST users/signup',
    field: 'password',
    send: (password) =>
      call(app, {
        method: 'POST',
        url: '/api/users/signup',
        body: {
          firstName: 'Rule',
          lastName: 'Tester',
          email: `rule-${Math.random().toString(36).slice(2)}@example.test`,
          password,
          confirmPassword: password,
        },
      }),
  },
  {
    name: 'POST auth/createPassword',
    field: 'newPassword',
    async send(password) {
      const { email } = await signUpNewAccount(app, 'create-rule');
      const token = linkToken(await app.services.auth.issueLink(await userId(email), 'set_password'));
      return call(app, {
        method: 'POST',
        url: '/api/auth/createPassword',
        body: { token, newPassword: password, confirmPassword: password },
      });
    },
  },
  {
    name: 'POST auth/changeRecoverPassword',
    field: 'newPassword',
    async send(password) {
      const { email } = await signUpNewAccount(app, 'recover-rule');
      const token = linkToken(await app.services.auth.issueLink(await userId(email), 'recover_password'));
      return call(app, {
        method: 'POST',
        url: '/api/auth/changeRecoverPassword',
        body: { enEmail: token, newPassword: password, confirmPassword: password },
      });
    },
  },
  {
    name: 'POST auth/changePassword',
    field: 'newPassword',
    async send(password) {
      const account = await signUpNewAccount(app, 'change-rule');
      const { token } = await loginAs(app, account.email, account.password);
      return call(app, {
        method: 'POST',
        url: '/api/auth/changePassword',
        token,
        body: { currentPassword: account.password, newPassword: password, confirmPassword: password },
      });
    },
  },
];

describe.each(endpoints)('$name', ({ field, send }) => {
  it.each([
    { case: 'a listed password in another case', password: listed, message: v.passwordCommon },
    { case: 'a listed password', password: 'iloveyou', message: v.passwordCommon },
    {
      case: '65 characters',
      password: sixtyFive,
      message: field === 'password' ? v.passwordMax : v.newPasswordMax,
    },
  ])('refuses $case with 400 naming the field', async ({ password, message }) => {
    const response = await send(password);

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [field]: message });
  });

  it.each(easyToGuess)('refuses $password as easy to guess, saying why', async ({ password, message }) => {
    const response = await send(password);

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [field]: message });
  });

  it.each([
    { case: '64 characters', password: sixtyFour },
    { case: '10 lower-case letters, no digit or symbol', password: plainTen },
    { case: 'a pass phrase', password: 'mellow quartz kettle' },
  ])('accepts $case', async ({ password }) => {
    const response = await send(password);

    expect([200, 201]).toContain(response.statusCode);
  });
});

describe('POST users/onboarding/complete', () => {
  it.each([listed, sixtyFive, ...easyToGuess.map((weak) => weak.password)])(
    'refuses %j with 400 naming newPassword',
    async (password) => {
      const guest = await loginAsGuest(app, testApp.db);

      const response = await call(app, {
        method: 'POST',
        url: '/api/users/onboarding/complete',
        token: guest.token,
        body: {
          firstName: 'Gia',
          lastName: 'Guest',
          phone: '07700 900123',
          newPassword: password,
          confirmPassword: password,
        },
      });

      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toEqual(['newPassword']);
    },
  );
});

describe('a password that is the person themselves', () => {
  it('is refused at sign-up (the e-mail) and at change password (the name)', async () => {
    const email = `self-${Date.now()}@example.test`;
    const signup = await call(app, {
      method: 'POST',
      url: '/api/users/signup',
      body: { firstName: 'Selma', lastName: 'Self', email, password: email, confirmPassword: email },
    });
    expect(signup.json().fieldErrors).toEqual({ password: v.passwordPersonal });

    const account = await signUpNewAccount(app, 'self');
    const { token } = await loginAs(app, account.email, account.password);
    const change = await call(app, {
      method: 'POST',
      url: '/api/auth/changePassword',
      token,
      body: { currentPassword: account.password, newPassword: 'Test Person', confirmPassword: 'Test Person' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().fieldErrors).toEqual({ newPassword: v.passwordPersonal });
  });
});
