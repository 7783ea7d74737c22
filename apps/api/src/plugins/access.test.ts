import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { loadConfig } from '../config.ts';
import { call, createTestApp, loginAs, signUpNewAccount, type App, type TestApp } from '../test/test-app.ts';
import { registerAccess } from './access.ts';

/** A bare Fastify instance with only the access plugin, whose hooks these routes never reach. */
async function appWithAccess() {
  const app = Fastify({ logger: false });
  const unused = () => Promise.reject(new Error('not called while routes are registered'));
  await registerAccess(app, {
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    auth: { resolveSession: unused },
    limiter: { hit: unused },
    multiFactor: { setupPending: unused },
    publisherKeys: { authenticate: unused },
  });
  return app;
}

describe('routes without config.access', () => {
  it('under /api make the app refuse to start, so such a server never runs', async () => {
    const app = await appWithAccess();

    const registered = app.register(
      async (api) => {
        api.get('/unguarded', async () => ({ secret: true }));
      },
      { prefix: '/api' },
    );

    await expect(registered).rejects.toThrow('Route GET /api/unguarded does not declare config.access');
    await app.close();
  });

  it('make the app refuse a route that takes a publisher key unless it is public to sessions', async () => {
    const app = await appWithAccess();

    const registered = app.register(
      async (api) => {
        api.get('/keyed', { config: { access: 'banks.read', publisherKey: ['live'] } }, async () => ({}));
      },
      { prefix: '/api' },
    );

    await expect(registered).rejects.toThrow("takes a publisher key: its session access is 'public'");
    await app.close();
  });

  it('are allowed outside /api and for the API documentation', async () => {
    const app = await appWithAccess();
    app.get('/dashboard', async () => 'page');
    app.get('/api/docs/json', async () => ({}));

    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});

describe('the access check', () => {
  let testApp: TestApp;
  let app: App;
  beforeAll(async () => {
    testApp = await createTestApp();
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('prefers the bearer token to the cookie when both are sent', async () => {
    const bank = await loginAs(app, 'bank@demo.test');
    const user = await loginAs(app, 'user@demo.test');

    const response = await call(app, {
      url: '/api/auth/session',
      token: bank.token,
      headers: { cookie: user.cookie },
    });

    expect(response.json().details.email).toBe('bank@demo.test');
  });

  it('ignores other authorization schemes', async () => {
    const user = await loginAs(app, 'user@demo.test');

    const response = await call(app, {
      url: `/api/users/${user.details._id}`,
      headers: { authorization: `Basic ${user.token}` },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'unauthenticated', errorMessage: messages.common.loginRequired });
  });

  it('answers 403 with its message when the audience lacks the capability', async () => {
    const { token } = await loginAs(app, 'user@demo.test');

    const response = await call(app, { url: '/api/mail/outbox', token });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
  });

  it.each([
    { name: 'a malformed id', url: '/api/users/not-a-uuid' },
    { name: 'a bad paging value', url: '/api/mail/outbox?limit=0&extra=1' },
  ])(
    'checks access before input: an anonymous caller sending $name gets 401, not the input rules',
    async ({ url }) => {
      const response = await call(app, { url });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'unauthenticated',
        errorMessage: messages.common.loginRequired,
      });
    },
  );

  it('checks the capability before input: a forbidden caller sending bad input gets 403', async () => {
    const { token } = await loginAs(app, 'user@demo.test');

    const response = await call(app, { url: '/api/mail/outbox?limit=0', token });

    expect(response.statusCode).toBe(403);
  });

  it.each([
    { name: 'a signed-in answer', url: '/api/auth/session', signedIn: true, status: 200 },
    { name: 'a refusal', url: '/api/mail/outbox', signedIn: false, status: 401 },
    { name: 'an unknown path', url: '/api/nowhere', signedIn: true, status: 404 },
  ])(
    'marks $name Cache-Control: no-store, so no browser or proxy keeps it',
    async ({ url, signedIn, status }) => {
      const token = signedIn ? (await loginAs(app, 'user@demo.test')).token : undefined;

      const response = await call(app, { url, token });

      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('reads the permission table afresh for each request: a promoted user gains access at once', async () => {
    const account = await signUpNewAccount(app, 'promoted');
    const signedIn = await loginAs(app, account.email, account.password);
    expect((await call(app, { url: '/api/mail/outbox', token: signedIn.token })).statusCode).toBe(403);

    const promoted = await testApp.db
      .updateTable('users')
      .set({ entity_type: 'systemadmin', role: null, brand_id: null })
      .where('email', '=', account.email)
      .returning('id')
      .executeTakeFirstOrThrow();
    // A system admin reaches nothing but the set-up until two-step sign-in is on.
    expect((await call(app, { url: '/api/mail/outbox', token: signedIn.token })).statusCode).toBe(403);
    await testApp.db
      .insertInto('user_multi_factor')
      .values({
        user_id: promoted.id,
        secret: 'JBSWY3DPEHPK3PXP',
        enabled_at: new Date(),
        last_used_step: null,
      })
      .execute();

    expect((await call(app, { url: '/api/mail/outbox', token: signedIn.token })).statusCode).toBe(200);
  });
});
