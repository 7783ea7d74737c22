import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoPassword } from '../demo/demo-data.ts';
import { errorCodes, HttpError } from '../http/errors.ts';
import { call, createTestApp, loginAs, type App, type TestApp } from '../test/test-app.ts';

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
  expect(errorCodes).toContain(body.code);
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
    expect(response.json()).toEqual({ code: 'not_found', errorMessage: messages.common.notFound });
  });

  it('answer a body over BODY_LIMIT_BYTES with a JSON 413', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'user@demo.test', password: 'x'.repeat(4096) },
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'payload_too_large',
      errorMessage: messages.common.requestTooLarge,
    });
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
      expect(response.json()).toEqual({
        code: 'unsupported_media_type',
        errorMessage: messages.common.unsupportedContentType,
      });
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

describe('the code of an error answer', () => {
  it('names what failed for a program, whatever the message says', async () => {
    const validation = await call(app, { method: 'POST', url: '/api/auth/login', body: { email: 'x' } });
    const signedOut = await call(app, { url: '/api/users' });
    const { token } = await loginAs(app, 'user@demo.test');
    const notAllowed = await call(app, { url: '/api/banks', token });

    expect(validation.statusCode).toBe(400);
    expect(validation.json()).toMatchObject({ code: 'validation_failed', fieldErrors: expect.any(Object) });
    expect(signedOut.json()).toEqual({
      code: 'unauthenticated',
      errorMessage: messages.common.loginRequired,
    });
    expect(notAllowed.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
  });

  it("is a publisher's key refused as api_key_invalid, not a signed-out session", async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'x-api-key': 'not-a-key' },
      body: [],
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'api_key_invalid',
      errorMessage: messages.publisherKey.invalid,
    });
  });

  it('is the status’s own unless the error names a specific one', () => {
    expect(new HttpError(404, 'x').code).toBe('not_found');
    expect(new HttpError(409, 'x').code).toBe('conflict');
    expect(new HttpError(429, 'x').code).toBe('rate_limited');
    expect(new HttpError(503, 'x').code).toBe('service_unavailable');
    expect(new HttpError(409, 'x', undefined, undefined, 'terms_not_accepted').code).toBe(
      'terms_not_accepted',
    );
  });

  it('is snake_case, and the list never repeats one', () => {
    for (const code of errorCodes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });
});
