import { createTwoInstances } from '../../test/two-instances.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../demo/demo-data.ts';
import {
  call,
  createTestApp,
  loginAs,
  signUpNewAccount,
  type App,
  type TestApp,
} from '../../test/test-app.ts';

const usersList = '/api/users?page=1&limit=10&filters=%7B%7D';
const newPassword = 'N3w!Passphrase';

/** A request that needs a live session, made twice so the second is answered from the cache. */
async function signedInTwice(app: App, token: string) {
  for (let i = 0; i < 2; i += 1) {
    expect((await call(app, { url: usersList, token })).statusCode).toBe(200);
  }
}

describe('a session remembered between requests (one instance)', () => {
  let testApp: TestApp;
  let app: App;

  beforeAll(async () => {
    testApp = await createTestApp();
    app = testApp.app;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function freshAccount() {
    const { email, password } = await signUpNewAccount(app, 'session-cache');
    const first = await loginAs(app, email, password);
    const second = await loginAs(app, email, password);
    return { email, password, first, second, id: first.details._id };
  }

  it('is refused on the very next request after logout', async () => {
    const account = await freshAccount();
    await signedInTwice(app, account.first.token);

    await call(app, { method: 'POST', url: '/api/auth/logout', token: account.first.token });

    expect((await call(app, { url: usersList, token: account.first.token })).statusCode).toBe(401);
  });

  it("is refused on the very next request after the user's password changes", async () => {
    const account = await freshAccount();
    await signedInTwice(app, account.second.token);

    const changed = await call(app, {
      method: 'POST',
      url: '/api/auth/changePassword',
      token: account.first.token,
      body: { currentPassword: account.password, newPassword, confirmPassword: newPassword },
    });

    expect(changed.statusCode).toBe(200);
    expect((await call(app, { url: usersList, token: account.second.token })).statusCode).toBe(401);
  });

  it('is refused on the very next request after the user is deactivated', async () => {
    const account = await freshAccount();
    await signedInTwice(app, account.second.token);

    await call(app, {
      method: 'POST',
      url: `/api/users/${account.id}/deactivate`,
      token: account.first.token,
    });

    expect((await call(app, { url: usersList, token: account.second.token })).statusCode).toBe(401);
  });

  it("answers with the user's new role on the very next request, however the role was written", async () => {
    const account = await freshAccount();
    await signedInTwice(app, account.first.token);

    await testApp.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ role: 'user' }).where('id', '=', account.id).execute();
    });

    const session = await call(app, { url: '/api/auth/session', token: account.first.token });
    expect(session.json().details.role).toBe('user');
  });
});

describe.runIf(process.env.DATABASE_URL)('a session remembered by two instances on one PostgreSQL', () => {
  let instances: Awaited<ReturnType<typeof createTwoInstances>>;
  let first: App;
  let second: App;

  beforeAll(async () => {
    instances = await createTwoInstances();
    ({ first, second } = instances);
  });

  afterAll(async () => {
    await instances?.close();
  });

  /** The other instance hears of the write through NOTIFY: within moments, never the cache's 5 s. */
  async function refusedBySecondWithinASecond(token: string) {
    const until = Date.now() + 1_000;
    let status = 200;
    while (Date.now() < until && status !== 401) {
      status = (await call(second, { url: usersList, token })).statusCode;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return status;
  }

  it('refuses on the second instance a session logged out on the first', async () => {
    const { token } = await loginAs(first, 'companyadmin@demo.test');
    await signedInTwice(second, token);

    await call(first, { method: 'POST', url: '/api/auth/logout', token });

    expect(await refusedBySecondWithinASecond(token)).toBe(401);
  });

  it("refuses on the second instance a session whose user's password changed on the first", async () => {
    // This describe's database is its own copy of the demo data: a demo account's password may change.
    const password = demoPassword;
    const { token } = await loginAs(first, 'brandadmin@demo.test', password);
    await signedInTwice(second, token);

    const changed = await call(first, {
      method: 'POST',
      url: '/api/auth/changePassword',
      token,
      body: { currentPassword: password, newPassword, confirmPassword: newPassword },
    });

    expect(changed.statusCode).toBe(200);
    expect(await refusedBySecondWithinASecond(token)).toBe(401);
  });
});
