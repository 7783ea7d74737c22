import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { demoAdminEmail, demoAdminTotpSecret, demoPassword } from '../../demo/demo-data.ts';
import { totpCodeAt } from '../auth/multi-factor.ts';
import { everyWeekDay, insertBranch, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { startReceiver, type Receiver } from '../webhooks/webhook-receiver.fixtures.ts';
import {
  publisherClient,
  type PublisherClient,
  type ServedDocument,
} from '../../test/publisher-client/publisher-client.ts';
import { createTestApp, linkToken, mailedLink, type App, type TestApp } from '../../test/test-app.ts';

/**
 * A publisher's integration, told by a publisher's engineer through a client generated from
 * the served /api/openapi.json (decision 0099): every call below goes through openapi-fetch over
 * the generated `paths`, so a wrong path, parameter or body does not compile, and each answer is
 * checked against the document at run time (publisher-client.ts). The app listens on 127.0.0.1 at
 * a free port; the brand's side (its branch and campaigns) is arranged beforehand, as a brand
 * would have made them. The steps build on each other and run in order.
 */

let testApp: TestApp;
let app: App;
let baseUrl: string;
let document: ServedDocument;
const receivers: Receiver[] = [];

const brandName = 'Story Kitchen';
const mid = 'STORY-MC-1';
const engineer = { email: 'priya.shah@storycards.example', password: 'Story!Cards-2026' };
let brandId: string;
let liveCampaignId: string;
let nextMonthCampaignId: string;
let purchaseAt: Date;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The engineer reads the contract where everyone does.
  document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as ServedDocument;

  const { db, config } = testApp;
  brandId = (
    await db.insertInto('brands').values({ name: brandName }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const branchId = await insertBranch(db, brandId, 'Active', 'Story Kitchen Soho', mid);
  purchaseAt = new Date();
  const month = currentMonth(purchaseAt, config.timezone);
  const campaign = (status: 'Active' | 'Pending', inMonth: string, name: string) =>
    insertCampaign(db, {
      brandId,
      month: inMonth,
      timeZone: config.timezone,
      status,
      name,
      discountPercent: 10,
      allBranches: false,
      branchIds: [branchId],
      values: { week_days: everyWeekDay },
    });
  liveCampaignId = await campaign('Active', month, 'Story Kitchen this month');
  nextMonthCampaignId = await campaign('Pending', shiftMonth(month, 1), 'Story Kitchen next month');
});

afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await testApp?.close();
});

async function receiver() {
  const started = await startReceiver();
  receivers.push(started);
  return started;
}

/**
 * Decision 0098's verifier, written here from the decision's text (not our signer): the hex
 * HMAC-SHA256 of `${t}.${raw body}` keyed by the secret, within 5 minutes of the receiver's clock.
 */
function verifyKrowdSignature(rawBody: string, header: string, secret: string, nowSeconds: number) {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return parts.some(
    ([key, value]) =>
      key === 'v1' &&
      /^[0-9a-f]{64}$/.test(value ?? '') &&
      timingSafeEqual(expected, Buffer.from(value!, 'hex')),
  );
}

/** A delivery's event, once its Krowd-Signature verifies with the endpoint's secret. */
function verifiedEvent(delivery: Receiver['received'][number], secret: string) {
  const header = String(delivery.headers['krowd-signature']);
  const now = Math.floor(Date.now() / 1000);
  expect(verifyKrowdSignature(delivery.body, header, secret, now), header).toBe(true);
  // Another secret, a changed byte, or the same request replayed after the window do not verify.
  expect(verifyKrowdSignature(delivery.body, header, `${secret}x`, now)).toBe(false);
  expect(verifyKrowdSignature(delivery.body.replace('"', "'"), header, secret, now)).toBe(false);
  expect(verifyKrowdSignature(delivery.body, header, secret, now + 301)).toBe(false);
  return JSON.parse(delivery.body) as {
    id: string;
    type: string;
    livemode: boolean;
    data: Record<string, unknown>;
  };
}

/** The queued delivery attempts made due now: their back-off has passed, without waiting it out. */
const backOffPasses = () =>
  sql`UPDATE jobs SET run_at = now() WHERE kind = 'webhooks.deliver' AND done_at IS NULL`.execute(testApp.db);

const runJobs = () => app.services.jobs.runDue();

let anonymous: PublisherClient;
let publisherId: string;
let engineerClient: PublisherClient;
let testKey: { id: string; secret: string };
let testKeyClient: PublisherClient;
let testEndpoint: { id: string; secret: string };
let testHooks: Receiver;

describe('the publisher story', () => {
  it('a. the system admin signs in in two steps, creates the bank and its publisher, and links the brand to both', async () => {
    anonymous = publisherClient(baseUrl, document);
    const first = await anonymous.POST('/api/auth/login', {
      body: { email: demoAdminEmail, password: demoPassword },
    });
    if (!first.data || !('challenge' in first.data)) throw new Error('the system admin has two-step sign-in');
    const second = await anonymous.POST('/api/auth/login/mfa', {
      body: { challenge: first.data.challenge, code: totpCodeAt(demoAdminTotpSecret, new Date()) },
    });
    expect(second.data?.details.entityType).toBe('systemadmin');
    const admin = publisherClient(baseUrl, document, { scheme: 'bearer', secret: second.data!.accessToken });

    const bank = await admin.POST('/api/banks', {
      body: {
        name: 'Story Cards Bank',
        admin: { firstName: 'Priya', lastName: 'Shah', email: engineer.email, phone: '07700900123' },
      },
    });
    expect(bank.response.status).toBe(201);
    const bankId = bank.data!.details._id;
    const bankBrands = await admin.PUT('/api/banks/{id}/brands', {
      params: { path: { id: bankId } },
      body: { brandIds: [brandId] },
    });
    expect(bankBrands.data?.brands.map((brand) => brand._id)).toEqual([brandId]);

    const publisher = await admin.POST('/api/publishers', {
      body: { code: 'STORYCARDS', displayName: 'Story Cards', bankId },
    });
    expect(publisher.data?.publisher).toMatchObject({ code: 'STORYCARDS', bankId, brandsCount: 0 });
    publisherId = publisher.data!.publisher._id;
    const linked = await admin.PUT('/api/publishers/{id}/brands', {
      params: { path: { id: publisherId } },
      body: { brandIds: [brandId] },
    });
    expect(linked.data?.brands).toEqual([expect.objectContaining({ _id: brandId, name: brandName })]);
  });

  it("b. the bank's admin sets a password from the mail, signs in and finds the publisher they administer", async () => {
    const link = await mailedLink(app, engineer.email, '/setpassword/');
    const created = await anonymous.POST('/api/auth/createPassword', {
      body: { token: linkToken(link), newPassword: engineer.password, confirmPassword: engineer.password },
    });
    expect(created.response.status).toBe(200);
    const login = await anonymous.POST('/api/auth/login', { body: engineer });
    if (!login.data || !('accessToken' in login.data)) throw new Error('a bank admin signs in in one step');
    expect(login.data.details).toMatchObject({ entityType: 'bank', isBankAdmin: true });
    engineerClient = publisherClient(baseUrl, document, { scheme: 'bearer', secret: login.data.accessToken });

    const own = await engineerClient.GET('/api/publishers/own');
    expect(own.data?.publisher).toMatchObject({ _id: publisherId, code: 'STORYCARDS', brandsCount: 1 });
  });

  it('b. makes a test key and reads the offers feed with it in X-Api-Key, as the document declares', async () => {
    const made = await engineerClient.POST('/api/publishers/{id}/keys', {
      params: { path: { id: publisherId } },
      body: { name: 'Staging', mode: 'test' },
    });
    expect(made.response.status).toBe(201);
    expect(made.data!.secret.startsWith(made.data!.key.prefix)).toBe(true);
    testKey = { id: made.data!.key._id, secret: made.data!.secret };
    expect(document.components.securitySchemes.publisherKey).toMatchObject({
      in: 'header',
      name: 'X-Api-Key',
    });
    testKeyClient = publisherClient(baseUrl, document, { scheme: 'publisherKey', secret: testKey.secret });

    const feed = await testKeyClient.GET('/api/publisher/offers', { params: { query: { limit: 10 } } });

    expect(feed.response.status).toBe(200);
    // The approved campaign only: the one still in review is nobody's offer yet.
    expect(feed.data?.offers).toEqual([
      expect.objectContaining({
        id: liveCampaignId,
        mode: 'test',
        status: 'live',
        brand: { id: brandId, name: brandName },
        discount: expect.objectContaining({ type: 'dp', cashbackPercent: 10 }),
        branches: [expect.objectContaining({ merchantIds: expect.objectContaining({ mastercard: mid }) })],
      }),
    ]);
    expect(feed.data?.nextCursor).toBeNull();

    // Polling again with the page's ETag in If-None-Match (a declared header) answers 304, no body.
    const etag = feed.response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await testKeyClient.GET('/api/publisher/offers', {
      params: { query: { limit: 10 }, header: { 'if-none-match': etag! } },
    });
    expect(again.response.status).toBe(304);
    expect(again.data).toBeUndefined();
  });

  it('b. registers a test endpoint, sends a test transaction and receives transaction.qualified, signed as decision 0098 says', async () => {
    testHooks = await receiver();
    const registered = await testKeyClient.POST('/api/publisher/webhooks/endpoints', {
      body: { url: testHooks.url, events: ['transaction.qualified', 'transaction.not_qualified'] },
    });
    expect(registered.data?.endpoint).toMatchObject({
      mode: 'test',
      owner: { type: 'publisher', id: publisherId },
    });
    testEndpoint = { id: registered.data!.endpoint.id, secret: registered.data!.endpoint.secret };

    const sent = await testKeyClient.POST('/api/publisher/test-transactions', {
      body: {
        transaction_id: 'STORY-T-1',
        datetime: purchaseAt.toISOString(),
        amount: '40.00',
        mid,
        card_token: 'story-card-1',
        card_last4: '4242',
      },
    });
    expect(sent.data).toMatchObject({
      mode: 'test',
      outcome: 'qualified',
      campaignId: liveCampaignId,
      brandId,
      cashbackPence: 400,
      duplicate: false,
    });
    // Events go out after the answer, from the job queue.
    expect(testHooks.received).toHaveLength(0);
    await runJobs();

    expect(testHooks.received).toHaveLength(1);
    const event = verifiedEvent(testHooks.received[0]!, testEndpoint.secret);
    expect(event).toMatchObject({
      type: 'transaction.qualified',
      livemode: false,
      data: { transactionId: 'STORY-T-1', brandId, cashbackPence: 400 },
    });
    expect(testHooks.received[0]!.headers['krowd-event-id']).toBe(event.id);
  });

  it('c. a receiver answering 500 three times gets the event on the 4th try, each after a longer back-off', async () => {
    testHooks.answer(500, 500, 500);
    const sent = await testKeyClient.POST('/api/publisher/test-transactions', {
      body: {
        transaction_id: 'STORY-T-2',
        datetime: purchaseAt.toISOString(),
        amount: '20.00',
        mid,
        card_token: 'story-card-2',
        card_last4: '4343',
      },
    });
    expect(sent.data?.outcome).toBe('qualified');
    const before = testHooks.received.length;
    const backOffs: number[] = [];
    await runJobs();
    for (let failed = 1; failed <= 3; failed += 1) {
      expect(testHooks.received).toHaveLength(before + failed);
      const log = await engineerClient.GET('/api/webhooks/endpoints/{id}/deliveries', {
        params: { path: { id: testEndpoint.id }, query: { status: 'pending' } },
      });
      const [pending] = log.data!.data;
      expect(pending).toMatchObject({ status: 'pending', attempts: failed, lastStatusCode: 500 });
      const details = await engineerClient.GET('/api/webhooks/deliveries/{id}', {
        params: { path: { id: pending!.id } },
      });
      const lastTry = details.data!.delivery.attemptLog.at(-1)!;
      backOffs.push(Date.parse(pending!.nextAttemptAt!) - Date.parse(lastTry.attemptedAt));
      // Not before its time: running the queue now sends nothing.
      await runJobs();
      expect(testHooks.received).toHaveLength(before + failed);
      await backOffPasses();
      await runJobs();
    }

    expect(testHooks.received).toHaveLength(before + 4);
    const tries = testHooks.received.slice(before);
    expect(tries.map((delivery) => delivery.headers['krowd-delivery-attempt'])).toEqual(['1', '2', '3', '4']);
    expect(new Set(tries.map((delivery) => verifiedEvent(delivery, testEndpoint.secret).id)).size).toBe(1);
    expect(verifiedEvent(tries[3]!, testEndpoint.secret).data).toMatchObject({ transactionId: 'STORY-T-2' });
    // Exponential back-off with ±20% jitter: about 30 s, 60 s, 120 s.
    backOffs.forEach((ms, index) => {
      expect(ms).toBeGreaterThanOrEqual(0.8 * 30_000 * 2 ** index - 1);
      expect(ms).toBeLessThanOrEqual(1.2 * 30_000 * 2 ** index + 1);
    });
    const delivered = await engineerClient.GET('/api/webhooks/endpoints/{id}/deliveries', {
      params: { path: { id: testEndpoint.id }, query: { status: 'delivered' } },
    });
    expect(delivered.data?.data.map((delivery) => delivery.attempts).sort()).toEqual([1, 4]);
  });

  it('d. a revoked key answers 401 at once, with the code api_key_invalid', async () => {
    const revoked = await engineerClient.DELETE('/api/publishers/{id}/keys/{keyId}', {
      params: { path: { id: publisherId, keyId: testKey.id } },
    });
    expect(revoked.data?.key).toMatchObject({ _id: testKey.id, status: 'revoked' });

    const feed = await testKeyClient.GET('/api/publisher/offers');

    expect(feed.response.status).toBe(401);
    expect(feed.data).toBeUndefined();
    expect(feed.error?.code).toBe('api_key_invalid');
    const sent = await testKeyClient.POST('/api/publisher/test-transactions', {
      body: {
        transaction_id: 'STORY-T-3',
        datetime: purchaseAt.toISOString(),
        amount: '10.00',
        mid,
        card_token: 'story-card-3',
        card_last4: '4444',
      },
    });
    expect([sent.response.status, sent.error?.code]).toEqual([401, 'api_key_invalid']);
  });

  it('e. with a live key the feed shows the approved campaign, and the bank approving another sends offer.published', async () => {
    const made = await engineerClient.POST('/api/publishers/{id}/keys', {
      params: { path: { id: publisherId } },
      body: { name: 'Production', mode: 'live' },
    });
    const liveClient = publisherClient(baseUrl, document, {
      scheme: 'publisherKey',
      secret: made.data!.secret,
    });
    const feed = await liveClient.GET('/api/publisher/offers');
    expect(feed.data?.offers.map((offer) => [offer.id, offer.mode, offer.status])).toEqual([
      [liveCampaignId, 'live', 'live'],
    ]);
    // A live key may not send test transactions: the code says why.
    const refused = await liveClient.POST('/api/publisher/test-transactions', {
      body: {
        transaction_id: 'STORY-L-1',
        datetime: purchaseAt.toISOString(),
        amount: '10.00',
        mid,
        card_token: 'story-card-4',
        card_last4: '4545',
      },
    });
    expect([refused.response.status, refused.error?.code]).toEqual([403, 'api_key_wrong_mode']);

    const liveHooks = await receiver();
    const registered = await liveClient.POST('/api/publisher/webhooks/endpoints', {
      body: { url: liveHooks.url, events: ['offer.published'] },
    });
    expect(registered.data?.endpoint.mode).toBe('live');
    const testDeliveries = testHooks.received.length;

    const approved = await engineerClient.POST('/api/campaigns/templateConfirmation/{id}', {
      params: { path: { id: nextMonthCampaignId } },
      body: { action: 'confirm' },
    });
    expect(approved.response.status).toBe(200);
    await runJobs();

    expect(liveHooks.received).toHaveLength(1);
    const event = verifiedEvent(liveHooks.received[0]!, registered.data!.endpoint.secret);
    expect(event).toMatchObject({
      type: 'offer.published',
      livemode: true,
      data: { id: nextMonthCampaignId, brandId, status: 'Bank Approved' },
    });
    expect(testHooks.received).toHaveLength(testDeliveries);
    const after = await liveClient.GET('/api/publisher/offers');
    expect(after.data?.offers.map((offer) => [offer.id, offer.status]).sort()).toEqual(
      [
        [liveCampaignId, 'live'],
        [nextMonthCampaignId, 'upcoming'],
      ].sort(),
    );
  });
});
