import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoNames, demoPassword } from '../../demo/demo-data.ts';
import { sessionCookieName } from '../../plugins/access.ts';
import {
  call,
  createTestApp,
  createTestClock,
  demoIds,
  days,
  loginAs,
  loginAsGuest,
  minutes,
  signUpNewAccount,
  type App,
  type TestApp,
} from '../../test/test-app.ts';

/**
 * Password recovery, first passwords and password changes. The app runs on a clock the tests move
 * by hand (it only moves forward), so each test signs in and asks for its links itself.
 */
const clock = createTestClock();
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now, env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

/** The mails to the address once the work after the answers is done, but the sign-up's confirmation. */
const outboxFor = async (email: string) => {
  await app.services.auth.settled();
  return testApp.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body', 'html_body', 'status', 'brand_id'])
    .where('to_address', '=', email)
    .where('subject', '!=', messages.mail.verifyEmailSubject)
    .orderBy('created_at')
    .execute();
};

const outboxCount = async () => {
  await app.services.auth.settled();
  const row = await testApp.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

const forgot = (email: string) =>
  call(app, { method: 'POST', url: `/api/auth/forgotPassword?email=${encodeURIComponent(email)}` });

const recoveryTokenIn = (text: string) => {
  const match = /\/changerecoverpassword\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no recovery link in: ${text}`);
  return match[1];
};

/** Asks for a recovery mail and answers the token of its link. */
const recoveryToken = async (email: string) => {
  await forgot(email);
  const mails = await outboxFor(email);
  return recoveryTokenIn(mails.at(-1)!.text_body);
};

const recover = (token: string, newPassword: string, confirmPassword = newPassword) =>
  call(app, {
    method: 'POST',
    url: '/api/auth/changeRecoverPassword',
    body: { enEmail: token, newPassword, confirmPassword },
  });

const canLogIn = async (email: string, password: string) =>
  (await call(app, { method: 'POST', url: '/api/auth/login', body: { email, password } })).statusCode === 200;

const forgedToken = () => randomBytes(32).toString('base64url');

describe('POST /api/auth/forgotPassword', () => {
  it('mails a /changerecoverpassword/{token} link to a known e-mail', async () => {
    const account = await signUpNewAccount(app, 'forgot');

    const response = await forgot(account.email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, respMessage: messages.auth.forgotPasswordSent });
    const mails = await outboxFor(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: messages.mail.recoverSubject, status: 'stored' });
    expect(mails[0]?.text_body).toMatch(/http:\/\/localhost:3000\/changerecoverpassword\/[A-Za-z0-9_-]{40,}/);
    expect(mails[0]?.html_body).toContain(`/changerecoverpassword/${recoveryTokenIn(mails[0]!.text_body)}`);
  });

  it('answers an unknown e-mail exactly as a known one, and mails nothing', async () => {
    const account = await signUpNewAccount(app, 'known');
    const known = await forgot(account.email);
    const before = await outboxCount();

    const unknown = await forgot('nobody-at-all@example.test');

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxCount()).toBe(before);
  });

  it('mails the guest, who has no password to recover, a guest link instead of a recovery link', async () => {
    const response = await forgot('guest@demo.test');

    expect(response.statusCode).toBe(200);
    const mails = await outboxFor('guest@demo.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: messages.mail.guestResumeSubject, status: 'stored' });
    expect(mails[0]?.text_body).toMatch(
      /http:\/\/localhost:3000\/guestuser\/[A-Za-z0-9_-]{40,}\?type=campaign/,
    );
    expect(mails[0]?.text_body).not.toContain('/changerecoverpassword/');
  });

  it('writes the brand on the mail for a brand user', async () => {
    const { brands } = await demoIds(testApp.db);

    await forgot('brandadmin@demo.test');

    const mails = await outboxFor('brandadmin@demo.test');
    expect(mails.at(-1)?.brand_id).toBe(brands.standalone);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const account = await signUpNewAccount(app, 'casing');

    await forgot(account.email.toUpperCase());

    expect(await outboxFor(account.email)).toHaveLength(1);
  });

  it('mails at most RECOVERY_MAILS_PER_ACCOUNT (3) links an hour, answering the same each time', async () => {
    const account = await signUpNewAccount(app, 'flood');
    for (let i = 0; i < 3; i += 1) expect((await forgot(account.email)).statusCode).toBe(200);

    const fourth = await forgot(account.email);

    expect(fourth.statusCode).toBe(200);
    expect(fourth.json().respMessage).toBe(messages.auth.forgotPasswordSent);
    expect(await outboxFor(account.email)).toHaveLength(3);
  });

  it.each([
    { name: 'no e-mail', url: '/api/auth/forgotPassword' },
    { name: 'a malformed e-mail', url: '/api/auth/forgotPassword?email=not-an-email' },
    { name: 'an oversized e-mail', url: `/api/auth/forgotPassword?email=${'a'.repeat(300)}@demo.test` },
    { name: 'an extra query field', url: '/api/auth/forgotPassword?email=user@demo.test&admin=1' },
  ])('refuses $name with 400 naming the field, and mails nothing', async ({ url }) => {
    const before = await outboxCount();

    const response = await call(app, { method: 'POST', url });

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toEqual([expect.stringMatching(/^(email|admin)$/)]);
    expect(await outboxCount()).toBe(before);
  });

  it('accepts the spec’s optional entityType body and refuses any other field', async () => {
    const accepted = await call(app, {
      method: 'POST',
      url: '/api/auth/forgotPassword?email=nobody@example.test',
      body: { entityType: 'brand' },
    });
    const refused = await call(app, {
      method: 'POST',
      url: '/api/auth/forgotPassword?email=nobody@example.test',
      body: { entityType: 'brand', email: 'other@example.test' },
    });

    expect(accepted.statusCode).toBe(200);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ email: messages.validation.unexpectedField });
  });
});

describe('POST /api/auth/changeRecoverPassword', () => {
  it('sets the new password with the mailed token (sent as enEmail)', async () => {
    const account = await signUpNewAccount(app, 'recover');
    const token = await recoveryToken(account.email);

    const response = await recover(token, 'N3w!Passphrase');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, respMessage: messages.auth.passwordRecovered });
    expect(await canLogIn(account.email, 'N3w!Passphrase')).toBe(true);
    expect(await canLogIn(account.email, account.password)).toBe(false);
  });

  it('ends every session the account had', async () => {
    const account = await signUpNewAccount(app, 'recover-sessions');
    const signedIn = await loginAs(app, account.email, account.password);
    const token = await recoveryToken(account.email);

    await recover(token, 'N3w!Passphrase');

    const response = await call(app, { url: `/api/users/${signedIn.details._id}`, token: signedIn.token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'unauthenticated',
      errorMessage: messages.common.sessionExpired,
    });
  });

  it('accepts a token once: a second use answers 400 and changes nothing', async () => {
    const account = await signUpNewAccount(app, 'single-use');
    const token = await recoveryToken(account.email);
    await recover(token, 'First!Pass1');

    const response = await recover(token, 'Second!Pass2');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_failed', errorMessage: messages.auth.linkInvalid });
    expect(await canLogIn(account.email, 'First!Pass1')).toBe(true);
    expect(await canLogIn(account.email, 'Second!Pass2')).toBe(false);
  });

  it('refuses a token older than 1 hour and changes nothing', async () => {
    const account = await signUpNewAccount(app, 'expired');
    const token = await recoveryToken(account.email);
    clock.advance(minutes(61));

    const response = await recover(token, 'Late!Pass1');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_failed', errorMessage: messages.auth.linkInvalid });
    expect(await canLogIn(account.email, account.password)).toBe(true);
    expect(await canLogIn(account.email, 'Late!Pass1')).toBe(false);
  });

  it('accepts a token just inside its hour', async () => {
    const account = await signUpNewAccount(app, 'in-time');
    const token = await recoveryToken(account.email);
    clock.advance(minutes(59));

    expect((await recover(token, 'InTime!Pass1')).statusCode).toBe(200);
  });

  it('refuses a forged token', async () => {
    const response = await recover(forgedToken(), 'Forged!Pass1');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_failed', errorMessage: messages.auth.linkInvalid });
  });

  it('refuses a set-password token: each link does only its own job', async () => {
    const account = await signUpNewAccount(app, 'wrong-purpose');
    const { userId } = await demoIds(testApp.db);
    const link = await app.services.auth.issueLink(userId(account.email), 'set_password');

    const response = await recover(link.split('/').pop()!, 'Other!Pass1');

    expect(response.statusCode).toBe(400);
    expect(await canLogIn(account.email, account.password)).toBe(true);
  });

  it('refuses a bare e-mail in enEmail: links carry tokens, never addresses', async () => {
    const response = await recover('companyadmin@demo.test', 'Hijack!Pass1');

    expect(response.statusCode).toBe(400);
    expect(await canLogIn('companyadmin@demo.test', demoPassword)).toBe(true);
  });

  const v = messages.validation;
  it.each([
    {
      name: 'a missing token',
      body: { newPassword: 'N3w!Passphrase', confirmPassword: 'N3w!Passphrase' },
      field: 'enEmail',
      message: messages.auth.linkInvalid,
    },
    {
      name: 'a short token',
      body: { enEmail: 'abc', newPassword: 'N3w!Passphrase', confirmPassword: 'N3w!Passphrase' },
      field: 'enEmail',
      message: messages.auth.linkInvalid,
    },
    {
      name: 'an oversized token',
      body: { enEmail: 'a'.repeat(201), newPassword: 'N3w!Passphrase', confirmPassword: 'N3w!Passphrase' },
      field: 'enEmail',
      message: messages.auth.linkInvalid,
    },
    {
      name: 'a missing new password',
      body: { enEmail: 'a'.repeat(43), confirmPassword: 'N3w!Passphrase' },
      field: 'newPassword',
      message: v.newPasswordRequired,
    },
    {
      name: 'a short new password',
      body: { enEmail: 'a'.repeat(43), newPassword: 'S0!a', confirmPassword: 'S0!a' },
      field: 'newPassword',
      message: v.newPasswordMin,
    },
    {
      name: 'a long new password',
      body: {
        enEmail: 'a'.repeat(43),
        newPassword: 'N3w!Passphrase'.repeat(6),
        confirmPassword: 'N3w!Passphrase'.repeat(6),
      },
      field: 'newPassword',
      message: v.newPasswordMax,
    },
    {
      name: 'a common new password',
      body: { enEmail: 'a'.repeat(43), newPassword: 'Password1!', confirmPassword: 'Password1!' },
      field: 'newPassword',
      message: v.passwordCommon,
    },
    {
      name: 'a confirmation that differs',
      body: { enEmail: 'a'.repeat(43), newPassword: 'N3w!Passphrase', confirmPassword: 'N3w!Passphras' },
      field: 'confirmPassword',
      message: v.passwordsMustMatch,
    },
    {
      name: 'an extra field',
      body: {
        enEmail: 'a'.repeat(43),
        newPassword: 'N3w!Passphrase',
        confirmPassword: 'N3w!Passphrase',
        email: 'x@y.zz',
      },
      field: 'email',
      message: v.unexpectedField,
    },
    {
      name: 'a wrong-typed password',
      body: { enEmail: 'a'.repeat(43), newPassword: 12345678, confirmPassword: 12345678 },
      field: 'newPassword',
    },
  ])('refuses $name with 400 naming the field', async ({ body, field, message }) => {
    const response = await call(app, { method: 'POST', url: '/api/auth/changeRecoverPassword', body });

    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.fieldErrors).toHaveProperty([field]);
    expect(answer.fieldErrors[field]).toEqual(message ?? expect.any(String));
  });

  it('does not use up a valid token when the new password is refused', async () => {
    const account = await signUpNewAccount(app, 'keeps-token');
    const token = await recoveryToken(account.email);
    expect((await recover(token, 'weak', 'weak')).statusCode).toBe(400);

    expect((await recover(token, 'Fine!Pass1')).statusCode).toBe(200);
  });

  it('lets a locked-out account in again with its new password', async () => {
    const account = await signUpNewAccount(app, 'locked-out');
    for (let i = 0; i < 5; i += 1) {
      await call(app, {
        method: 'POST',
        url: '/api/auth/login',
        body: { email: account.email, password: 'Wrong!Pass1' },
      });
    }
    expect(await canLogIn(account.email, account.password)).toBe(false);
    const token = await recoveryToken(account.email);

    await recover(token, 'Again!Pass1');

    expect(await canLogIn(account.email, 'Again!Pass1')).toBe(true);
  });
});

describe('POST /api/auth/createPassword (/setpassword/{token} links)', () => {
  /** An invited user: an account with no password yet, and a set-password link for it. */
  const invite = async () => {
    const { brands } = await demoIds(testApp.db);
    const email = `invited-${randomBytes(4).toString('hex')}@example.test`;
    const user = await testApp.db
      .insertInto('users')
      .values({
        email,
        password_hash: null,
        first_name: 'Ivy',
        last_name: 'Invited',
        entity_type: 'brand',
        role: 'brandAdmin',
        brand_id: brands.standalone,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await app.services.auth.issueLink(user.id, 'set_password');
    return { email, link, token: link.split('/').pop()! };
  };
  const create = (token: string, newPassword: string, confirmPassword = newPassword) =>
    call(app, {
      method: 'POST',
      url: '/api/auth/createPassword',
      body: { token, newPassword, confirmPassword },
    });

  it('issues links of the form {PUBLIC_URL}/setpassword/{token}', async () => {
    const { link } = await invite();

    expect(link).toMatch(/^http:\/\/localhost:3000\/setpassword\/[A-Za-z0-9_-]{40,}$/);
  });

  it('sets the first password; the user can then log in', async () => {
    const { email, token } = await invite();
    expect(await canLogIn(email, 'First!Pass1')).toBe(false);

    const response = await create(token, 'First!Pass1');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, respMessage: messages.auth.passwordCreated });
    const { details } = await loginAs(app, email, 'First!Pass1');
    expect(details).toMatchObject({ role: 'brandAdmin', brandName: demoNames.brands.standalone });
  });

  it('accepts the link once', async () => {
    const { email, token } = await invite();
    await create(token, 'First!Pass1');

    const response = await create(token, 'Second!Pass2');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_failed', errorMessage: messages.auth.linkInvalid });
    expect(await canLogIn(email, 'First!Pass1')).toBe(true);
  });

  it('refuses a link older than 7 days', async () => {
    const { email, token } = await invite();
    clock.advance(days(7) + minutes(1));

    const response = await create(token, 'Late!Pass1');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_failed', errorMessage: messages.auth.linkInvalid });
    expect(await canLogIn(email, 'Late!Pass1')).toBe(false);
  });

  it('refuses a forged token and a recovery token', async () => {
    const account = await signUpNewAccount(app, 'create-wrong');
    const recovery = await recoveryToken(account.email);

    const forged = await create(forgedToken(), 'Forged!Pass1');
    const wrongPurpose = await create(recovery, 'Other!Pass1');

    expect(forged.statusCode).toBe(400);
    expect(wrongPurpose.statusCode).toBe(400);
    expect(await canLogIn(account.email, account.password)).toBe(true);
  });

  it('refuses a deactivated account’s link', async () => {
    const { email, token } = await invite();
    await testApp.db.updateTable('users').set({ status: 'deactivated' }).where('email', '=', email).execute();

    const response = await create(token, 'First!Pass1');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_failed', errorMessage: messages.auth.linkInvalid });
  });

  it.each([
    {
      name: 'a missing token',
      body: { newPassword: 'First!Pass1', confirmPassword: 'First!Pass1' },
      field: 'token',
    },
    {
      name: 'a mismatched confirmation',
      body: { token: 'a'.repeat(43), newPassword: 'First!Pass1', confirmPassword: 'First!Pass2' },
      field: 'confirmPassword',
    },
    {
      name: 'an extra field',
      body: { token: 'a'.repeat(43), newPassword: 'First!Pass1', confirmPassword: 'First!Pass1', role: 'x' },
      field: 'role',
    },
  ])('refuses $name with 400 naming the field', async ({ body, field }) => {
    const response = await call(app, { method: 'POST', url: '/api/auth/createPassword', body });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty([field]);
  });
});

describe('POST /api/auth/changePassword', () => {
  const change = (
    token: string,
    currentPassword: string,
    newPassword: string,
    confirmPassword = newPassword,
  ) =>
    call(app, {
      method: 'POST',
      url: '/api/auth/changePassword',
      token,
      body: { currentPassword, newPassword, confirmPassword },
    });

  it('changes the password and ends every session of the user', async () => {
    const account = await signUpNewAccount(app, 'change');
    const first = await loginAs(app, account.email, account.password);
    const second = await loginAs(app, account.email, account.password);

    const response = await change(first.token, account.password, 'Changed!Pass1');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, respMessage: messages.auth.passwordChanged });
    expect(response.cookies.find((c) => c.name === sessionCookieName)?.value).toBe('');
    for (const session of [first, second]) {
      const after = await call(app, { url: `/api/users/${session.details._id}`, token: session.token });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.common.sessionExpired });
    }
    expect(await canLogIn(account.email, 'Changed!Pass1')).toBe(true);
    expect(await canLogIn(account.email, account.password)).toBe(false);
  });

  it('counts wrong current passwords with failed logins, so a session cannot guess at leisure', async () => {
    const account = await signUpNewAccount(app, 'change-guess');
    const signedIn = await loginAs(app, account.email, account.password);
    for (let i = 0; i < 4; i += 1) {
      expect((await change(signedIn.token, `Wrong!Pass${i}`, 'Changed!Pass1')).statusCode).toBe(400);
    }

    const response = await change(signedIn.token, account.password, 'Changed!Pass1');

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ code: 'rate_limited', errorMessage: messages.auth.loginDelayed(1) });
    expect(await canLogIn(account.email, 'Changed!Pass1')).toBe(false);
  });

  it('refuses a wrong current password with 400 naming the field, and changes nothing', async () => {
    const account = await signUpNewAccount(app, 'change-wrong');
    const signedIn = await loginAs(app, account.email, account.password);

    const response = await change(signedIn.token, 'Wrong!Pass1', 'Changed!Pass1');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: messages.auth.currentPasswordWrong,
      fieldErrors: { currentPassword: messages.auth.currentPasswordWrong },
    });
    expect(
      (await call(app, { url: `/api/users/${signedIn.details._id}`, token: signedIn.token })).statusCode,
    ).toBe(200);
    expect(await canLogIn(account.email, account.password)).toBe(true);
  });

  it('refuses a new password equal to the current one', async () => {
    const account = await signUpNewAccount(app, 'change-same');
    const signedIn = await loginAs(app, account.email, account.password);

    const response = await change(signedIn.token, account.password, account.password);

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      newPassword: messages.validation.newPasswordSameAsCurrent,
    });
  });

  const v = messages.validation;
  it.each([
    {
      name: 'a missing current password',
      body: { newPassword: 'Changed!Pass1', confirmPassword: 'Changed!Pass1' },
      field: 'currentPassword',
      message: v.currentPasswordRequired,
    },
    {
      name: 'an oversized current password',
      body: {
        currentPassword: 'a'.repeat(129),
        newPassword: 'Changed!Pass1',
        confirmPassword: 'Changed!Pass1',
      },
      field: 'currentPassword',
      message: v.tooLong,
    },
    {
      name: 'a common new password',
      body: { currentPassword: demoPassword, newPassword: 'Password1!', confirmPassword: 'Password1!' },
      field: 'newPassword',
      message: v.passwordCommon,
    },
    {
      name: 'a confirmation that differs',
      body: { currentPassword: demoPassword, newPassword: 'Changed!Pass1', confirmPassword: 'Changed!Pass2' },
      field: 'confirmPassword',
      message: v.passwordsMustMatch,
    },
    {
      name: 'an extra field',
      body: {
        currentPassword: demoPassword,
        newPassword: 'Changed!Pass1',
        confirmPassword: 'Changed!Pass1',
        userId: 'x',
      },
      field: 'userId',
      message: v.unexpectedField,
    },
  ])('refuses $name with 400 naming the field', async ({ body, field, message }) => {
    const signedIn = await loginAs(app, 'user@demo.test');

    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/changePassword',
      token: signedIn.token,
      body,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: message,
      fieldErrors: { [field]: message },
    });
    expect(await canLogIn('user@demo.test', demoPassword)).toBe(true);
  });

  it('asks an anonymous caller to log in', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/changePassword',
      body: { currentPassword: demoPassword, newPassword: 'Changed!Pass1', confirmPassword: 'Changed!Pass1' },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.common.loginRequired });
  });

  it('is not offered to a guest, who has no password yet', async () => {
    const guest = await loginAsGuest(app, testApp.db);

    const response = await change(guest.token, 'Anything!1', 'Changed!Pass1');

    expect(response.statusCode).toBe(403);
  });
});
