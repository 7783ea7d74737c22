import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, earliestPauseDate, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
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
import { settleBranchesAwaitingBrand } from '../../test/tenants.fixtures.ts';
import { campaignBody, everyWeekDay, insertCampaign, pauseText } from '../campaigns/campaigns.fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.fixtures.ts';
import { verifySignature } from './webhook-signature.ts';

/**
 * Where events come from (docs/decisions/0097): an upload's outcomes become transaction events for
 * the publisher that sent them and, for what its campaigns were tried on, the brand; a bank's approval
 * of a campaign becomes offer.published for the brand and the publishers carrying it, its deletion
 * offer.ended. Each receiver gets only what it chose, in its mode.
 */

let testApp: TestApp;
let app: App;
let admin: SignedIn;
let brandId: string;
let atrId: string;
const receivers: Receiver[] = [];

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  admin = await loginAs(app, demoAdminEmail);
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: 'Webhook Source Brand' })
    .returning('id')
    .executeTakeFirstOrThrow();
  brandId = brand.id;
  await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: 'Hook Branch', status: 'Active', mastercard_merchant_id: 'WH-MC-1' })
    .execute();
  await insertCampaign(testApp.db, {
    brandId,
    month: '2025-06',
    status: 'Bank Approved',
    discountPercent: 10,
    values: { week_days: everyWeekDay, start_time: '11:00', end_time: '15:00' },
  });
  atrId = (
    await testApp.db.selectFrom('publishers').select('id').where('code', '=', 'ATR').executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await testApp?.close();
});

async function receiverFor(owner: Record<string, string>, events: string[], mode: 'live' | 'test' = 'live') {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const response = await call(app, {
    method: 'POST',
    url: '/api/webhooks/endpoints',
    token: admin.token,
    body: { owner, url: receiver.url, events, mode },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { secret } = response.json<{ endpoint: { secret: string } }>().endpoint;
  return {
    receiver,
    /**
     * Each delivery's body, its signature checked with the endpoint's secret first, in the order the
     * events happened: deliveries run side by side and may arrive in any order (decision 0104).
     */
    events: () =>
      receiver.received
        .map((delivery) => {
          expect(verifySignature(delivery.body, String(delivery.headers['krowd-signature']), secret)).toBe(
            true,
          );
          return JSON.parse(delivery.body) as {
            id: string;
            type: string;
            created: string;
            data: Record<string, unknown>;
          };
        })
        .sort((a, b) => Date.parse(a.created) - Date.parse(b.created)),
  };
}

const transactionEvents = ['transaction.qualified', 'transaction.not_qualified', 'transaction.refunded'];

describe('events from an upload', () => {
  it('tell the publisher of every outcome and the brand of what its campaigns were tried on, after the upload', async () => {
    const publisher = await receiverFor({ type: 'publisher', publisherId: atrId }, transactionEvents);
    const brand = await receiverFor({ type: 'brand', brandId }, transactionEvents);
    const qualifiedOnly = await receiverFor({ type: 'publisher', publisherId: atrId }, [
      'transaction.qualified',
    ]);
    const testMode = await receiverFor({ type: 'publisher', publisherId: atrId }, transactionEvents, 'test');

    const response = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
      body: [
        header,
        'WH-1,2025-06-11T12:00:00-04:00,50.00,GBP,WH-MC-1,card-w,1111,N1 9AA,ATR',
        'WH-2,2025-06-11T20:00:00-04:00,20.00,GBP,WH-MC-1,card-x,2222,,ATR',
        'WH-3,2025-06-12T12:30:00-04:00,-50.00,GBP,WH-MC-1,card-w,1111,N1 9AA,ATR',
        'WH-4,2025-06-11T12:00:00-04:00,9.99,GBP,WH-UNKNOWN-MID,card-y,3333,,ATR',
      ].join('\n'),
    });
    expect(response.statusCode, response.body).toBe(200);
    // Nothing is sent during the upload: its one job is queued.
    expect(publisher.receiver.received).toHaveLength(0);

    await app.services.jobs.runDue();

    const told = publisher.events();
    const byId = Object.fromEntries(told.map((event) => [event.data.transactionId, event]));
    expect(told).toHaveLength(4);
    expect(byId['WH-1']).toMatchObject({
      type: 'transaction.qualified',
      data: { publisher: 'ATR', outcome: 'qualified', amountPence: 5000, cashbackPence: 500, brandId },
    });
    expect(byId['WH-2']).toMatchObject({
      type: 'transaction.not_qualified',
      data: { outcome: 'notQualified', reason: expect.any(String), cashbackPence: 0 },
    });
    expect(byId['WH-3']).toMatchObject({
      type: 'transaction.refunded',
      data: { outcome: 'refund', amountPence: -5000, originalTransactionId: 'WH-1' },
    });
    expect(byId['WH-4']).toMatchObject({ type: 'transaction.not_qualified', data: { brandId: null } });
    expect(new Set(told.map((event) => event.id)).size).toBe(4);

    // The brand hears of what its campaigns were tried on: not of a purchase at no branch of its.
    const brandTold = brand.events().map((event) => [event.type, event.data.transactionId]);
    expect(brandTold.sort()).toEqual([
      ['transaction.not_qualified', 'WH-2'],
      ['transaction.qualified', 'WH-1'],
      ['transaction.refunded', 'WH-3'],
    ]);
    expect(qualifiedOnly.events().map((event) => event.data.transactionId)).toEqual(['WH-1']);
    expect(testMode.receiver.received).toHaveLength(0);

    // The upload's job run again makes no event twice.
    await sql`UPDATE jobs SET done_at = NULL, attempts = 0 WHERE kind = 'webhooks.transactionEvents'`.execute(
      testApp.db,
    );
    await app.services.jobs.runDue();
    expect(publisher.receiver.received).toHaveLength(4);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM webhook_events WHERE type LIKE 'transaction.%'`.execute(testApp.db);
    expect(rows[0]!.n).toBe(4);
  });
});

describe('events from campaigns', () => {
  it('a bank approving a campaign tells its brand and the publishers linked to it; deleting it ends the offer', async () => {
    const ids = await demoIds(testApp.db);
    const standalone = ids.brands.standalone;
    const carrier = await testApp.db
      .insertInto('publishers')
      .values({ code: 'WHCARRY', display_name: 'Carrying Publisher' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await testApp.db
      .insertInto('publisher_brands')
      .values({ publisher_id: carrier.id, brand_id: standalone })
      .execute();
    const stranger = await testApp.db
      .insertInto('publishers')
      .values({ code: 'WHSTRANGE', display_name: 'Unrelated Publisher' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const offers = ['offer.published', 'offer.updated', 'offer.paused', 'offer.ended'];
    const brand = await receiverFor({ type: 'brand', brandId: standalone }, offers);
    const carrying = await receiverFor({ type: 'publisher', publisherId: carrier.id }, offers);
    const unrelated = await receiverFor({ type: 'publisher', publisherId: stranger.id }, offers);

    const month = shiftMonth(currentMonth(new Date(), testApp.config.timezone), 2);
    const campaignId = await insertCampaign(testApp.db, {
      brandId: standalone,
      month,
      timeZone: testApp.config.timezone,
      status: 'Pending',
    });
    const bank = await loginAs(app, 'bank@demo.test');
    const confirmed = await call(app, {
      method: 'POST',
      url: `/api/campaigns/templateConfirmation/${campaignId}`,
      token: bank.token,
      body: { action: 'confirm' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await app.services.jobs.runDue();

    for (const told of [brand, carrying]) {
      expect(told.events()).toEqual([
        expect.objectContaining({
          type: 'offer.published',
          data: expect.objectContaining({ id: campaignId, brandId: standalone, status: 'Bank Approved' }),
        }),
      ]);
    }
    expect(unrelated.receiver.received).toHaveLength(0);

    const brandAdmin = await loginAs(app, 'brandadmin@demo.test');
    const deleted = await call(app, {
      method: 'DELETE',
      url: `/api/campaigns/${campaignId}`,
      token: brandAdmin.token,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await app.services.jobs.runDue();
    expect(brand.events().map((event) => event.type)).toEqual(['offer.published', 'offer.ended']);
    expect(carrying.events().map((event) => [event.type, event.data.deleted])).toEqual([
      ['offer.published', false],
      ['offer.ended', true],
    ]);
  });
});

describe('more events from campaigns', () => {
  it('an edit of an approved campaign is offer.updated, a pause of an approved series offer.paused; a campaign in review tells nobody', async () => {
    const ids = await demoIds(testApp.db);
    const standalone = ids.brands.standalone;
    const brand = await receiverFor({ type: 'brand', brandId: standalone }, [
      'offer.updated',
      'offer.paused',
    ]);
    const brandAdmin = await loginAs(app, 'brandadmin@demo.test');
    const month = shiftMonth(currentMonth(new Date(), testApp.config.timezone), 2);
    const campaign = (status: 'Bank Approved' | 'Pending', recurring = false) =>
      insertCampaign(testApp.db, {
        brandId: standalone,
        month,
        timeZone: testApp.config.timezone,
        status,
        recurring,
      });
    const edit = async (id: string) =>
      call(app, {
        method: 'PUT',
        url: `/api/campaigns/${id}`,
        token: brandAdmin.token,
        body: campaignBody(standalone, month, { discountPercent: 20 }),
      });
    await settleBranchesAwaitingBrand(testApp.db, standalone);

    const approved = await campaign('Bank Approved');
    const series = await campaign('Bank Approved', true);
    // Written as approved, they are announced (offer.published) as the sweep announces every
    // approved offer (decision 0100); a change is told only of an announced offer.
    await app.services.campaigns.sweepOffers();
    expect((await edit(approved)).statusCode).toBe(200);
    const inReview = await campaign('Pending');
    expect((await edit(inReview)).statusCode).toBe(200);
    const from = earliestPauseDate(new Date(), testApp.config.timezone);
    const paused = await call(app, {
      method: 'POST',
      url: `/api/campaigns/campaignStartPause/${series}`,
      token: brandAdmin.token,
      body: { range: [pauseText(from, `${from.slice(0, 8)}04`)], action: 'add' },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    await app.services.jobs.runDue();

    expect(brand.events().map((event) => [event.type, event.data.id])).toEqual([
      ['offer.updated', approved],
      ['offer.paused', series],
    ]);
  });
});

describe('events from a test key', () => {
  it("a test transaction reaches the publisher's test endpoints, signed, and no live endpoint", async () => {
    await testApp.db
      .insertInto('publisher_brands')
      .values({ publisher_id: atrId, brand_id: brandId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const testMode = await receiverFor({ type: 'publisher', publisherId: atrId }, transactionEvents, 'test');
    const live = await receiverFor({ type: 'publisher', publisherId: atrId }, transactionEvents);

    const response = await call(app, {
      method: 'POST',
      url: '/api/publisher/test-transactions',
      headers: { 'x-api-key': 'demo-atr-test-key' },
      body: {
        transaction_id: 'WH-TEST-1',
        datetime: '2025-06-11T12:00:00-04:00',
        amount: '50.00',
        mid: 'WH-MC-1',
        card_token: 'card-test-w',
        card_last4: '4242',
      },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(testMode.receiver.received).toHaveLength(0);

    await app.services.jobs.runDue();

    expect(testMode.events()).toEqual([
      expect.objectContaining({
        type: 'transaction.qualified',
        data: expect.objectContaining({ transactionId: 'WH-TEST-1', brandId, cashbackPence: 500 }),
      }),
    ]);
    expect(live.receiver.received).toHaveLength(0);
  });
});
