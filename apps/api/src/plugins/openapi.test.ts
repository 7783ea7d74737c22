import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Some documented routes; the access matrix checks the document against every route served. */
const documented = [
  'get /api/health',
  'post /api/auth/login',
  'post /api/auth/logout',
  'get /api/auth/session',
  'post /api/auth/forgotPassword',
  'post /api/auth/changeRecoverPassword',
  'post /api/auth/createPassword',
  'post /api/auth/changePassword',
  'get /api/users/checkGuestUser',
  'post /api/users/signup',
  'get /api/users/{id}',
  'get /api/brands/{id}',
  'get /api/banks/{id}',
  'get /api/settings',
  'get /api/settings/setLanguage',
  'get /api/mail/outbox',
];

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3 document listing the routes with their methods', async () => {
    const response = await call(app, { url: '/api/openapi.json' });

    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Krowd API');
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(operations).toEqual(expect.arrayContaining(documented));
    expect(operations.filter((operation) => operation.includes('/api/docs'))).toEqual([]);
  });

  it('describes parameters, bodies and every response status from the zod schemas', async () => {
    const document = (await call(app, { url: '/api/openapi.json' })).json();

    const login = document.paths['/api/auth/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    const user = document.paths['/api/users/{id}'].get;
    expect(user.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    const outbox = document.paths['/api/mail/outbox'].get;
    expect(outbox.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'page']);
  });

  it('declares the credentials the API takes: the session cookie, its bearer form, a publisher key', async () => {
    const document = (await call(app, { url: '/api/openapi.json' })).json();

    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'krowd_session' },
      bearer: { type: 'http', scheme: 'bearer' },
      publisherKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      insightsPass: { type: 'apiKey', in: 'header', name: 'X-Insights-Pass' },
    });
    expect(document.security).toBeUndefined();
  });

  it('never lists a password hash or token hash in any response schema', async () => {
    const response = await call(app, { url: '/api/openapi.json' });

    expect(response.body).not.toMatch(/password_hash|passwordHash|token_hash/);
  });
});

describe('the link to the Publisher integration guide', () => {
  it("names the product's integration page in the description and as the document's external docs", async () => {
    const document = (await call(app, { url: '/api/openapi.json' })).json();
    const page = '/user/settings/integration';

    expect(document.externalDocs).toEqual({
      description: 'Publisher integration',
      url: expect.stringMatching(new RegExp(`^https?://[^/]+${page}$`)),
    });
    expect(document.info.description).toContain(`[Publisher integration](${document.externalDocs.url})`);
  });
});

describe('GET /api/docs', () => {
  it('serves the interactive documentation page', async () => {
    const response = await call(app, { url: '/api/docs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger');
  });

  it('may not be framed by another site', async () => {
    const response = await call(app, { url: '/api/docs' });
    const frameAncestors = /frame-ancestors ([^;]*)/.exec(
      String(response.headers['content-security-policy']),
    )?.[1];

    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(frameAncestors?.trim()).toBe("'none'");
    // Served over plain HTTP here: the page must not ask the browser to upgrade to HTTPS.
    expect(String(response.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('serves the document it renders', async () => {
    const response = await call(app, { url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/auth/login']).toBeDefined();
  });
});
