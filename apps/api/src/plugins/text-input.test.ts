import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../test/test-app.ts';

let testApp: TestApp;
let app: App;
let token: string;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  token = (await loginAs(app, 'companyadmin@demo.test')).token;
  ids = await demoIds(testApp.db);
});

afterAll(async () => {
  await testApp?.close();
});

const nul = '\u0000';

describe('a NUL character in any text the API is sent', () => {
  it.each([
    {
      name: 'a branch name',
      method: 'POST' as const,
      url: () => '/api/merchants',
      body: (): unknown => ({
        name: `Green${nul}Fork`,
        kmid: 'KM5999990',
        postcode: 'N1 1QP',
        postalTown: 'London',
        address: '112 Upper Street',
        contactName: 'Mary Jones',
        contactPhone: '020 7946 0101',
        contactEmail: 'angel@greenfork.test',
        merchantIds: { merchantId: '4419990' },
        brandId: ids.brands.standalone,
      }),
      field: 'name',
    },
    {
      name: 'a nested merchant id',
      method: 'POST' as const,
      url: () => '/api/merchants',
      body: (): unknown => ({
        name: 'Green Fork',
        kmid: 'KM5999991',
        postcode: 'N1 1QP',
        postalTown: 'London',
        address: '112 Upper Street',
        contactName: 'Mary Jones',
        contactPhone: '020 7946 0101',
        contactEmail: 'angel@greenfork.test',
        merchantIds: { merchantId: `44${nul}19991` },
        brandId: ids.brands.standalone,
      }),
      field: 'merchantIds.merchantId',
    },
    {
      name: 'a campaign list search',
      method: 'GET' as const,
      url: () =>
        `/api/campaigns?campaignType=future&filter=${encodeURIComponent(
          JSON.stringify({ limit: 10, page: 1, globalSearch: { value: `Sum${nul}mer`, type: 'user' } }),
        )}`,
      body: (): unknown => undefined,
      field: 'filter.globalSearch',
    },
    {
      name: 'a forgotten-password e-mail',
      method: 'POST' as const,
      url: () => `/api/auth/forgotPassword?email=${encodeURIComponent(`user${nul}@demo.test`)}`,
      body: (): unknown => undefined,
      field: 'email',
    },
  ])('answers 400 naming the field for $name, and changes nothing', async ({ method, url, body, field }) => {
    const before = await testApp.db
      .selectFrom('branches')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();

    const response = await call(app, { method, url: url(), token, body: body() });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ [field]: messages.validation.nulCharacter });
    const after = await testApp.db
      .selectFrom('branches')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(after.count).toBe(before.count);
  });

  it('names a NUL character in a field name too', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { [`email${nul}`]: 'user@demo.test', password: 'Demo@12345' },
    });

    expect(response.statusCode).toBe(400);
    expect(Object.values(response.json().fieldErrors)).toEqual([messages.validation.nulCharacter]);
  });

  it('refuses a lone surrogate, which PostgreSQL would silently store as U+FFFD, naming the field', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"user@demo.test","password":"Demo\\ud80012345"}',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ password: messages.validation.notWellFormedText });
  });

  it('lets a well-formed character pair through (an emoji is two UTF-16 units)', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'user@demo.test', password: 'Demo😀12345' },
    });

    expect(response.statusCode).toBe(401);
  });

  it('refuses a body nested thousands deep with a 400 naming the field (it overflowed the stack: 500)', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login/mfa',
      headers: { 'content-type': 'application/json' },
      body: `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
    });

    expect(response.statusCode).toBe(400);
    const [[field, message]] = Object.entries(response.json().fieldErrors) as [[string, string]];
    expect(field).toMatch(/^a(\.0)+$/);
    expect(message).toBe(messages.validation.nestedTooDeep);
  });

  it('lets a body nested as deep as a route may need through', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'user@demo.test', password: 'Demo@12345', a: { b: { c: { d: [[[]]] } } } },
    });

    expect(response.json().fieldErrors).toEqual({ a: messages.validation.unexpectedField });
  });

  it('checks the caller before the input: a stranger learns nothing from a NUL in a private route', async () => {
    const response = await call(app, { method: 'POST', url: '/api/merchants', body: { name: nul } });

    expect(response.statusCode).toBe(401);
  });

  it('lets text without NUL through to the route', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/forgotPassword?email=user%40demo.test',
    });

    expect(response.statusCode).toBe(200);
  });

  it('leaves a streamed upload to its route over a real connection (its body is a stream with a socket, not data)', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await loginAs(app, 'admin@demo.test');
    const publisher = await testApp.db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', 'LUX')
      .executeTakeFirstOrThrow();
    const file = [
      'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher',
      'STREAMED-1,2025-06-11T12:00:00+01:00,12.34,GBP,STREAMED-UNKNOWN-MID,card-s,1234,N1 9AA,LUX',
    ].join('\n');

    const response = await fetch(
      `${address}/api/ingestionLogs/upload?publisher=${publisher.id}&fileName=lux.csv`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/csv' },
        body: file,
      },
    );

    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ inserted: 1, unmatched: 1 });
  });
});
