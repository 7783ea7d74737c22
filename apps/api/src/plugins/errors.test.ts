import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoPassword } from '../demo/demo-data.ts';
import { call, createTestApp, type App, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const expectPlainJsonError = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(body.errorMessage).toEqual(expect.any(String));
  expect(body.respCode).toBeUndefined();
  expect(response.body).not.toMatch(/"stack"|node_modules|at [\w.]+ \(/);
};

describe('error answers', () => {
  it.each([
    { method: 'GET' as const, url: '/api/nowhere' },
    { method: 'POST' as const, url: '/api/auth/nowhere' },
    { method: 'DELETE' as const, url: '/api/users' },
    { method: 'GET' as const, url: '/api' },
  ])('answer an unknown API path ($method $url) with a JSON 404', async ({ method, url }) => {
    const response = await call(app, { method, url });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errorMessage: messages.common.notFound });
  });

  it('answer a body over BODY_LIMIT_BYTES with a JSON 413', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'user@demo.test', password: 'x'.repeat(4096) },
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errorMessage: messages.common.requestTooLarge });
  });

  it.each(['application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'])(
    'answer a body of type %s with a JSON 415',
    async (type) => {
      const response = await call(app, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        body: 'email=user@demo.test&password=x',
      });

      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ errorMessage: messages.common.unsupportedContentType });
    },
  );

  it('answer a plain-text body where JSON is expected with a 400 naming the body', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'user@demo.test', password: demoPassword }),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty(['body']);
  });

  it.each(['{', '{"email":}', "{'email':'user@demo.test'}", 'null x', '\u0000'])(
    'answer malformed JSON %j with a 400, never a 500',
    async (payload) => {
      const response = await call(app, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: payload,
      });

      expect(response.statusCode).toBe(400);
      expectPlainJsonError(response);
    },
  );

  it('answer a JSON body with a prototype-pollution key with a 400 and leave objects alone', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"user@demo.test","password":"x","__proto__":{"polluted":true}}',
    });

    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answer a method a route does not have with a JSON 404', async () => {
    const response = await call(app, { method: 'PUT', url: '/api/auth/login', body: {} });

    expect(response.statusCode).toBe(404);
    expectPlainJsonError(response);
  });
});
