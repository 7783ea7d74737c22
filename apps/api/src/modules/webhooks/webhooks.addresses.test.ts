import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoAdminEmail } from '../../demo/demo-data.ts';
import { call, createTestApp, loginAs, type App, type SignedIn, type TestApp } from '../../test/test-app.ts';
import { receiverPool } from './webhook-receiver.fixtures.ts';
import {
  AddressRefused,
  endpointUrlIssue,
  resolveDeliveryAddress,
  type HostResolver,
} from './webhook-urls.ts';
import { createWebhookDelivery } from './webhooks.delivery.ts';

/**
 * Where a delivery connects, and what a hung receiver holds up (decision 0104). The name in an
 * endpoint's URL is resolved once per attempt by a resolver the test injects, checked, and the
 * attempt connects to that address: the names used here (under .invalid) exist in no DNS, so an
 * attempt that asked DNS again would fail. Receivers are real HTTP servers on 127.0.0.1.
 */

const m = messages.webhook;
const production = { httpsOnly: false, allowPrivateAddresses: false };
const development = { httpsOnly: false, allowPrivateAddresses: true };

let testApp: TestApp;
let app: App;
let admin: SignedIn;
let publisherId: string;
const receivers = receiverPool();

beforeAll(async () => {
  // Long enough never to run out during a test: a hung receiver is released by the test.
  testApp = await createTestApp({ env: { WEBHOOK_TIMEOUT_SECONDS: '60', JOB_POLL_SECONDS: '0.05' } });
  app = testApp.app;
  admin = await loginAs(app, demoAdminEmail);
  const publisher = await testApp.db
    .insertInto('publishers')
    .values({ code: 'WHADDR', display_name: 'Address Test Publisher' })
    .returning('id')
    .executeTakeFirstOrThrow();
  publisherId = publisher.id;
});

afterEach(async () => {
  await receivers.closeAll();
});

afterAll(async () => {
  await testApp?.close();
});

const receiver = receivers.start;

/** A resolver answering `addresses` for every name, counting the names it was asked. */
function resolverAnswering(...addresses: string[]) {
  const asked: string[] = [];
  const resolve: HostResolver = async (host) => {
    asked.push(host);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, resolve };
}

async function endpointFor(url: string) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/webhooks/endpoints',
    token: admin.token,
    body: { owner: { type: 'publisher', publisherId }, url, events: ['transaction.qualified'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ endpoint: { id: string } }>().endpoint;
}

/** A pending delivery of a ping to the endpoint, made directly (no job queued). */
async function pendingDelivery(endpointId: string) {
  const event = await testApp.db
    .insertInto('webhook_events')
    .values({ type: 'webhook.ping', mode: 'live', endpoint_id: endpointId, data: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return testApp.db
    .insertInto('webhook_deliveries')
    .values({ event_id: event.id, endpoint_id: endpointId, schedule_started_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const attemptsOf = (deliveryId: string) =>
  testApp.db
    .selectFrom('webhook_attempts')
    .select(['attempt', 'status_code', 'error'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempt')
    .execute();

describe('the address a delivery connects to', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['a private network', '10.1.2.3'],
    ['the cloud metadata service', '169.254.169.254'],
    ['IPv6 loopback', '::1'],
    ['an IPv6 unique-local address', 'fd00:ec2::254'],
    ['an IPv4-mapped loopback', '::ffff:7f00:1'],
  ])('is refused in production when the name resolves to %s', async (_what, address) => {
    const { resolve } = resolverAnswering(address);
    const refusal = resolveDeliveryAddress('https://hooks.rebound.invalid/in', production, resolve);
    await expect(refusal).rejects.toThrow(
      new AddressRefused(m.addressRefused('hooks.rebound.invalid', address)),
    );
  });

  it('is refused when any of the answers is private, and is the answer when all are public', async () => {
    const mixed = resolverAnswering('93.184.216.34', '10.0.0.7');
    await expect(
      resolveDeliveryAddress('https://hooks.mixed.invalid/', production, mixed.resolve),
    ).rejects.toThrow(m.addressRefused('hooks.mixed.invalid', '10.0.0.7'));
    const open = resolverAnswering('93.184.216.34', '2606:2800:220:1::248');
    expect(await resolveDeliveryAddress('https://hooks.open.invalid/', production, open.resolve)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses an IPv4-mapped loopback written in the URL, at registration and at delivery', async () => {
    const url = 'https://[::ffff:127.0.0.1]/hooks';
    expect(endpointUrlIssue(url, production)).toBe(m.urlPrivate);
    await expect(resolveDeliveryAddress(url, production)).rejects.toThrow(m.urlPrivate);
  });

  it('takes an address written in the URL as it is, and lets development reach 127.0.0.1', async () => {
    const { asked, resolve } = resolverAnswering('127.0.0.1');
    expect(await resolveDeliveryAddress('http://127.0.0.1:4000/hooks', development, resolve)).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    expect(await resolveDeliveryAddress('http://hooks.dev.invalid:4000/', development, resolve)).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    expect(asked).toEqual(['hooks.dev.invalid']);
  });

  it('connects to the address it checked, resolving the name once, and keeps the name as Host', async () => {
    const hooks = await receiver();
    const port = new URL(hooks.url).port;
    const endpoint = await endpointFor(`http://hooks.publisher.invalid:${port}/hooks`);
    const made = await pendingDelivery(endpoint.id);
    const { asked, resolve } = resolverAnswering('127.0.0.1');
    const delivery = createWebhookDelivery({
      db: testApp.db,
      settings: { ...testApp.config.webhooks, urlPolicy: development },
      clock: () => new Date(),
      resolve,
    });

    await delivery.deliver({ deliveryId: made.id, attempt: 1 });

    expect(asked).toEqual(['hooks.publisher.invalid']);
    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.headers.host).toBe(`hooks.publisher.invalid:${port}`);
    expect(await attemptsOf(made.id)).toEqual([{ attempt: 1, status_code: 200, error: null }]);
  });

  it('makes a refused delivery a failed attempt, with the reason in the log, retried later', async () => {
    const hooks = await receiver();
    const port = new URL(hooks.url).port;
    const endpoint = await endpointFor(`http://hooks.rebound.invalid:${port}/hooks`);
    const made = await pendingDelivery(endpoint.id);
    const delivery = createWebhookDelivery({
      db: testApp.db,
      settings: { ...testApp.config.webhooks, urlPolicy: production },
      clock: () => new Date(),
      resolve: resolverAnswering('127.0.0.1').resolve,
    });

    await delivery.deliver({ deliveryId: made.id, attempt: 1 });

    expect(hooks.received).toHaveLength(0);
    expect(await attemptsOf(made.id)).toEqual([
      { attempt: 1, status_code: null, error: m.addressRefused('hooks.rebound.invalid', '127.0.0.1') },
    ]);
    const row = await testApp.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'last_error', 'next_attempt_at'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      last_error: m.addressRefused('hooks.rebound.invalid', '127.0.0.1'),
    });
    expect(row.next_attempt_at).not.toBeNull();
  });
});

describe('a receiver that never answers', () => {
  it('holds up no job of another kind on the same instance, queued while the delivery waits', async () => {
    const hung = await receiver('hang');
    const endpoint = await endpointFor(hung.url);
    const jobs = app.services.jobs;
    const otherKind = 'test.addresses.invoice-run';
    const ran: string[] = [];
    jobs.handle(otherKind, async () => void ran.push(otherKind));
    const ping = await call(app, {
      method: 'POST',
      url: `/api/webhooks/endpoints/${endpoint.id}/ping`,
      token: admin.token,
    });
    expect(ping.statusCode).toBe(202);

    jobs.start();
    try {
      await until(() => hung.received.length === 1);
      await jobs.enqueue(otherKind);
      // The runner looks again (JOB_POLL_SECONDS here is 0.05) and runs it while the delivery waits.
      await until(() => ran.length === 1);
      expect(hung.received).toHaveLength(1);
    } finally {
      await hung.close();
      await jobs.stop();
    }
    const [attempt] = await testApp.db
      .selectFrom('webhook_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['a.status_code', 'a.error'])
      .where('d.endpoint_id', '=', endpoint.id)
      .execute();
    expect(attempt).toMatchObject({ status_code: null, error: expect.stringContaining(m.unreachable('')) });
  });
});

/** Resolves once `condition` holds, looking every 10 ms; fails after 20 s. */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
