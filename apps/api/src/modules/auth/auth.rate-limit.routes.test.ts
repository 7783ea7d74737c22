import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoPassword } from '../../demo/demo-data.ts';
import { call, createTestApp, type App, type TestApp } from '../../test/test-app.ts';

/** Every auth route counts against one per-IP budget: AUTH_RATE_LIMIT_PER_IP calls a window. */
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '3' } });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const loginFrom = (remoteAddress: string, headers?: Record<string, string>) =>
  call(app, {
    method: 'POST',
    url: '/api/auth/login',
    body: { email: 'user@demo.test', password: demoPassword },
    remoteAddress,
    headers,
  });

describe('the per-IP limit on auth routes', () => {
  it('answers 429 once an address has used its budget, even for a correct login', async () => {
    for (let i = 0; i < 3; i += 1) expect((await loginFrom('10.0.0.1')).statusCode).toBe(200);

    const response = await loginFrom('10.0.0.1');

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ code: 'rate_limited', errorMessage: messages.common.tooManyRequests });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(testApp.config.rateLimit.windowMs / 1000);
  });

  it('counts every auth route together: login, sign-up, forgot password, guest link', async () => {
    const address = '10.0.0.2';
    await call(app, {
      method: 'POST',
      url: '/api/auth/forgotPassword?email=user@demo.test',
      remoteAddress: address,
    });
    await call(app, { method: 'POST', url: '/api/users/signup', body: {}, remoteAddress: address });
    await call(app, { url: `/api/users/checkGuestUser?token=${'x'.repeat(43)}`, remoteAddress: address });

    const response = await loginFrom(address);

    expect(response.statusCode).toBe(429);
  });

  it('counts each address on its own', async () => {
    for (let i = 0; i < 4; i += 1) await loginFrom('10.0.0.3');

    expect((await loginFrom('10.0.0.4')).statusCode).toBe(200);
  });

  it('is not dodged with an X-Forwarded-For header (no proxy is trusted by default)', async () => {
    for (let i = 0; i < 3; i += 1) await loginFrom('10.0.0.5', { 'x-forwarded-for': `192.0.2.${i}` });

    const response = await loginFrom('10.0.0.5', { 'x-forwarded-for': '192.0.2.99' });

    expect(response.statusCode).toBe(429);
  });

  it('leaves the other routes open to a limited address', async () => {
    for (let i = 0; i < 4; i += 1) await loginFrom('10.0.0.6');

    const response = await call(app, { url: '/api/settings', remoteAddress: '10.0.0.6' });

    expect(response.statusCode).toBe(200);
  });

  it('refuses before doing the work: a limited sign-up creates no account', async () => {
    for (let i = 0; i < 3; i += 1) await loginFrom('10.0.0.7');

    const response = await call(app, {
      method: 'POST',
      url: '/api/users/signup',
      remoteAddress: '10.0.0.7',
      body: {
        firstName: 'Late',
        lastName: 'Comer',
        email: 'late@example.test',
        password: 'Str0ng!Pass',
        confirmPassword: 'Str0ng!Pass',
      },
    });

    expect(response.statusCode).toBe(429);
    const user = await testApp.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'late@example.test')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });
});
