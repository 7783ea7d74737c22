import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdoutBucket } from '@krowd/domain/incrementality/holdout.rules';
import { messages } from '@krowd/domain/messages/messages';
import { insertBranch, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { publisherWithKeys } from '../transaction-api/transaction-api.fixtures.ts';
import {
  call,
  createTestApp,
  createTestClock,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';

/**
 * Holdouts stored and honoured (docs/decisions/0129), end to end through the routes. One brand of
 * the test's own (MID HOLD-MID-1) has two approved December 2026 campaigns at every branch: `wide`
 * (dp 10%, holding out 50% of cards) and, created after it, `narrow` (dp 5%, holding out 20%).
 * The bucket is the brand's, so the holdouts nest: a card below 2,000 is held out of both, one from
 * 2,000 to 4,999 of `wide` only. HOLD is a publisher of the test's own, linked to the brand; ATR
 * (the demo's) is not linked and does not honour holdouts.
 */
const clock = createTestClock(new Date('2026-12-10T18:00:00Z'));
const mid = 'HOLD-MID-1';
const m = messages.publisherHoldouts;

let testApp: TestApp;
let app: App;
let systemAdmin: SignedIn;
let publisher: { id: string; live: string; test: string };
let brandId = '';
let otherBrandId = '';
let wide = '';
let narrow = '';
let otherBrandCampaign = '';

/** Card tokens whose bucket for the brand and month (at HOLD) is in [from, to). */
function cardsIn(prefix: string, from: number, to: number, count: number): string[] {
  const found: string[] = [];
  for (let index = 0; found.length < count; index += 1) {
    const cardToken = `${prefix}-${index}`;
    const bucket = holdoutBucket({ publisherId: publisher.id, cardToken, brandId, month: '2026-12' });
    if (bucket >= from && bucket < to) found.push(cardToken);
  }
  return found;
}

const holdoutsCall = (body: unknown, key = publisher.live) =>
  call(app, { method: 'POST', url: '/api/publisher/holdouts/cards', headers: { 'x-api-key': key }, body });

const setting = (honoursHoldouts: unknown, key = publisher.live) =>
  call(app, {
    method: 'PUT',
    url: '/api/publisher/holdouts',
    headers: { 'x-api-key': key },
    body: { honoursHoldouts },
  });

/** A December purchase at the brand's MID, as a file row of publisher `code`. */
const row = (id: string, card: string, code = 'HOLD') => ({
  transaction_id: id,
  datetime: '2026-12-10T17:00:00Z',
  amount: '20.00',
  currency: 'GBP',
  mid,
  card_token: card,
  card_last4: '4242',
  publisher: code,
});

async function ingest(rows: object[], key = publisher.live) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(rows),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** 'outcome campaign cashback reason' of a stored transaction. */
async function stored(transactionId: string) {
  const r = await testApp.db
    .selectFrom('transactions')
    .select(['outcome', 'campaign_id', 'cashback_pence', 'reason'])
    .where('publisher_transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
  const campaign = r.campaign_id === wide ? 'wide' : r.campaign_id === narrow ? 'narrow' : r.campaign_id;
  return `${r.outcome} ${campaign} ${r.cashback_pence} ${r.reason ?? '-'}`;
}

/** 'campaign arm source' of the card's stored assignments at a publisher, by campaign. */
async function assignments(cardToken: string, publisherId = publisher.id) {
  const rows = await testApp.db
    .selectFrom('holdout_assignments')
    .select(['campaign_id', 'arm', 'source', 'bucket', 'month', 'recipe_version'])
    .where('publisher_id', '=', publisherId)
    .where('card_token', '=', cardToken)
    .execute();
  return rows
    .map(
      (r) =>
        `${r.campaign_id === wide ? 'wide' : r.campaign_id === narrow ? 'narrow' : 'other'} ${r.arm} ${r.source} ${r.month} ${r.recipe_version}`,
    )
    .sort();
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  systemAdmin = await loginAs(app, 'admin@demo.test');
  publisher = await publisherWithKeys(app, systemAdmin, 'HOLD');
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: 'Holdout Brand' })
    .returning('id')
    .executeTakeFirstOrThrow();
  brandId = brand.id;
  otherBrandId = (
    await testApp.db
      .insertInto('brands')
      .values({ name: 'Unlinked Brand' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await insertBranch(testApp.db, brandId, 'Active', 'Holdout Branch', mid);
  const everyDay = JSON.stringify([
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
  ]);
  wide = await insertCampaign(testApp.db, {
    brandId,
    month: '2026-12',
    status: 'Active',
    discountPercent: 10,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    values: { holdout_share_basis_points: 5000, week_days: everyDay },
  });
  narrow = await insertCampaign(testApp.db, {
    brandId,
    month: '2026-12',
    status: 'Active',
    discountPercent: 5,
    createdAt: new Date('2026-11-02T00:00:00Z'),
    values: { holdout_share_basis_points: 2000, week_days: everyDay },
  });
  otherBrandCampaign = await insertCampaign(testApp.db, {
    brandId: otherBrandId,
    month: '2026-12',
    status: 'Active',
    values: { holdout_share_basis_points: 5000 },
  });
  const linked = await call(app, {
    method: 'PUT',
    url: `/api/publishers/${publisher.id}/brands`,
    token: systemAdmin.token,
    body: { brandIds: [brandId] },
  });
  expect(linked.statusCode, linked.body).toBe(200);
});

afterAll(async () => {
  await testApp?.close();
});

describe('before the publisher says it hides held-out cards’ offers', () => {
  it('holds no card out: the feed says the offer’s holdout is not honoured and every purchase pays', async () => {
    const feed = await call(app, { url: '/api/publisher/offers', headers: { 'x-api-key': publisher.live } });
    expect(feed.statusCode, feed.body).toBe(200);
    const offers = feed.json().offers as { id: string; holdout: unknown }[];
    expect(offers.find((offer) => offer.id === wide)!.holdout).toEqual({
      shareBasisPoints: 5000,
      honoured: false,
    });
    const [held] = cardsIn('early', 0, 2000, 1);
    await ingest([row('EARLY-1', held!)]);
    expect(await stored('EARLY-1')).toBe('qualified wide 200 -');
    expect(await assignments(held!)).toEqual([]);
  });

  it('refuses the held-out cards call with 409 holdouts_not_honoured', async () => {
    const response = await holdoutsCall({ cardTokens: ['any-card'] });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ errorMessage: m.notHonoured, code: 'holdouts_not_honoured' });
  });
});

describe('the publisher’s holdout setting', () => {
  it('is set with its live key, audited with no user; a test key is refused and a bad body named', async () => {
    expect((await setting(true, publisher.test)).statusCode).toBe(403);
    const bad = await setting('yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMessage).toBe(m.honouredInvalid);
    const saved = await setting(true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ publisherId: publisher.id, honoursHoldouts: true });
    const audit = await testApp.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'changes'])
      .where('entity_type', '=', 'publisher')
      .where('entity_id', '=', publisher.id)
      .execute();
    expect(audit).toEqual([
      { actor_user_id: null, changes: { honours_holdouts: { before: false, after: true } } },
    ]);
  });

  it('is set by the system admin too, for a publisher that exists', async () => {
    const atr = await testApp.db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', 'ATR')
      .executeTakeFirstOrThrow();
    const url = (id: string) => `/api/publishers/${id}/holdouts`;
    const missing = await call(app, {
      method: 'PUT',
      url: url('00000000-0000-4000-8000-000000000000'),
      token: systemAdmin.token,
      body: { honoursHoldouts: true },
    });
    expect(missing.statusCode).toBe(404);
    const off = await call(app, {
      method: 'PUT',
      url: url(atr.id),
      token: systemAdmin.token,
      body: { honoursHoldouts: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().honoursHoldouts).toBe(false);
  });
});

describe('the held-out cards call', () => {
  it('names per card the offers it is held out of, stores each arm once (source publisher)', async () => {
    const [both] = cardsIn('ask-both', 0, 2000, 1);
    const [wideOnly] = cardsIn('ask-wide', 2000, 5000, 1);
    const [exposed] = cardsIn('ask-none', 5000, 10_000, 1);
    const response = await holdoutsCall({ cardTokens: [both, wideOnly, exposed, both] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.month).toBe('2026-12');
    expect(answer.recipeVersion).toBe('krowd-holdout-v1');
    // Each card once, in the order asked; the unlinked brand's offer is not among them.
    expect(answer.cards.map((card: { cardToken: string }) => card.cardToken)).toEqual([
      both,
      wideOnly,
      exposed,
    ]);
    const heldOut = answer.cards.map((card: { heldOutOf: string[] }) => [...card.heldOutOf].sort());
    expect(heldOut).toEqual([[wide, narrow].sort(), [wide], []]);
    const offered = answer.cards.flatMap((card: { offers: { offerId: string }[] }) =>
      card.offers.map((o) => o.offerId),
    );
    expect(offered).not.toContain(otherBrandCampaign);
    expect(await assignments(both!)).toEqual([
      'narrow holdout publisher 2026-12 krowd-holdout-v1',
      'wide holdout publisher 2026-12 krowd-holdout-v1',
    ]);
    expect(await assignments(exposed!)).toEqual([
      'narrow exposed publisher 2026-12 krowd-holdout-v1',
      'wide exposed publisher 2026-12 krowd-holdout-v1',
    ]);
  });

  it('answers a stored arm as stored, even where the hash now says otherwise', async () => {
    const [card] = cardsIn('frozen', 0, 2000, 1);
    // As if an earlier recipe had put the card in the exposed arm of `wide`.
    await testApp.db
      .insertInto('holdout_assignments')
      .values({
        campaign_id: wide,
        publisher_id: publisher.id,
        card_token: card!,
        brand_id: brandId,
        month: '2026-12',
        bucket: 9000,
        arm: 'exposed',
        share_basis_points: 5000,
        recipe_version: 'krowd-holdout-v0',
        source: 'publisher',
      })
      .execute();
    const response = await holdoutsCall({ cardTokens: [card] });
    expect(response.json().cards[0].heldOutOf).toEqual([narrow]);
    // Its purchase follows the stored arm: `wide` pays it.
    await ingest([row('FROZEN-1', card!)]);
    expect(await stored('FROZEN-1')).toBe('qualified wide 200 -');
  });

  it('answers another publisher’s cards by that publisher’s own hash and rows', async () => {
    const atr = await testApp.db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', 'ATR')
      .executeTakeFirstOrThrow();
    await setting(true, 'demo-atr-key');
    try {
      // ATR is not linked to the test's brand: none of its offers is named, nor stored for ATR.
      const [card] = cardsIn('ask-both', 0, 2000, 1);
      const response = await holdoutsCall({ cardTokens: [card] }, 'demo-atr-key');
      expect(response.statusCode, response.body).toBe(200);
      const offers = response.json().cards[0].offers as { offerId: string; bucket: number }[];
      expect(offers.map((offer) => offer.offerId)).not.toContain(wide);
      expect(offers.map((offer) => offer.offerId)).not.toContain(narrow);
      const stored = await assignments(card!, atr.id);
      expect(stored.every((row) => row.startsWith('other '))).toBe(true);
      // HOLD's rows for the card are its own, untouched by ATR's call.
      expect(await assignments(card!)).toEqual([
        'narrow holdout publisher 2026-12 krowd-holdout-v1',
        'wide holdout publisher 2026-12 krowd-holdout-v1',
      ]);
    } finally {
      await setting(false, 'demo-atr-key');
    }
  });

  it.each([
    ['no tokens', { cardTokens: [] }, m.cardTokensInvalid],
    ['too many tokens', { cardTokens: Array.from({ length: 1001 }, (_, i) => `t${i}`) }, m.cardTokensInvalid],
    ['an empty token', { cardTokens: ['ok', ' '] }, m.cardTokenInvalid],
    ['a number for a token', { cardTokens: [42] }, m.cardTokenInvalid],
    ['no list', { cards: ['a'] }, m.cardTokensInvalid],
  ])('refuses %s with 400 naming the problem', async (_case, body, message) => {
    const response = await holdoutsCall(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(message);
  });

  it('refuses a call without a key, or with a test key', async () => {
    expect((await holdoutsCall({ cardTokens: ['a'] }, '')).statusCode).toBe(401);
    expect((await holdoutsCall({ cardTokens: ['a'] }, publisher.test)).statusCode).toBe(403);
  });
});

describe('ingestion at a publisher that honours holdouts', () => {
  it('pays a held-out card nothing (reason holdout), lets the next campaign pay, and stores its arms', async () => {
    const [both] = cardsIn('buy-both', 0, 2000, 1);
    const [wideOnly] = cardsIn('buy-wide', 2000, 5000, 1);
    const [exposed] = cardsIn('buy-none', 5000, 10_000, 1);
    await ingest([row('BUY-1', both!), row('BUY-2', wideOnly!), row('BUY-3', exposed!), row('BUY-4', both!)]);
    // Both campaigns came equally close for the first card: the earliest created names the reason.
    expect(await stored('BUY-1')).toBe('notQualified wide 0 holdout');
    expect(await stored('BUY-2')).toBe('qualified narrow 100 -');
    expect(await stored('BUY-3')).toBe('qualified wide 200 -');
    expect(await stored('BUY-4')).toBe('notQualified wide 0 holdout');
    expect(await assignments(both!)).toEqual([
      'narrow holdout transaction 2026-12 krowd-holdout-v1',
      'wide holdout transaction 2026-12 krowd-holdout-v1',
    ]);
    expect(await assignments(wideOnly!)).toEqual([
      'narrow exposed transaction 2026-12 krowd-holdout-v1',
      'wide holdout transaction 2026-12 krowd-holdout-v1',
    ]);
  });

  it('keeps the arm the publisher was told (source publisher), writing no second row', async () => {
    const [card] = cardsIn('ask-both', 0, 2000, 1);
    await ingest([row('TOLD-1', card!)]);
    expect(await stored('TOLD-1')).toBe('notQualified wide 0 holdout');
    expect(await assignments(card!)).toEqual([
      'narrow holdout publisher 2026-12 krowd-holdout-v1',
      'wide holdout publisher 2026-12 krowd-holdout-v1',
    ]);
  });

  it('holds nothing out at a publisher that does not honour holdouts (ATR)', async () => {
    const [card] = cardsIn('atr-both', 0, 10_000, 1);
    await ingest([row('ATR-HOLD-1', card!, 'ATR')], 'demo-atr-key');
    expect(await stored('ATR-HOLD-1')).toBe('qualified wide 200 -');
    const atr = await testApp.db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', 'ATR')
      .executeTakeFirstOrThrow();
    expect(await assignments(card!, atr.id)).toEqual([]);
  });

  it('holds a card out the same through the single-transaction API', async () => {
    const [card] = cardsIn('api-both', 0, 2000, 1);
    const response = await call(app, {
      method: 'POST',
      url: '/api/publisher/transactions/cleared',
      headers: { 'x-api-key': publisher.live },
      body: { ...row('API-1', card!), publisher: undefined },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored('API-1')).toBe('notQualified wide 0 holdout');
    expect(await assignments(card!)).toHaveLength(2);
  });

  it('holds a card out the same for a test transaction, storing no assignment', async () => {
    const [card] = cardsIn('test-both', 0, 2000, 1);
    const response = await call(app, {
      method: 'POST',
      url: '/api/publisher/test-transactions',
      headers: { 'x-api-key': publisher.test },
      body: { ...row('TEST-1', card!), publisher: undefined },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'notQualified',
      reasonCode: 'holdout',
      reason: messages.qualification.holdout,
      campaignId: wide,
      cashbackPence: 0,
    });
    expect(await assignments(card!)).toEqual([]);
  });

  it('tells the feed the holdout is honoured now', async () => {
    const feed = await call(app, { url: '/api/publisher/offers', headers: { 'x-api-key': publisher.live } });
    const offers = feed.json().offers as { id: string; holdout: unknown }[];
    expect(offers.find((offer) => offer.id === narrow)!.holdout).toEqual({
      shareBasisPoints: 2000,
      honoured: true,
    });
  });
});
