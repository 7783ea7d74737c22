import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoAdminEmail } from '../../demo/demo-data.ts';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';
import { keySecretHashOf } from '../publishers/publisher-keys.repository.ts';
import { endpointUrlIssue } from './webhook-urls.ts';

/**
 * The endpoints' API (docs/decisions/0097): who may register what, what an endpoint says, and
 * what is refused with which message. Owners: a brand's admins within their scope, the system
 * admin for any brand or publisher; everything else answers 404, as if it did not exist.
 */

const m = messages.webhook;
let testApp: TestApp;
let app: App;
let admin: SignedIn;
let brandAdmin: SignedIn;
let groupAdmin: SignedIn;
let ids: Awaited<ReturnType<typeof demoIds>>;
let publisherId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  admin = await loginAs(app, demoAdminEmail);
  brandAdmin = await loginAs(app, 'brandadmin@demo.test');
  groupAdmin = await loginAs(app, 'groupadmin@demo.test');
  ids = await demoIds(testApp.db);
  publisherId = (
    await testApp.db.selectFrom('publishers').select('id').where('code', '=', 'ATR').executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await testApp?.close();
});

const create = (session: SignedIn, body: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/webhooks/endpoints', token: session.token, body });

const brandEndpoint = (brandId: string, extra: Record<string, unknown> = {}) => ({
  owner: { type: 'brand', brandId },
  url: 'https://hooks.example.com/krowd',
  events: ['offer.published', 'transaction.qualified'],
  ...extra,
});

describe('registering an endpoint', () => {
  it("answers the endpoint with its secret once; the list and details show the secret's prefix only", async () => {
    const response = await create(
      brandAdmin,
      brandEndpoint(ids.brands.standalone, { description: 'Till system' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { endpoint } = response.json<{
      endpoint: Record<string, unknown> & { id: string; secret: string };
    }>();
    expect(response.json().respMessage).toBe(m.created);
    expect(endpoint).toMatchObject({
      owner: { type: 'brand', id: ids.brands.standalone },
      url: 'https://hooks.example.com/krowd',
      description: 'Till system',
      events: ['offer.published', 'transaction.qualified'],
      mode: 'live',
      enabled: true,
      previousSecretExpiresAt: null,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint.secretPrefix).toBe(`${endpoint.secret.slice(0, 10)}…`);

    const details = await call(app, {
      url: `/api/webhooks/endpoints/${endpoint.id}`,
      token: brandAdmin.token,
    });
    expect(details.statusCode).toBe(200);
    expect(details.body).not.toContain(endpoint.secret);
    const list = await call(app, { url: '/api/webhooks/endpoints', token: brandAdmin.token });
    expect(list.json<{ endpoints: { id: string }[] }>().endpoints.map((e) => e.id)).toContain(endpoint.id);
    expect(list.body).not.toContain(endpoint.secret);
  });

  it.each([
    [{ url: '' }, 'url', m.urlRequired],
    [{ url: 'not a url' }, 'url', m.urlInvalid],
    [{ url: 'ftp://example.com/x' }, 'url', m.urlInvalid],
    [{ url: `https://example.com/${'a'.repeat(2000)}` }, 'url', m.urlTooLong],
    [{ url: 'https://user:pw@example.com/x' }, 'url', m.urlCredentials],
    [{ events: [] }, 'events', m.eventsRequired],
    [{ events: ['offer.exploded'] }, 'events.0', m.eventsRequired],
    [{ description: 'x'.repeat(201) }, 'description', m.descriptionTooLong],
  ])('refuses %j naming the field, and stores nothing', async (change, field, message) => {
    const before = await testApp.db.selectFrom('webhook_endpoints').select('id').execute();
    const response = await create(brandAdmin, brandEndpoint(ids.brands.standalone, change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errorMessage: message, fieldErrors: { [field]: message } });
    expect(await testApp.db.selectFrom('webhook_endpoints').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it("lets a brand's admin register for its own brand only, and never for a publisher", async () => {
    expect((await create(brandAdmin, brandEndpoint(ids.brands.groupBrandA))).statusCode).toBe(404);
    const asPublisher = await create(brandAdmin, {
      ...brandEndpoint(''),
      owner: { type: 'publisher', publisherId },
    });
    expect(asPublisher.statusCode).toBe(404);
    expect(asPublisher.json()).toEqual({ code: 'not_found', errorMessage: m.publisherNotFound });
    expect((await create(groupAdmin, brandEndpoint(ids.brands.groupBrandA))).statusCode).toBe(201);
  });

  it("keeps one owner's endpoints out of another's list, details, log and changes", async () => {
    const mine = (
      await create(admin, { ...brandEndpoint(''), owner: { type: 'publisher', publisherId } })
    ).json<{
      endpoint: { id: string };
    }>().endpoint;
    const groupOwn = (await create(groupAdmin, brandEndpoint(ids.brands.groupBrandB))).json<{
      endpoint: { id: string };
    }>().endpoint;
    const brandList = await call(app, { url: '/api/webhooks/endpoints', token: brandAdmin.token });
    const shown = brandList.json<{ endpoints: { id: string; owner: { id: string } }[] }>().endpoints;
    expect(shown.map((e) => e.id)).not.toContain(mine.id);
    expect(shown.map((e) => e.id)).not.toContain(groupOwn.id);
    expect(shown.every((e) => e.owner.id === ids.brands.standalone)).toBe(true);
    for (const id of [mine.id, groupOwn.id]) {
      for (const [method, url, body] of [
        ['GET', `/api/webhooks/endpoints/${id}`, undefined],
        ['PUT', `/api/webhooks/endpoints/${id}`, { enabled: false }],
        ['DELETE', `/api/webhooks/endpoints/${id}`, undefined],
        ['POST', `/api/webhooks/endpoints/${id}/ping`, undefined],
        ['POST', `/api/webhooks/endpoints/${id}/secret`, {}],
        ['GET', `/api/webhooks/endpoints/${id}/deliveries`, undefined],
        ['POST', `/api/webhooks/endpoints/${id}/redeliver`, { since: '2025-01-01T00:00:00Z' }],
      ] as const) {
        const response = await call(app, { method, url, token: brandAdmin.token, body });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const adminList = await call(app, {
      url: `/api/webhooks/endpoints?publisherId=${publisherId}`,
      token: admin.token,
    });
    expect(adminList.json<{ endpoints: { id: string }[] }>().endpoints.map((e) => e.id)).toEqual([mine.id]);
  });

  it('refuses callers without the capability: 403 for a brand user, 401 without a session', async () => {
    const brandUser = await loginAs(app, 'branduser@demo.test');
    expect((await call(app, { url: '/api/webhooks/endpoints', token: brandUser.token })).statusCode).toBe(
      403,
    );
    expect((await call(app, { url: '/api/webhooks/endpoints' })).statusCode).toBe(401);
  });
});

describe("a publisher's admins", () => {
  it("register their publisher's endpoints, never another publisher's nor a brand's", async () => {
    const bank = await loginAs(app, 'bank@demo.test');
    const own = await testApp.db
      .selectFrom('banks')
      .select('publisher_id')
      .where('id', '=', ids.bankId)
      .executeTakeFirstOrThrow();
    const ownPublisher = own.publisher_id!;
    const owners = await call(app, { url: '/api/webhooks/owners', token: bank.token });
    expect(owners.json()).toMatchObject({ brands: [], publishers: [{ id: ownPublisher }] });

    const made = await create(bank, {
      ...brandEndpoint(''),
      owner: { type: 'publisher', publisherId: ownPublisher },
    });
    expect(made.statusCode, made.body).toBe(201);
    const other = await create(bank, { ...brandEndpoint(''), owner: { type: 'publisher', publisherId } });
    expect(other.statusCode).toBe(404);
    expect((await create(bank, brandEndpoint(ids.brands.standalone))).statusCode).toBe(404);

    const atr = (
      await create(admin, { ...brandEndpoint(''), owner: { type: 'publisher', publisherId } })
    ).json<{
      endpoint: { id: string };
    }>().endpoint;
    const brandOwned = (await create(brandAdmin, brandEndpoint(ids.brands.standalone))).json<{
      endpoint: { id: string };
    }>().endpoint;
    for (const id of [atr.id, brandOwned.id]) {
      expect((await call(app, { url: `/api/webhooks/endpoints/${id}`, token: bank.token })).statusCode).toBe(
        404,
      );
    }
    const listed = await call(app, { url: '/api/webhooks/endpoints', token: bank.token });
    expect(
      listed.json<{ endpoints: { owner: { id: string } }[] }>().endpoints.map((e) => e.owner.id),
    ).toEqual([ownPublisher]);
  });
});

describe("a publisher's own system, with its API key", () => {
  it("registers, lists and deletes its endpoints in its key's mode; a test key's are test endpoints", async () => {
    const testKey = `test-key-${Date.now()}`;
    await testApp.db
      .insertInto('publisher_api_keys')
      .values({
        publisher_id: publisherId,
        mode: 'test',
        prefix: 'tk',
        secret_hash: keySecretHashOf(testKey),
        name: 'Test',
      })
      .execute();
    const asKey = (key: string, method: 'GET' | 'POST' | 'DELETE', path = '', body?: unknown) =>
      call(app, {
        method,
        url: `/api/publisher/webhooks/endpoints${path}`,
        headers: { 'x-api-key': key },
        body,
      });
    const body = { url: 'https://hooks.example.com/atr', events: ['transaction.qualified'] };

    const live = await asKey('demo-atr-key', 'POST', '', body);
    expect(live.statusCode, live.body).toBe(201);
    expect(live.json().endpoint).toMatchObject({
      owner: { type: 'publisher', id: publisherId },
      mode: 'live',
    });
    expect(live.json().endpoint.secret).toMatch(/^whsec_/);
    const test = await asKey(testKey, 'POST', '', body);
    expect(test.json().endpoint).toMatchObject({ mode: 'test' });

    const testList = (await asKey(testKey, 'GET')).json<{ endpoints: { id: string; mode: string }[] }>();
    expect(testList.endpoints.map((e) => e.mode)).toEqual(['test']);
    // A test key neither sees nor deletes a live endpoint.
    expect((await asKey(testKey, 'DELETE', `/${live.json().endpoint.id}`)).statusCode).toBe(404);
    expect((await asKey('demo-atr-key', 'DELETE', `/${live.json().endpoint.id}`)).statusCode).toBe(200);
    expect((await asKey('not-a-key', 'GET')).statusCode).toBe(401);
  });
});

describe('changing an endpoint', () => {
  it('changes only what is sent, and deleting it takes its log with it', async () => {
    const { endpoint } = (await create(brandAdmin, brandEndpoint(ids.brands.standalone))).json<{
      endpoint: { id: string };
    }>();
    const url = `/api/webhooks/endpoints/${endpoint.id}`;
    const changed = await call(app, {
      method: 'PUT',
      url,
      token: brandAdmin.token,
      body: { events: ['offer.ended'], enabled: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().endpoint).toMatchObject({
      events: ['offer.ended'],
      enabled: false,
      url: 'https://hooks.example.com/krowd',
    });
    const empty = await call(app, { method: 'PUT', url, token: brandAdmin.token, body: {} });
    expect(empty.statusCode).toBe(400);

    const deleted = await call(app, { method: 'DELETE', url, token: brandAdmin.token });
    expect(deleted.json()).toEqual({ respCode: 206, respMessage: m.deleted });
    expect((await call(app, { url, token: brandAdmin.token })).statusCode).toBe(404);
  });
});

describe('which addresses an endpoint may name', () => {
  const production = { httpsOnly: true, allowPrivateAddresses: false };
  const development = { httpsOnly: false, allowPrivateAddresses: true };

  it.each([
    ['http://hooks.example.com/x', m.urlNotHttps],
    ['https://127.0.0.1/x', m.urlPrivate],
    ['https://localhost:8443/x', m.urlPrivate],
    ['https://10.1.2.3/x', m.urlPrivate],
    ['https://192.168.0.9/x', m.urlPrivate],
    ['https://169.254.169.254/latest', m.urlPrivate],
    ['https://[::1]/x', m.urlPrivate],
    ['https://[fd00::1]/x', m.urlPrivate],
    ['https://[::ffff:127.0.0.1]/x', m.urlPrivate],
    ['https://hooks.example.com/x', null],
    ['https://93.184.216.34/x', null],
  ])('in production, %s: %s', (url, issue) => {
    expect(endpointUrlIssue(url, production)).toBe(issue);
  });

  it('in development and test, http:// and loopback receivers are allowed', () => {
    expect(endpointUrlIssue('http://127.0.0.1:4000/hooks', development)).toBeNull();
    expect(endpointUrlIssue('ftp://127.0.0.1/hooks', development)).toBe(m.urlNotHttps);
  });

  it('in production with private addresses allowed, only https:// is still required', () => {
    const allowed = { httpsOnly: true, allowPrivateAddresses: true };
    expect(endpointUrlIssue('https://10.0.0.5/hooks', allowed)).toBeNull();
    expect(endpointUrlIssue('http://10.0.0.5/hooks', allowed)).toBe(m.urlNotHttps);
  });
});
