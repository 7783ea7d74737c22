import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoPassword } from '../demo/demo-data.ts';
import { secureSessionCookieName, sessionCookieName } from './access.ts';
import { call, createTestApp, type App, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const login = (headers: Record<string, string>) =>
  call(app, {
    method: 'POST',
    url: '/api/auth/login',
    body: { email: 'user@demo.test', password: demoPassword },
    headers,
  });

describe('security headers on API answers', () => {
  it.each([
    { name: 'a success', url: '/api/health' },
    { name: 'an error', url: '/api/users/not-a-uuid' },
    { name: 'an unknown path', url: '/api/nowhere' },
  ])('are sent on $name', async ({ url }) => {
    const response = await call(app, { url });
    const csp = String(response.headers['content-security-policy']);

    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carry one fixed policy, with no nonce (only index.html has one)', async () => {
    const first = await call(app, { url: '/api/health' });
    const second = await call(app, { url: '/api/nowhere' });

    expect(first.headers['content-security-policy']).toBe(second.headers['content-security-policy']);
    expect(String(first.headers['content-security-policy'])).not.toContain('nonce-');
  });

  it('give every request its own id', async () => {
    const first = await call(app, { url: '/api/health' });
    const second = await call(app, { url: '/api/health' });

    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('leave out HSTS when the product is not served over TLS', async () => {
    const response = await call(app, { url: '/api/health' });

    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('behind TLS (PUBLIC_URL https://…)', () => {
  let tls: TestApp;
  beforeAll(async () => {
    tls = await createTestApp({ env: { PUBLIC_URL: 'https://krowd.example' } });
  });
  afterAll(async () => {
    await tls?.close();
  });

  it('sends HSTS and upgrade-insecure-requests', async () => {
    const response = await call(tls.app, { url: '/api/health' });

    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('names the session cookie with the __Host- prefix, Secure, for path / and no domain', async () => {
    const response = await call(tls.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'user@demo.test', password: demoPassword },
      headers: { origin: 'https://krowd.example' },
    });

    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === secureSessionCookieName);
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(cookie?.domain).toBeUndefined();
    expect(response.cookies.find((c) => c.name === sessionCookieName)).toBeUndefined();
  });

  it('reads the session from the __Host- cookie only: an unprefixed one a subdomain planted is ignored', async () => {
    const signedIn = await call(tls.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'user@demo.test', password: demoPassword },
      headers: { origin: 'https://krowd.example' },
    });
    const { value } = signedIn.cookies.find((c) => c.name === secureSessionCookieName)!;

    const own = await call(tls.app, {
      url: '/api/auth/session',
      headers: { cookie: `${secureSessionCookieName}=${value}` },
    });
    const planted = await call(tls.app, {
      url: '/api/auth/session',
      headers: { cookie: `${sessionCookieName}=${value}` },
    });

    expect(own.json().details.email).toBe('user@demo.test');
    expect(planted.json().details).toBeNull();
  });
});

describe('cross-site requests', () => {
  it('refuses a POST from another site’s page with 403, before doing anything', async () => {
    const response = await login({ origin: 'https://evil.example' });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.crossSiteRefused });
    expect(response.cookies.find((c) => c.name === sessionCookieName)).toBeUndefined();
  });

  it('refuses a POST the browser marks Sec-Fetch-Site: cross-site', async () => {
    const response = await login({ 'sec-fetch-site': 'cross-site' });

    expect(response.statusCode).toBe(403);
  });

  it('refuses a cross-site logout, so another site cannot end a session', async () => {
    const { cookie, details } = await (async () => {
      const signedIn = await login({});
      const session = signedIn.cookies.find((c) => c.name === sessionCookieName)!;
      return { cookie: `${session.name}=${session.value}`, details: signedIn.json().details };
    })();

    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });

    expect(response.statusCode).toBe(403);
    expect((await call(app, { url: `/api/users/${details._id}`, headers: { cookie } })).statusCode).toBe(200);
  });

  it.each<{ name: string; headers: Record<string, string> }>([
    { name: 'from the product’s own address', headers: { origin: 'http://localhost:3000' } },
    {
      name: 'from the address the request came to',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    },
    {
      name: 'marked same-origin',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    },
    { name: 'without an Origin (an API client)', headers: {} },
  ])('accepts a POST $name', async ({ headers }) => {
    const response = await login(headers);

    expect(response.statusCode).toBe(200);
  });

  it('lets a cross-site GET through: reading is not a state change', async () => {
    const response = await call(app, { url: '/api/settings', headers: { origin: 'https://evil.example' } });

    expect(response.statusCode).toBe(200);
  });
});
