import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdminEmail } from '../../demo/demo-data.ts';
import { everyWeekDay, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { createSettlements } from '../settlements/settlements.service.ts';
import { startReceiver } from '../webhooks/webhook-receiver.fixtures.ts';
import { createWebhookEvents } from '../webhooks/webhooks.events.ts';
import { call, createTestApp, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * Caps (decision 0116) through POST /api/transactions/ingest: a card's rewarded transactions are
 * counted from its stored qualified transactions of the campaign plus those earlier in the same
 * upload, in file order; a refund reversing a reward frees its place; the reason a transaction
 * earned less or nothing is stored with it. One brand of the test's own (MID CAP-1), June 2025 its
 * first campaign month (no success fee), in the default timezone (America/New_York):
 * - `counted`: dp 10%, at most 3 rewarded transactions per card and 2 a day, at most £4.00 cashback
 *   a transaction;
 * - brand two (MID CAP-2): `spend`: dp 10%, at most £100.00 rewarded spend per card a week.
 */

let testApp: TestApp;
let app: App;
let counted = '';
let spend = '';

async function brandWithBranch(name: string, mid: string) {
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await testApp.db
    .insertInto('branches')
    .values({ brand_id: brand.id, name: `${name} Branch`, status: 'Active', mastercard_merchant_id: mid })
    .execute();
  return brand.id;
}

/** One purchase (or a refund naming its original) as the JSON body of the ingest route. */
const row = (id: string, mid: string, day: string, amount: string, card: string, original?: string) => ({
  transaction_id: id,
  datetime: `2025-06-${day}T12:00:00-04:00`,
  amount,
  currency: 'GBP',
  mid,
  card_token: card,
  card_last4: '4242',
  postcode: 'N1 9AA',
  publisher: 'ATR',
  ...(original ? { original_transaction_id: original } : {}),
});

async function ingest(rows: object[]) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'application/json', 'x-api-key': 'demo-atr-key' },
    body: JSON.stringify(rows),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** 'id outcome cashback reason' of each stored transaction of the prefix, in id order. */
async function stored(prefix: string) {
  const rows = await testApp.db
    .selectFrom('transactions')
    .select(['publisher_transaction_id as id', 'outcome', 'cashback_pence', 'reason', 'capped_reason'])
    .where('publisher_transaction_id', 'like', `${prefix}%`)
    .orderBy('publisher_transaction_id')
    .execute();
  return rows.map((r) => `${r.id} ${r.outcome} ${r.cashback_pence} ${r.reason ?? r.capped_reason ?? '-'}`);
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  const brand = await brandWithBranch('Caps Brand', 'CAP-1');
  counted = await insertCampaign(testApp.db, {
    brandId: brand,
    month: '2025-06',
    status: 'Bank Approved',
    successFee: 10,
    values: {
      week_days: everyWeekDay,
      discount_percent: 10,
      max_transactions_per_card: 3,
      max_transactions_per_interval: 2,
      cap_interval: 'day',
      max_cashback_pence: 400,
    },
  });
  spend = await insertCampaign(testApp.db, {
    brandId: await brandWithBranch('Caps Brand Two', 'CAP-2'),
    month: '2025-06',
    status: 'Bank Approved',
    successFee: 10,
    values: {
      week_days: everyWeekDay,
      discount_percent: 10,
      max_spend_per_interval_pence: 10_000,
      cap_interval: 'week',
    },
  });
});

afterAll(async () => {
  await testApp.close();
});

describe('caps in an upload (decision 0116)', () => {
  it('stores the 4th transaction of a card as capped, with its reason, in file order', async () => {
    await ingest([
      row('c1-1', 'CAP-1', '02', '20.00', 'card-one'),
      row('c1-2', 'CAP-1', '02', '20.00', 'card-one'),
      row('c1-3', 'CAP-1', '02', '20.00', 'card-one'),
      row('c1-4', 'CAP-1', '03', '20.00', 'card-one'),
      row('c1-5', 'CAP-1', '04', '20.00', 'card-one'),
      row('c1-6', 'CAP-1', '04', '20.00', 'card-two'),
    ]);
    expect(await stored('c1-')).toEqual([
      'c1-1 qualified 200 -',
      'c1-2 qualified 200 -',
      'c1-3 notQualified 0 cappedTransactionsPerInterval',
      'c1-4 qualified 200 -',
      'c1-5 notQualified 0 cappedTransactionsPerCard',
      'c1-6 qualified 200 -',
    ]);
    const capped = await testApp.db
      .selectFrom('transactions')
      .select('campaign_id')
      .where('publisher_transaction_id', '=', 'c1-5')
      .executeTakeFirstOrThrow();
    expect(capped.campaign_id).toBe(counted);
  });

  it('counts the stored rewards of earlier uploads, and a refund reversing one frees its place', async () => {
    await ingest([
      row('c2-1', 'CAP-1', '05', '20.00', 'card-three'),
      row('c2-2', 'CAP-1', '06', '20.00', 'card-three'),
      row('c2-3', 'CAP-1', '07', '20.00', 'card-three'),
    ]);
    await ingest([row('c2-4', 'CAP-1', '08', '20.00', 'card-three')]);
    await ingest([
      row('c2-5', 'CAP-1', '09', '-5.00', 'card-three', 'c2-1'),
      row('c2-6', 'CAP-1', '09', '20.00', 'card-three'),
      row('c2-7', 'CAP-1', '10', '-15.00', 'card-three', 'c2-1'),
      row('c2-8', 'CAP-1', '10', '20.00', 'card-three'),
      row('c2-9', 'CAP-1', '11', '20.00', 'card-three'),
    ]);
    expect(await stored('c2-')).toEqual([
      'c2-1 qualified 200 -',
      'c2-2 qualified 200 -',
      'c2-3 qualified 200 -',
      'c2-4 notQualified 0 cappedTransactionsPerCard',
      // A partial refund leaves the reward earning: no place is freed.
      'c2-5 refund -50 -',
      'c2-6 notQualified 0 cappedTransactionsPerCard',
      // The rest of it reverses the whole reward: the next purchase takes its place.
      'c2-7 refund -150 -',
      'c2-8 qualified 200 -',
      'c2-9 notQualified 0 cappedTransactionsPerCard',
    ]);
  });

  it('pays at most the cashback cap, keeping why', async () => {
    await ingest([row('c3-1', 'CAP-1', '12', '60.00', 'card-four')]);
    expect(await stored('c3-')).toEqual(['c3-1 qualified 400 cappedCashbackPerTransaction']);
  });

  it('answers the cap as the reason in the transaction’s status, earning less or nothing', async () => {
    const status = async (transactionId: string) => {
      const response = await call(app, {
        url: `/api/publisher/transactions/${transactionId}`,
        headers: { 'x-api-key': 'demo-atr-key' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { status: state, reasonCode, reason } = response.json() as Record<string, unknown>;
      return { state, reasonCode, reason };
    };
    expect(await status('c1-5')).toEqual({
      state: 'notQualified',
      reasonCode: 'cappedTransactionsPerCard',
      reason: 'Capped: 3 rewarded transactions per card reached',
    });
    expect(await status('c3-1')).toEqual({
      state: 'qualified',
      reasonCode: 'cappedCashbackPerTransaction',
      reason: 'Capped: £4.00 cashback per transaction',
    });
    expect(await status('c1-1')).toEqual({ state: 'qualified', reasonCode: null, reason: null });
    // The number is the cap that applied, stored with the reason: raising the cap later changes
    // what the next purchases earn, not why these earned less.
    await testApp.db
      .updateTable('campaigns')
      .set({ max_transactions_per_card: 5, max_cashback_pence: 900 })
      .where('id', '=', counted)
      .execute();
    expect((await status('c1-5')).reason).toBe('Capped: 3 rewarded transactions per card reached');
    expect((await status('c3-1')).reason).toBe('Capped: £4.00 cashback per transaction');
    await testApp.db
      .updateTable('campaigns')
      .set({ max_transactions_per_card: 3, max_cashback_pence: 400 })
      .where('id', '=', counted)
      .execute();
  });

  it('pays the purchase crossing a weekly spend cap on its part under it, then nothing that week', async () => {
    await ingest([
      row('c4-1', 'CAP-2', '09', '60.00', 'card-five'),
      row('c4-2', 'CAP-2', '10', '60.00', 'card-five'),
      row('c4-3', 'CAP-2', '15', '10.00', 'card-five'),
      row('c4-4', 'CAP-2', '16', '10.00', 'card-five'),
    ]);
    expect(await stored('c4-')).toEqual([
      'c4-1 qualified 600 -',
      'c4-2 qualified 400 cappedSpendPartly',
      // Sunday 15 June is still the week of Monday 9th; Monday 16th starts the next.
      'c4-3 notQualified 0 cappedSpendPerInterval',
      'c4-4 qualified 100 -',
    ]);
    const params = await testApp.db
      .selectFrom('transactions')
      .select(['publisher_transaction_id as id', 'reason_params'])
      .where('publisher_transaction_id', 'in', ['c4-1', 'c4-2', 'c4-3'])
      .orderBy('publisher_transaction_id')
      .execute();
    expect(params.map((p) => p.reason_params)).toEqual([
      null,
      { limit: 10_000, interval: 'week' },
      { limit: 10_000, interval: 'week' },
    ]);
    const spent = await testApp.db
      .selectFrom('reporting_daily')
      .select((eb) => eb.fn.sum<number>('cashback_pence').as('cashback'))
      .where('campaign_id', '=', spend)
      .executeTakeFirstOrThrow();
    expect(Number(spent.cashback)).toBe(1_100);
  });
});

describe('a cap’s number where the outcome goes to the publisher (decision 0116)', () => {
  it('the transaction’s status gives it as a field beside the text', async () => {
    const status = async (transactionId: string) =>
      (
        await call(app, {
          url: `/api/publisher/transactions/${transactionId}`,
          headers: { 'x-api-key': 'demo-atr-key' },
        })
      ).json() as Record<string, unknown>;
    expect(await status('c1-3')).toMatchObject({
      reasonCode: 'cappedTransactionsPerInterval',
      reason: 'Capped: 2 rewarded transactions per card per day reached',
      reasonParams: { limit: 2, interval: 'day' },
    });
    expect(await status('c3-1')).toMatchObject({ reasonParams: { limit: 400, interval: null } });
    expect(await status('c1-1')).toMatchObject({ reasonCode: null, reasonParams: null });
  });

  it('the upload’s webhook events carry the capped reason and its number', async () => {
    const atr = await testApp.db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', 'ATR')
      .executeTakeFirstOrThrow();
    const admin = await loginAs(app, demoAdminEmail);
    const receiver = await startReceiver();
    try {
      const endpoint = await call(app, {
        method: 'POST',
        url: '/api/webhooks/endpoints',
        token: admin.token,
        body: {
          owner: { type: 'publisher', publisherId: atr.id },
          url: receiver.url,
          events: ['transaction.qualified', 'transaction.not_qualified'],
        },
      });
      expect(endpoint.statusCode, endpoint.body).toBe(201);
      // The uploads' event jobs have waited in the queue: they run now, for this endpoint.
      await app.services.jobs.runDue();
      const data = Object.fromEntries(
        receiver.received.map((delivery) => {
          const event = JSON.parse(delivery.body) as { data: Record<string, unknown> };
          return [event.data.transactionId, event.data];
        }),
      );
      expect(data['c1-5']).toMatchObject({
        outcome: 'notQualified',
        reason: 'cappedTransactionsPerCard',
        cappedReason: null,
        reasonParams: { limit: 3, interval: null },
      });
      expect(data['c3-1']).toMatchObject({
        outcome: 'qualified',
        reason: null,
        cappedReason: 'cappedCashbackPerTransaction',
        reasonParams: { limit: 400, interval: null },
      });
      expect(data['c4-2']).toMatchObject({
        cappedReason: 'cappedSpendPartly',
        reasonParams: { limit: 10_000, interval: 'week' },
      });
      expect(data['c1-1']).toMatchObject({ reason: null, cappedReason: null, reasonParams: null });
    } finally {
      await receiver.close();
    }
  });

  it('the daily settlement file names the cap of a purchase that earned less, with its number', async () => {
    const atr = await testApp.db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', 'ATR')
      .executeTakeFirstOrThrow();
    const settlements = createSettlements({
      db: testApp.db,
      events: createWebhookEvents({ db: testApp.db, jobs: app.services.jobs }),
      timeZone: testApp.config.timezone,
      clock: () => new Date(),
    });
    const file = await settlements.generateDaily(atr.id, '2025-06-12');
    const stored = await testApp.db
      .selectFrom('settlement_files')
      .select('content')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    const lines = stored.content.trimEnd().split('\n');
    expect(lines[0]!.endsWith(',success_fee_pence,capped_reason,cap_limit,cap_interval')).toBe(true);
    const capped = lines.find((l) => l.startsWith('qualified,c3-1,'));
    expect(capped?.endsWith(',6000,400,0,cappedCashbackPerTransaction,400,')).toBe(true);
  });
});
