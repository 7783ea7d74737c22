import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoAdminEmail } from '../../demo/demo-data.ts';
import {
  call,
  createTestApp,
  createTestClock,
  hours,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';
import { receiverPool } from './webhook-receiver.fixtures.ts';
import { verifySignature } from './webhook-signature.ts';
import { createWebhookDelivery, retryDelayMs } from './webhooks.delivery.ts';
import { createWebhookEvents } from './webhooks.events.ts';

/**
 * Deliveries (docs/decisions/0097, 0098): each attempt a job of the queue, signed, with a timeout,
 * retried with back-off until an attempt 24 hours or more into the schedule fails. Receivers are
 * real HTTP servers on 127.0.0.1; "later" is made now by moving the queued attempt's run_at back,
 * and the 24-hour rule is driven by a clock of the test's own.
 */

let testApp: TestApp;
let app: App;
let admin: SignedIn;
let publisherId: string;
const receivers = receiverPool();

beforeAll(async () => {
  testApp = await createTestApp({ env: { WEBHOOK_TIMEOUT_SECONDS: '2' } });
  app = testApp.app;
  admin = await loginAs(app, demoAdminEmail);
  const publisher = await testApp.db
    .insertInto('publishers')
    .values({ code: 'WHDELIV', display_name: 'Delivery Test Publisher' })
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

async function endpointFor(url: string, extra: Record<string, unknown> = {}) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/webhooks/endpoints',
    token: admin.token,
    body: { owner: { type: 'publisher', publisherId }, url, events: ['transaction.qualified'], ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ endpoint: { id: string; secret: string } }>().endpoint;
}

const ping = (endpointId: string) =>
  call(app, { method: 'POST', url: `/api/webhooks/endpoints/${endpointId}/ping`, token: admin.token });

const runJobs = () => app.services.jobs.runDue();

/** The queued next attempts made due now, as if their back-off had passed. */
const makeRetriesDue = () =>
  sql`UPDATE jobs SET run_at = now() - interval '1 second'
    WHERE kind = 'webhooks.deliver' AND done_at IS NULL`.execute(testApp.db);

async function deliveriesOf(endpointId: string) {
  const response = await call(app, {
    url: `/api/webhooks/endpoints/${endpointId}/deliveries`,
    token: admin.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    data: { id: string; status: string; attempts: number; nextAttemptAt: string | null }[];
  }>().data;
}

async function attemptLog(deliveryId: string) {
  const response = await call(app, { url: `/api/webhooks/deliveries/${deliveryId}`, token: admin.token });
  return response.json<{
    delivery: {
      attemptLog: { attempt: number; statusCode: number | null; error: string | null }[];
      body: string;
    };
  }>().delivery;
}

describe('a delivery', () => {
  it('reaches the receiver signed over the timestamp and raw body, verifiable with the secret', async () => {
    const hooks = await receiver();
    const endpoint = await endpointFor(hooks.url);
    expect((await ping(endpoint.id)).statusCode).toBe(202);

    await runJobs();

    expect(hooks.received).toHaveLength(1);
    const [delivery] = hooks.received;
    const body = JSON.parse(delivery!.body);
    expect(body).toMatchObject({ type: 'webhook.ping', livemode: true, data: { endpointId: endpoint.id } });
    expect(delivery!.headers['krowd-event-id']).toBe(body.id);
    expect(delivery!.headers['krowd-delivery-attempt']).toBe('1');
    const header = String(delivery!.headers['krowd-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(delivery!.body, header, endpoint.secret)).toBe(true);
    // Another secret, a changed body, or a time outside the replay window do not verify.
    expect(verifySignature(delivery!.body, header, 'whsec_other')).toBe(false);
    expect(verifySignature(`${delivery!.body} `, header, endpoint.secret)).toBe(false);
    const sentAt = Number(/t=(\d+)/.exec(header)![1]);
    expect(verifySignature(delivery!.body, header, endpoint.secret, sentAt + 301)).toBe(false);
    expect(await deliveriesOf(endpoint.id)).toEqual([
      expect.objectContaining({ status: 'delivered', attempts: 1, nextAttemptAt: null }),
    ]);
  });

  it('answered 500 three times arrives on the 4th attempt, the same event and body each time', async () => {
    const hooks = await receiver(500, 500, 500);
    const endpoint = await endpointFor(hooks.url);
    await ping(endpoint.id);

    await runJobs();
    for (let retry = 0; retry < 3; retry += 1) {
      const [pending] = await deliveriesOf(endpoint.id);
      expect(pending).toMatchObject({ status: 'pending', attempts: retry + 1 });
      expect(new Date(pending!.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());
      await makeRetriesDue();
      await runJobs();
    }

    expect(hooks.received.map((r) => r.headers['krowd-delivery-attempt'])).toEqual(['1', '2', '3', '4']);
    expect(new Set(hooks.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(hooks.received.map((r) => r.headers['krowd-event-id'])).size).toBe(1);
    const [done] = await deliveriesOf(endpoint.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 4, nextAttemptAt: null });
    const details = await attemptLog(done!.id);
    expect(details.attemptLog.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, messages.webhook.answeredStatus(500)],
      [2, 500, messages.webhook.answeredStatus(500)],
      [3, 500, messages.webhook.answeredStatus(500)],
      [4, 200, null],
    ]);
    expect(details.body).toBe(hooks.received[0]!.body);
  });

  it('a receiver that does not answer times out, and the attempt is tried again later', async () => {
    const hooks = await receiver('hang');
    const endpoint = await endpointFor(hooks.url);
    await ping(endpoint.id);

    const started = Date.now();
    await runJobs();

    expect(Date.now() - started).toBeLessThan(8_000);
    const [pending] = await deliveriesOf(endpoint.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await attemptLog(pending!.id)).attemptLog).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: null, error: messages.webhook.timeoutError(2) }),
    ]);
    await makeRetriesDue();
    await runJobs();
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('a disabled endpoint gets nothing: no delivery of new events, and a queued one is not sent', async () => {
    const hooks = await receiver(500);
    const endpoint = await endpointFor(hooks.url);
    await ping(endpoint.id);
    await runJobs();
    expect(hooks.received).toHaveLength(1);

    const disabled = await call(app, {
      method: 'PUT',
      url: `/api/webhooks/endpoints/${endpoint.id}`,
      token: admin.token,
      body: { enabled: false },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await makeRetriesDue();
    await runJobs();

    expect(hooks.received).toHaveLength(1);
    expect(await deliveriesOf(endpoint.id)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1 }),
    ]);
    const refused = await ping(endpoint.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'conflict', errorMessage: messages.webhook.pingDisabled });
  });

  it('survives a restart: an attempt left leased by a worker that died is made once its lease runs out', async () => {
    const hooks = await receiver();
    const endpoint = await endpointFor(hooks.url);
    const { eventId } = (await ping(endpoint.id)).json<{ eventId: string }>();
    // The fan-out runs; the attempt it queues is claimed by a worker that then dies mid-attempt.
    await createWebhookEvents({ db: testApp.db, jobs: app.services.jobs }).fanOutEvents([eventId]);
    await sql`UPDATE jobs SET locked_until = now() + interval '5 minutes', attempts = 1
      WHERE kind = 'webhooks.deliver' AND done_at IS NULL`.execute(testApp.db);
    await runJobs();
    expect(hooks.received).toHaveLength(0);

    // The lease runs out (the queue's lease is 5 minutes): the attempt is claimed again.
    await sql`UPDATE jobs SET locked_until = now() - interval '1 second'
      WHERE kind = 'webhooks.deliver' AND done_at IS NULL`.execute(testApp.db);
    await runJobs();

    expect(hooks.received).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    // Run again, the finished attempt sends nothing twice.
    await runJobs();
    expect(hooks.received).toHaveLength(1);
  });

  it('signs with both secrets while a rotated secret overlaps, with the new one alone after', async () => {
    const hooks = await receiver();
    const endpoint = await endpointFor(hooks.url);
    const rotated = await call(app, {
      method: 'POST',
      url: `/api/webhooks/endpoints/${endpoint.id}/secret`,
      token: admin.token,
      body: { overlapHours: 24 },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json<{ endpoint: { secret: string } }>().endpoint.secret;
    expect(newSecret).not.toBe(endpoint.secret);

    await ping(endpoint.id);
    await runJobs();
    const header = String(hooks.received[0]!.headers['krowd-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(hooks.received[0]!.body, header, newSecret)).toBe(true);
    expect(verifySignature(hooks.received[0]!.body, header, endpoint.secret)).toBe(true);

    await call(app, {
      method: 'POST',
      url: `/api/webhooks/endpoints/${endpoint.id}/secret`,
      token: admin.token,
      body: { overlapHours: 0 },
    });
    await ping(endpoint.id);
    await runJobs();
    expect(String(hooks.received[1]!.headers['krowd-signature']).match(/v1=/g)).toHaveLength(1);
  });
});

describe('the retry schedule', () => {
  it('doubles from 30 seconds up to 6 hours, with up to 20% jitter either way', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 10, 11, 20].map((n) => retryDelayMs(n, middle))).toEqual([
      30_000, 60_000, 120_000, 240_000, 15_360_000, 21_600_000, 21_600_000,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 1)).toBe(36_000);
  });

  it('keeps trying within 24 hours of the first attempt, then the delivery is failed', async () => {
    const hooks = await receiver(500, 500);
    const endpoint = await endpointFor(hooks.url);
    const event = await testApp.db
      .insertInto('webhook_events')
      .values({ type: 'webhook.ping', mode: 'live', endpoint_id: endpoint.id, data: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const clock = createTestClock();
    const made = await testApp.db
      .insertInto('webhook_deliveries')
      .values({ event_id: event.id, endpoint_id: endpoint.id, schedule_started_at: clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const delivery = createWebhookDelivery({
      db: testApp.db,
      settings: testApp.config.webhooks,
      clock: clock.now,
      random: () => 0.5,
    });

    clock.advance(hours(23));
    await delivery.deliver({ deliveryId: made.id, attempt: 1 });
    let row = await testApp.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.next_attempt_at!.getTime()).toBe(clock.now().getTime() + 30_000);

    clock.advance(hours(1));
    await delivery.deliver({ deliveryId: made.id, attempt: 2 });
    row = await testApp.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 2, next_attempt_at: null });
    const queued = await testApp.db
      .selectFrom('jobs')
      .select('dedupe_key')
      .where('dedupe_key', 'like', `webhooks.deliver:${made.id}:%`)
      .execute();
    // Attempt 2 was queued after the first failure; none after the second.
    expect(queued.map((job) => job.dedupe_key)).toEqual([`webhooks.deliver:${made.id}:2`]);
  });
});
