import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import { insertBranch, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';

const timeZone = 'America/New_York';
let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
let systemAdmin: SignedIn;
let liveKey: string;
let testKey: string;
const campaigns: Record<string, string> = {};
const mid = 'FEED-MID-1';

async function keyOf(publisherId: string, mode: 'live' | 'test') {
  const made = await call(app, {
    method: 'POST',
    url: `/api/publishers/${publisherId}/keys`,
    token: systemAdmin.token,
    body: { name: `Feed ${mode}`, mode },
  });
  return made.json().secret as string;
}

const offers = (key: string, query = '', headers: Record<string, string> = {}) =>
  call(app, { url: `/api/publisher/offers${query}`, headers: { 'x-api-key': key, ...headers } });

async function allOffers(key: string, query = '') {
  const seen: { id: string; brand: { id: string }; mode: string; status: string }[] = [];
  let cursor: string | null = null;
  do {
    const page = await offers(key, `?limit=2${cursor ? `&cursor=${cursor}` : ''}${query}`);
    expect(page.statusCode, page.body).toBe(200);
    seen.push(...page.json().offers);
    cursor = page.json().nextCursor;
  } while (cursor);
  return seen;
}

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  systemAdmin = await loginAs(app, 'admin@demo.test');
  const created = await call(app, {
    method: 'POST',
    url: '/api/publishers',
    token: systemAdmin.token,
    body: { code: 'FEEDTEST', displayName: 'Feed Test', bankId: null },
  });
  expect(created.statusCode, created.body).toBe(201);
  const publisherId = created.json().publisher._id;
  const linked = await call(app, {
    method: 'PUT',
    url: `/api/publishers/${publisherId}/brands`,
    token: systemAdmin.token,
    body: { brandIds: [ids.brands.standalone] },
  });
  expect(linked.statusCode).toBe(200);
  liveKey = await keyOf(publisherId, 'live');
  testKey = await keyOf(publisherId, 'test');

  const now = currentMonth(new Date(), timeZone);
  const brandId = ids.brands.standalone;
  const branchId = await insertBranch(testApp.db, brandId, 'Active', 'Feed Branch', mid);
  campaigns.live = await insertCampaign(testApp.db, {
    brandId,
    month: now,
    timeZone,
    status: 'Active',
    name: 'Feed live',
    promoCode: { mode: 'single', code: 'FEED10' },
    allBranches: false,
    branchIds: [branchId],
    discountPercent: 50,
    values: {
      week_days: JSON.stringify([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]),
    },
  });
  campaigns.upcoming = await insertCampaign(testApp.db, {
    brandId,
    month: shiftMonth(now, 1),
    timeZone,
    status: 'Bank Approved',
    name: 'Feed upcoming',
  });
  campaigns.pending = await insertCampaign(testApp.db, {
    brandId,
    month: shiftMonth(now, 1),
    timeZone,
    status: 'Pending',
  });
  campaigns.ended = await insertCampaign(testApp.db, {
    brandId,
    month: shiftMonth(now, -2),
    timeZone,
    status: 'Active',
  });
  campaigns.unlinked = await insertCampaign(testApp.db, {
    brandId: ids.brands.groupBrandA,
    month: now,
    timeZone,
    status: 'Active',
  });
});

afterAll(async () => {
  await testApp?.close();
});

describe('the offers feed', () => {
  it("shows the linked brand's approved live and upcoming offers, nothing unapproved, ended or of another brand", async () => {
    const feed = await allOffers(liveKey);
    const seen = feed.map((offer) => offer.id);

    expect(seen).toContain(campaigns.live);
    expect(seen).toContain(campaigns.upcoming);
    expect(seen).not.toContain(campaigns.pending);
    expect(seen).not.toContain(campaigns.ended);
    expect(seen).not.toContain(campaigns.unlinked);
    expect(new Set(feed.map((offer) => offer.brand.id))).toEqual(new Set([ids.brands.standalone]));
    expect(feed.find((offer) => offer.id === campaigns.upcoming)?.status).toBe('upcoming');
  });

  it("shows a series' month the paused ranges its primary keeps (spec 1 §4)", async () => {
    const now = currentMonth(new Date(), timeZone);
    const primary = await insertCampaign(testApp.db, {
      brandId: ids.brands.standalone,
      month: shiftMonth(now, -1),
      timeZone,
      status: 'Active',
      recurring: true,
    });
    const child = await insertCampaign(testApp.db, {
      brandId: ids.brands.standalone,
      month: shiftMonth(now, 1),
      timeZone,
      status: 'Bank Approved',
      recurring: true,
      primaryId: primary,
    });
    const from = `${shiftMonth(now, 1)}-10`;
    const to = `${shiftMonth(now, 1)}-12`;
    await testApp.db
      .insertInto('campaign_pauses')
      .values({ campaign_id: primary, brand_id: ids.brands.standalone, from_date: from, to_date: to })
      .execute();

    const offer = (await allOffers(liveKey)).find((row) => row.id === child) as unknown as {
      pauses: { from: string; to: string }[];
    };
    expect(offer.pauses).toEqual([{ from, to }]);
  });

  it('gives what a publisher shows and matches on: discount, promo code, days, dates and branches with MIDs', async () => {
    const offer = (await allOffers(liveKey)).find((row) => row.id === campaigns.live) as unknown as Record<
      string,
      unknown
    >;

    expect(offer).toMatchObject({
      mode: 'live',
      status: 'live',
      name: 'Feed live',
      customerType: 'all',
      discount: { type: 'dp', cashbackPercent: 50, cashbackPence: null, minimumSpendPence: null },
      promoCode: { mode: 'single', codes: ['FEED10'] },
      allBranches: false,
      branches: [{ name: 'Feed Branch', postcode: 'N1 9AA', merchantIds: { mastercard: mid } }],
    });
    expect(offer.weekDays).toHaveLength(7);
  });

  it('pages by cursor to the same offers as one page, and refuses a cursor it never gave', async () => {
    const whole = await offers(liveKey, '?limit=100');
    const paged = await allOffers(liveKey);

    expect(paged.map((offer) => offer.id)).toEqual(
      whole.json().offers.map((offer: { id: string }) => offer.id),
    );
    const bad = await offers(liveKey, '?cursor=bm90LWFuLWlk');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMessage).toBe(messages.publisherFeed.cursorInvalid);
  });

  it('with updated_since gives only the offers changed after it', async () => {
    const since = new Date(Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await testApp.db
      .updateTable('campaigns')
      .set({ name: 'Feed upcoming, renamed', updated_at: new Date() })
      .where('id', '=', campaigns.upcoming!)
      .execute();

    const changed = await allOffers(liveKey, `&updated_since=${encodeURIComponent(since.toISOString())}`);

    expect(changed.map((offer) => offer.id)).toEqual([campaigns.upcoming]);
    const bad = await offers(liveKey, '?updated_since=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('answers 304 to the ETag of an unchanged page, and the new page once it changed', async () => {
    const first = await offers(liveKey, '?limit=100');
    const tag = String(first.headers.etag);

    const unchanged = await offers(liveKey, '?limit=100', { 'if-none-match': tag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    await testApp.db
      .updateTable('campaigns')
      .set({ name: 'Feed live, renamed' })
      .where('id', '=', campaigns.live!)
      .execute();
    const changed = await offers(liveKey, '?limit=100', { 'if-none-match': tag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('shows a test key the same offers marked test', async () => {
    const feed = await allOffers(testKey);

    expect(feed.map((offer) => offer.id)).toContain(campaigns.live);
    expect(new Set(feed.map((offer) => offer.mode))).toEqual(new Set(['test']));
  });

  it('answers 401 without a key, with an unknown one, and to a signed-in session', async () => {
    expect((await call(app, { url: '/api/publisher/offers' })).statusCode).toBe(401);
    expect((await offers('pk_live_unknown')).statusCode).toBe(401);
    expect((await call(app, { url: '/api/publisher/offers', token: systemAdmin.token })).statusCode).toBe(
      401,
    );
  });
});

describe('a test transaction', () => {
  const send = (key: string, body: Record<string, unknown>) =>
    call(app, {
      method: 'POST',
      url: '/api/publisher/test-transactions',
      headers: { 'x-api-key': key },
      body,
    });
  const purchase = (transactionId: string, extra: Record<string, unknown> = {}) => ({
    transaction_id: transactionId,
    datetime: new Date().toISOString(),
    amount: '40.00',
    mid,
    card_token: 'feed-card-1',
    card_last4: '4242',
    ...extra,
  });

  it('qualifies through the real engine and is stored apart, leaving live figures, dashboards and invoices as they were', async () => {
    const companyAdmin = await loginAs(app, 'companyadmin@demo.test');
    const dashboard = () =>
      call(app, {
        method: 'POST',
        url: '/api/dashboard/client',
        token: companyAdmin.token,
        body: { conditions: {} },
      });
    const counts = async () => ({
      transactions: Number(
        (
          await testApp.db
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      reporting: Number(
        (
          await testApp.db
            .selectFrom('reporting_daily')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      invoices: Number(
        (
          await testApp.db
            .selectFrom('invoices')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      logs: Number(
        (
          await testApp.db
            .selectFrom('ingestion_logs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = { counts: await counts(), dashboard: (await dashboard()).body };

    const sent = await send(testKey, purchase('TEST-1'));

    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      mode: 'test',
      transactionId: 'TEST-1',
      outcome: 'qualified',
      campaignId: campaigns.live,
      brandId: ids.brands.standalone,
      cashbackPence: 2000,
      duplicate: false,
    });
    const stored = await testApp.db
      .selectFrom('publisher_test_transactions')
      .selectAll()
      .where('publisher_transaction_id', '=', 'TEST-1')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ outcome: 'qualified', cashback_pence: 2000, amount_pence: 4000 });
    expect(await counts()).toEqual(before.counts);
    expect((await dashboard()).body).toBe(before.dashboard);
  });

  it('answers a repeated transaction id with its first outcome', async () => {
    const again = await send(testKey, purchase('TEST-1', { amount: '99.00' }));

    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'qualified', cashbackPence: 2000, duplicate: true });
  });

  it('names the reason when it does not qualify, and learns nothing of an unlinked brand', async () => {
    const unknown = await send(testKey, purchase('TEST-2', { mid: 'NO-SUCH-MID' }));

    expect(unknown.json()).toMatchObject({
      outcome: 'notQualified',
      reasonCode: 'unknownMerchantId',
      reason: messages.qualification.unknownMerchantId,
      brandId: null,
    });
  });

  it('takes a test key only, and refuses a bad row naming the field', async () => {
    const live = await send(liveKey, purchase('TEST-3'));
    const bad = await send(testKey, purchase('TEST-4', { amount: 'ten' }));

    expect(live.statusCode).toBe(403);
    expect(live.json()).toEqual({ code: 'api_key_wrong_mode', errorMessage: messages.publisherKey.testOnly });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMessage).toBe(messages.ingestion.amountInvalid);
  });
});
