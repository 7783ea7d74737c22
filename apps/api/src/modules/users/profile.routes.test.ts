import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInHintCookieName } from '@krowd/domain/auth/signed-in-hint';
import { messages } from '@krowd/domain/messages/messages';
import { demoNames } from '../../demo/demo-data.ts';
import { sessionCookieName } from '../../plugins/access.ts';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  signUpNewAccount,
  type App,
  type TestApp,
} from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  ids = await demoIds(testApp.db);
});

afterAll(async () => {
  await testApp?.close();
});

const profile = {
  firstName: 'Tess',
  lastName: 'Profile-Owner',
  phone: '07700 900555',
  address: '2 Mill Lane',
};

/** A fresh brand account (companyAdmin of its own brand) signed in twice. */
async function freshAccount() {
  const { email, password } = await signUpNewAccount(app, 'profile');
  const first = await loginAs(app, email, password);
  const second = await loginAs(app, email, password);
  return { email, password, first, second, id: first.details._id, brandId: first.details.brandId };
}

const updateProfile = (token: string, id: string, body: unknown, query = '?type=profile&response=true') =>
  call(app, { method: 'PUT', url: `/api/users/${id}${query}`, token, body });

describe("PUT /api/users/{id}?type=profile (the spec's profile update)", () => {
  it('changes the own name, number and address, and answers the updated user', async () => {
    const account = await freshAccount();

    const response = await updateProfile(account.first.token, account.id, {
      ...profile,
      email: account.email,
      _id: account.id,
      brandId: account.brandId,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      respCode: 205,
      respMessage: messages.profile.updated,
      details: {
        _id: account.id,
        email: account.email,
        firstName: 'Tess',
        lastName: 'Profile-Owner',
        displayName: 'Tess Profile-Owner',
        phone: '07700900555',
        address: '2 Mill Lane',
        status: 'active',
      },
    });
    const read = await call(app, { url: `/api/users/${account.id}`, token: account.second.token });
    expect(read.json().details).toMatchObject({ firstName: 'Tess', phone: '07700900555' });
  });

  it('answers only the message without response=true', async () => {
    const account = await freshAccount();

    const response = await updateProfile(account.first.token, account.id, profile, '?type=profile');

    expect(response.json()).toEqual({ respCode: 205, respMessage: messages.profile.updated });
  });

  it('lets a company admin rename their brand', async () => {
    const account = await freshAccount();

    const response = await updateProfile(account.first.token, account.id, {
      ...profile,
      brandName: 'Tess Kitchen & Co',
    });

    expect(response.json().details.brandName).toBe('Tess Kitchen & Co');
    const brand = await testApp.db
      .selectFrom('brands')
      .select('name')
      .where('id', '=', account.brandId!)
      .executeTakeFirstOrThrow();
    expect(brand.name).toBe('Tess Kitchen & Co');
  });

  it("refuses a plain user's new brand name, but takes the unchanged one the form sends", async () => {
    const user = await loginAs(app, 'user@demo.test');
    const id = user.details._id;

    const renamed = await updateProfile(user.token, id, { ...profile, brandName: 'Not Green Fork' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().errorMessage).toBe(messages.profile.brandNotEditable);

    const unchanged = await updateProfile(user.token, id, {
      firstName: 'Uma',
      lastName: 'User',
      phone: '07700900000',
      brandName: demoNames.brands.standalone,
    });
    expect(unchanged.statusCode).toBe(200);
  });

  it('never changes the e-mail: a different one is refused and nothing changes', async () => {
    const account = await freshAccount();

    const response = await updateProfile(account.first.token, account.id, {
      ...profile,
      email: 'someone-else@example.test',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: messages.profile.emailNotEditable,
      fieldErrors: { email: messages.profile.emailNotEditable },
    });
    const read = await call(app, { url: `/api/users/${account.id}`, token: account.first.token });
    expect(read.json().details).toMatchObject({ email: account.email, firstName: 'Test' });
  });

  it.each([
    [{ ...profile, firstName: 'J0hn' }, 'firstName', messages.profile.nameAlphabets],
    [{ ...profile, phone: '-7700900555' }, 'phone', messages.profile.phoneMinus],
    [{ ...profile, phone: 'call me' }, 'phone', messages.profile.phoneAlphabets],
    [{ ...profile, lastName: '' }, 'lastName', messages.validation.nameRequired],
  ])('answers 400 naming the field for %j', async (body, field, message) => {
    const account = await freshAccount();

    const response = await updateProfile(account.first.token, account.id, body);

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
  });

  it('refuses a password or a role in the profile', async () => {
    const account = await freshAccount();

    const response = await updateProfile(account.first.token, account.id, { ...profile, role: 'brandAdmin' });

    expect(response.statusCode).toBe(400);
  });

  it("answers 403 for someone else's profile, and changes nothing", async () => {
    const admin = await loginAs(app, 'companyadmin@demo.test');
    const target = ids.userId('user@demo.test');

    const response = await updateProfile(admin.token, target, profile);

    expect(response.statusCode).toBe(403);
    const row = await testApp.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', target)
      .executeTakeFirstOrThrow();
    expect(row.first_name).not.toBe('Tess');
  });

  it('refuses a brand name from a user without a brand (a bank user)', async () => {
    const bank = await loginAs(app, 'bank@demo.test');

    const response = await updateProfile(bank.token, bank.details._id, {
      ...profile,
      brandName: 'Demo Bank',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.brandName).toBe(messages.validation.unexpectedField);
  });

  it('asks an anonymous caller to log in', async () => {
    const response = await updateProfile('', ids.userId('user@demo.test'), profile);

    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users/{id}/deactivate', () => {
  it('ends every session of the user, clears the browser’s session cookie and hint, and refuses their login with the catalogue message', async () => {
    const account = await freshAccount();

    const response = await call(app, {
      method: 'POST',
      url: `/api/users/${account.id}/deactivate`,
      token: account.first.token,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      respCode: 205,
      respMessage: messages.profile.deactivated,
      details: { _id: account.id, status: 'deactivate' },
    });
    for (const name of [sessionCookieName, signedInHintCookieName]) {
      expect(response.cookies.find((c) => c.name === name)?.value).toBe('');
    }
    for (const session of [account.first, account.second]) {
      const after = await call(app, { url: '/api/auth/session', token: session.token });
      expect(after.json().details).toBeNull();
    }
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      code: 'account_deactivated',
      errorMessage: messages.auth.accountDeactivated,
    });
  });

  it("answers 403 for someone else's account, which stays active", async () => {
    const victim = await freshAccount();
    const other = await freshAccount();

    const response = await call(app, {
      method: 'POST',
      url: `/api/users/${victim.id}/deactivate`,
      token: other.first.token,
    });

    expect(response.statusCode).toBe(403);
    expect(
      (await call(app, { url: '/api/auth/session', token: victim.first.token })).json().details,
    ).not.toBeNull();
  });

  it('is not offered to the system admin', async () => {
    const admin = await loginAs(app, 'admin@demo.test');

    const response = await call(app, {
      method: 'POST',
      url: `/api/users/${admin.details._id}/deactivate`,
      token: admin.token,
    });

    expect(response.statusCode).toBe(403);
  });
});
