import {
  qualificationMessage,
  type QualificationReason,
} from '@krowd/domain/qualification/qualification.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim } from '@krowd/domain/claim/claim.schema';
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
import { everyWeekDay, insertCampaign } from '../campaigns/campaigns.fixtures.ts';

/**
 * Missing-transaction claims (docs/decisions/0108): filed by a publisher's key or a brand's user,
 * matched at once against stored transactions and later against each upload; a qualified match
 * closes the claim as paid by it, the rest wait for the system admin, who resolves with a code.
 * Each side sees only its own claims.
 */

const m = messages.claim;
let testApp: TestApp;
let app: App;
let admin: SignedIn;
let brandAdmin: SignedIn;
let groupAdmin: SignedIn;
let brandId: string;

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const upload = (rows: string[]) =>
  call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    body: [header, ...rows].join('\n'),
  });

const asKey = (key: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(app, { method, url, headers: { 'x-api-key': key }, body });

const fileByPublisher = async (body: Record<string, unknown>, key = 'demo-atr-key') => {
  const response = await asKey(key, 'POST', '/api/publisher/claims', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ claim: Claim; respMessage: string }>();
};

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  admin = await loginAs(app, demoAdminEmail);
  brandAdmin = await loginAs(app, 'brandadmin@demo.test');
  groupAdmin = await loginAs(app, 'groupadmin@demo.test');
  brandId = (await demoIds(testApp.db)).brands.standalone;
  await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: 'Claims Branch', status: 'Active', mastercard_merchant_id: 'CL-MC-1' })
    .execute();
  await insertCampaign(testApp.db, {
    brandId,
    month: '2025-06',
    status: 'Bank Approved',
    discountPercent: 10,
    values: { week_days: everyWeekDay, start_time: '11:00', end_time: '15:00' },
  });
  const response = await upload([
    'CL-1,2025-06-11T12:00:00-04:00,50.00,GBP,CL-MC-1,card-q,1111,N1 9AA,ATR',
    'CL-2,2025-06-11T20:00:00-04:00,20.00,GBP,CL-MC-1,card-n,2222,,ATR',
  ]);
  expect(response.statusCode, response.body).toBe(200);
  await app.services.jobs.runDue();
});

afterAll(async () => {
  await testApp?.close();
});

async function claimEvents(claimId: string) {
  return testApp.db
    .selectFrom('webhook_events')
    .select(['type', 'brand_id', 'publisher_id', 'data'])
    .where('subject_id', '=', claimId)
    .orderBy('created_at')
    .execute();
}

describe('a claim matched at filing', () => {
  it('closes as paid when the stored transaction qualified, and tells both sides with claim.updated', async () => {
    const { claim, respMessage } = await fileByPublisher({
      cardToken: 'card-q',
      mid: 'CL-MC-1',
      amountPence: 5000,
      occurredAt: '2025-06-11T16:20:00Z',
      reference: 'CS-1',
    });
    expect(respMessage).toBe(m.createdMatched);
    expect(claim).toMatchObject({
      source: 'publisher',
      status: 'matched',
      brand: { id: brandId },
      matchScore: 100,
      cashbackPence: 500,
      notQualifiedReason: null,
      resolution: null,
    });
    expect(claim.history.map((entry) => entry.text)).toEqual([
      m.history.filed,
      m.history.matchedQualified(100),
    ]);
    const events = await claimEvents(claim.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'claim.updated',
      brand_id: brandId,
      data: { status: 'matched' },
    });
  });

  it('goes to review with the engine’s reason when the stored transaction did not qualify', async () => {
    const { claim } = await fileByPublisher({
      cardLast4: '2222',
      mid: 'cl-mc-1',
      amountPence: 2000,
      occurredAt: '2025-06-12T00:00:00Z',
    });
    expect(claim.status).toBe('in_review');
    expect(claim.notQualifiedReason).toEqual(expect.any(String));
    expect(claim.notQualifiedReason).not.toBe('');
    expect(claim.matchScore).toBe(80);
    // The history says why in the catalogue's words, not the engine's code.
    const reason = claim.notQualifiedReason as QualificationReason;
    expect(claim.history.at(-1)?.text).toBe(m.history.matchedNotQualified(80, qualificationMessage(reason)));
    expect(claim.history.at(-1)?.text).not.toContain(reason);
  });
});

describe('a claim with no match yet', () => {
  it('stays open, is matched by a later upload’s job, and shows the change in its history', async () => {
    const filed = await call(app, {
      method: 'POST',
      url: '/api/claims',
      token: brandAdmin.token,
      body: {
        brandId,
        cardLast4: '7777',
        mid: 'CL-MC-1',
        amountPence: 3000,
        occurredAt: '2025-06-18T15:45:00Z',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { claim } = filed.json<{ claim: Claim }>();
    expect(claim).toMatchObject({ source: 'brand', status: 'open', transactionId: null });
    expect(claim.history.map((entry) => entry.text)).toEqual([m.history.filed, m.history.noMatch]);
    // Ten business days from filing: never before the ninth calendar day.
    expect(Date.parse(claim.deadline) - Date.parse(claim.filedAt)).toBeGreaterThanOrEqual(12 * 86_400_000);

    expect(
      (await upload(['CL-3,2025-06-18T12:00:00-04:00,30.00,GBP,CL-MC-1,card-z,7777,,ATR'])).statusCode,
    ).toBe(200);
    // Nothing changes during the upload: its job does the matching.
    const before = await call(app, {
      method: 'GET',
      url: `/api/claims/${claim.id}`,
      token: brandAdmin.token,
    });
    expect(before.json<{ claim: Claim }>().claim.status).toBe('open');
    await app.services.jobs.runDue();

    const after = (
      await call(app, { method: 'GET', url: `/api/claims/${claim.id}`, token: brandAdmin.token })
    ).json<{
      claim: Claim;
    }>().claim;
    expect(after).toMatchObject({ status: 'matched', cashbackPence: 300 });
    expect(after.matchScore).toBeGreaterThanOrEqual(70);
    expect(after.history).toHaveLength(3);
    expect((await claimEvents(claim.id)).map((event) => (event.data as { status: string }).status)).toEqual([
      'open',
      'matched',
    ]);
  });
});

describe('resolving', () => {
  let claimId: string;
  beforeAll(async () => {
    ({
      claim: { id: claimId },
    } = await fileByPublisher({
      cardToken: 'nobody',
      mid: 'CL-MC-1',
      amountPence: 999,
      occurredAt: '2025-06-01T10:00:00Z',
    }));
  });
  const resolve = (session: SignedIn, body: unknown) =>
    call(app, { method: 'POST', url: `/api/claims/${claimId}/resolve`, token: session.token, body });

  it('is the system admin’s: the queue lists the waiting claims by deadline', async () => {
    expect((await resolve(brandAdmin, { resolution: 'duplicate' })).statusCode).toBe(403);
    const queue = await call(app, {
      method: 'GET',
      url: '/api/claims?queue=true&limit=100',
      token: admin.token,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const rows = queue.json<{ data: Claim[] }>().data;
    expect(rows.map((row) => row.id)).toContain(claimId);
    expect(rows.every((row) => row.status === 'open' || row.status === 'in_review')).toBe(true);
    const deadlines = rows.map((row) => Date.parse(row.deadline));
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
  });

  it('needs the reason for not eligible, then closes once with the code in the history', async () => {
    const missing = await resolve(admin, { resolution: 'not_eligible' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(m.reasonRequired);
    const done = await resolve(admin, { resolution: 'not_eligible', reason: 'Outside the offer hours' });
    expect(done.statusCode, done.body).toBe(200);
    const { claim } = done.json<{ claim: Claim }>();
    expect(claim).toMatchObject({
      status: 'resolved',
      resolution: 'not_eligible',
      resolutionReason: 'Outside the offer hours',
    });
    expect(claim.history.at(-1)?.text).toBe(
      m.history.resolved(`${m.resolutions.not_eligible}: Outside the offer hours`),
    );
    const again = await resolve(admin, { resolution: 'duplicate' });
    expect(again.statusCode).toBe(409);
    // The publisher that filed it reads the ruling.
    const seen = await asKey('demo-atr-key', 'GET', `/api/publisher/claims/${claimId}`);
    expect(seen.json<{ claim: Claim }>().claim.resolution).toBe('not_eligible');
  });
});

describe('who sees which claims', () => {
  it('a publisher sees only its own; another publisher’s key gets 404', async () => {
    const { claim } = await fileByPublisher({
      cardToken: 'x',
      mid: 'CL-MC-1',
      amountPence: 100,
      occurredAt: '2025-06-02T10:00:00Z',
    });
    expect((await asKey('demo-fidel-key', 'GET', `/api/publisher/claims/${claim.id}`)).statusCode).toBe(404);
    const list = await asKey('demo-fidel-key', 'GET', '/api/publisher/claims');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: Claim[] }>().data.map((row) => row.id)).not.toContain(claim.id);
    const own = await asKey('demo-atr-key', 'GET', '/api/publisher/claims?limit=100');
    expect(own.json<{ data: Claim[] }>().data.every((row) => row.publisher?.name !== undefined)).toBe(true);
    expect(own.json<{ data: Claim[] }>().data.map((row) => row.id)).toContain(claim.id);
  });

  it('a brand’s users see their brand’s claims; another brand’s admins get 404 and an empty list', async () => {
    const { claim } = await fileByPublisher({
      cardToken: 'y',
      mid: 'CL-MC-1',
      amountPence: 100,
      occurredAt: '2025-06-02T10:00:00Z',
    });
    expect(
      (await call(app, { method: 'GET', url: `/api/claims/${claim.id}`, token: brandAdmin.token }))
        .statusCode,
    ).toBe(200);
    // The demo group's admin covers the group's brands, not the standalone brand.
    expect(
      (await call(app, { method: 'GET', url: `/api/claims/${claim.id}`, token: groupAdmin.token }))
        .statusCode,
    ).toBe(404);
    const list = await call(app, { method: 'GET', url: '/api/claims', token: groupAdmin.token });
    expect(list.json<{ data: Claim[] }>().data).toEqual([]);
    // Nor may it file for a brand out of its scope.
    const refused = await call(app, {
      method: 'POST',
      url: '/api/claims',
      token: groupAdmin.token,
      body: {
        brandId,
        cardLast4: '1111',
        mid: 'CL-MC-1',
        amountPence: 100,
        occurredAt: '2025-06-02T10:00:00Z',
      },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('refuses a purchase in the future and a claim without a card, naming the field', async () => {
    const future = await asKey('demo-atr-key', 'POST', '/api/publisher/claims', {
      cardToken: 'x',
      mid: 'CL-MC-1',
      amountPence: 100,
      occurredAt: '2999-01-01T00:00:00Z',
    });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('occurredAt');
    const noCard = await asKey('demo-atr-key', 'POST', '/api/publisher/claims', {
      mid: 'CL-MC-1',
      amountPence: 100,
      occurredAt: '2025-06-02T10:00:00Z',
    });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.body).toContain(m.cardRequired);
  });
});
