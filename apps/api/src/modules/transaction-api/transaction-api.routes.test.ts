import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { authorisationHoldMs } from '@krowd/domain/publisher/transaction-lifecycle.rules';
import type { RewardTerms } from '@krowd/domain/qualification/qualification.rules';
import { earnings } from '@krowd/domain/qualification/reward-terms.rules';
import { insertBranch, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { insertEndpoint } from '../webhooks/webhooks.fixtures.ts';
import { createWebhookEvents } from '../webhooks/webhooks.events.ts';
import {
  call,
  createTestApp,
  createTestClock,
  demoIds,
  hours,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';
import { settlementRecords } from '../settlements/settlements.fixtures.ts';
import { createSettlements } from '../settlements/settlements.service.ts';
import { publisherWithKeys } from './transaction-api.fixtures.ts';
import { createTransactionApiService } from './transaction-api.service.ts';

/**
 * The transaction lifecycle one at a time (docs/decisions/0109), end to end through the routes:
 * each step idempotent, qualified by the same engine as a file row, its webhook event made, and
 * the dashboard's figures moved by exactly what the engine computed.
 */
const m = messages.transactionApi;
// A Thursday in December, noon in New York (the test settings' time zone): inside the campaign.
const clock = createTestClock(new Date('2026-12-10T18:00:00Z'));
const purchaseAt = '2026-12-10T17:00:00Z';
const mid = 'TXNAPI-MID-1';

let testApp: TestApp;
let app: App;
let systemAdmin: SignedIn;
let liveKey: string;
let testKey: string;
let otherKey: string;
let publisherId: string;
let brandId: string;

const send = (step: string, body: unknown, key = liveKey, headers: Record<string, string> = {}) =>
  call(app, {
    method: 'POST',
    url: `/api/publisher/transactions/${step}`,
    headers: { 'x-api-key': key, ...headers },
    body,
  });

const status = (transactionId: string, key = liveKey) =>
  call(app, {
    url: `/api/publisher/transactions/${encodeURIComponent(transactionId)}`,
    headers: { 'x-api-key': key },
  });

const purchase = (transactionId: string, amount = '25.00', card = 'tok-txnapi-1') => ({
  transaction_id: transactionId,
  datetime: purchaseAt,
  amount,
  currency: 'GBP',
  mid,
  card_token: card,
  card_last4: '4242',
});

/** The brand's dashboard totals for December 2026, as the dashboard answers them. */
async function dashboardTotals() {
  const response = await call(app, {
    method: 'POST',
    url: '/api/dashboard/client',
    token: systemAdmin.token,
    body: { conditions: { brand_id: brandId, txn_date_time: ['2026-12-01', '2026-12-31'] } },
  });
  expect(response.statusCode, response.body).toBe(200);
  const statistics = response.json().dashboard.statistics as { name: string; value: number }[];
  const value = (name: string) => statistics.find((entry) => entry.name === name)!.value;
  return {
    revenue: value('revenue'),
    cashback: value('totalCashback'),
    fee: value('totalSuccessFee'),
    conversions: value('conversions'),
  };
}

/** The stored row of a transaction id: what the engine computed for it. */
async function stored(transactionId: string) {
  return testApp.db
    .selectFrom('transactions')
    .where('publisher_id', '=', publisherId)
    .where('publisher_transaction_id', '=', transactionId)
    .select(['outcome', 'amount_pence', 'refunded_pence', 'cashback_pence', 'success_fee_pence', 'terms'])
    .executeTakeFirstOrThrow();
}

/** The webhook events the upload jobs of the steps so far make, then those made directly, by type. */
async function eventsOf(subjectTransactionId: string) {
  const events = createWebhookEvents({ db: testApp.db, jobs: app.services.jobs });
  const { rows: jobs } = await sql<{ payload: { ingestionLogId: string } }>`
    SELECT payload FROM jobs WHERE kind = 'webhooks.transactionEvents'`.execute(testApp.db);
  for (const job of jobs) await events.fanOutUpload(job.payload.ingestionLogId, 'live');
  const { rows } = await sql<{ type: string }>`
    SELECT type FROM webhook_events
    WHERE publisher_id = ${publisherId} AND data->>'transactionId' = ${subjectTransactionId}
    ORDER BY created_at, type`.execute(testApp.db);
  return rows.map((row) => row.type);
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  const ids = await demoIds(testApp.db);
  brandId = ids.brands.standalone;
  systemAdmin = await loginAs(app, 'admin@demo.test');
  const publisher = await publisherWithKeys(app, systemAdmin, 'TXNAPI');
  publisherId = publisher.id;
  liveKey = publisher.live;
  testKey = publisher.test;
  otherKey = (await publisherWithKeys(app, systemAdmin, 'TXNOTHER')).live;
  const branchId = await insertBranch(testApp.db, brandId, 'Active', 'Txn API Branch', mid);
  await insertCampaign(testApp.db, {
    brandId,
    month: '2026-12',
    status: 'Active',
    name: 'Txn API December',
    allBranches: false,
    branchIds: [branchId],
    discountPercent: 15,
    successFee: 10,
  });
  await insertEndpoint(testApp.db, { publisherId });
  await sql`UPDATE webhook_endpoints SET events = ARRAY['transaction.qualified', 'transaction.not_qualified',
    'transaction.refunded', 'transaction.authorised', 'transaction.expired']`.execute(testApp.db);
});

afterAll(async () => {
  await testApp?.close();
});

describe('a cleared transaction', () => {
  it('qualifies through the engine as a one-row file, and the dashboard moves by its amounts', async () => {
    const before = await dashboardTotals();
    const response = await send('cleared', purchase('TXN-1'));
    expect(response.statusCode, response.body).toBe(200);
    const row = await stored('TXN-1');
    const earned = earnings(row.terms as RewardTerms, 2500);
    expect(earned.cashbackPence).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({
      transactionId: 'TXN-1',
      status: 'qualified',
      amountPence: 2500,
      cashbackPence: earned.cashbackPence,
      refundedPence: 0,
      brandId,
      duplicate: false,
    });
    expect(Number(row.success_fee_pence)).toBe(earned.successFeePence);
    const after = await dashboardTotals();
    expect(after).toEqual({
      revenue: before.revenue + 2500,
      cashback: before.cashback + earned.cashbackPence,
      fee: before.fee + earned.successFeePence,
      conversions: before.conversions + 1,
    });
    expect(await eventsOf('TXN-1')).toEqual(['transaction.qualified']);
    const log = await testApp.db
      .selectFrom('ingestion_logs')
      .innerJoin('transactions', 'transactions.ingestion_log_id', 'ingestion_logs.id')
      .where('transactions.publisher_transaction_id', '=', 'TXN-1')
      .select('ingestion_logs.channel')
      .executeTakeFirstOrThrow();
    expect(log.channel).toBe('api');
  });

  it('answers its first outcome when the same transaction id is sent again, storing nothing', async () => {
    const before = await dashboardTotals();
    const again = await send('cleared', purchase('TXN-1', '99.00'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'qualified', amountPence: 2500, duplicate: true });
    expect(await dashboardTotals()).toEqual(before);
  });

  it('answers a retry with the same Idempotency-Key exactly as the first time', async () => {
    const headers = { 'idempotency-key': 'txn-2-first-try' };
    const first = await send('cleared', purchase('TXN-2', '12.00', 'tok-txnapi-2'), liveKey, headers);
    const retry = await send('cleared', purchase('TXN-2', '12.00', 'tok-txnapi-2'), liveKey, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(first.json().duplicate).toBe(false);
  });

  it('answers not qualified with the reason at an unknown MID', async () => {
    const response = await send('cleared', { ...purchase('TXN-3'), mid: 'NO-SUCH-MID' });
    expect(response.json()).toMatchObject({
      status: 'notQualified',
      reasonCode: 'unknownMerchantId',
      reason: messages.qualification.unknownMerchantId,
      cashbackPence: 0,
    });
    expect(await eventsOf('TXN-3')).toEqual(['transaction.not_qualified']);
  });

  it('refuses bad input with a 400 naming the field, and a time in the future', async () => {
    const bad = await send('cleared', { ...purchase('TXN-BAD'), amount: '-5.00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('amount');
    const future = await send('cleared', { ...purchase('TXN-BAD'), datetime: '2026-12-11T18:00:00Z' });
    expect(future.statusCode, future.body).toBe(400);
    expect(future.json().errorMessage).toBe(messages.ingestion.datetimeInFuture);
    expect((await status('TXN-BAD')).statusCode).toBe(404);
  });

  it('stores clearings sent side by side together, answering each its own outcome or its own error', async () => {
    const answers = await Promise.all([
      send('cleared', purchase('TXN-B1', '11.00', 'tok-txnapi-b1')),
      send('cleared', { ...purchase('TXN-B2'), datetime: '2026-12-11T18:00:00Z' }),
      send('cleared', purchase('TXN-B3', '13.00', 'tok-txnapi-b3')),
      send('cleared', purchase('TXN-B1', '11.00', 'tok-txnapi-b1')),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 200, 200]);
    expect(answers[1]!.json().errorMessage).toBe(messages.ingestion.datetimeInFuture);
    expect(answers[0]!.json()).toMatchObject({ transactionId: 'TXN-B1', amountPence: 1100 });
    expect(answers[2]!.json()).toMatchObject({
      transactionId: 'TXN-B3',
      amountPence: 1300,
      duplicate: false,
    });
    expect(
      answers
        .filter((answer) => answer.json().transactionId === 'TXN-B1')
        .map((a) => a.json().duplicate)
        .sort(),
    ).toEqual([false, true]);
    expect((await status('TXN-B2')).statusCode).toBe(404);
  });

  it('takes live keys only: a test key answers 403, no key 401', async () => {
    const withTest = await send('cleared', purchase('TXN-T'), testKey);
    expect(withTest.statusCode).toBe(403);
    expect(withTest.json().code).toBe('api_key_wrong_mode');
    expect((await send('cleared', purchase('TXN-T'), '')).statusCode).toBe(401);
  });
});

describe('a refund', () => {
  it('partial: reverses cashback and fee in proportion (the engine rule), then full: takes back the rest exactly', async () => {
    await send('cleared', purchase('TXN-R', '40.00', 'tok-txnapi-r'));
    const original = await stored('TXN-R');
    const terms = original.terms as RewardTerms;
    const whole = earnings(terms, 4000);
    const atThirty = earnings(terms, 3000);
    const before = await dashboardTotals();

    const partial = await send('refunded', {
      transaction_id: 'TXN-R-1',
      original_transaction_id: 'TXN-R',
      datetime: purchaseAt,
      amount: '10.00',
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const partialCashback = atThirty.cashbackPence - whole.cashbackPence;
    const partialFee = atThirty.successFeePence - whole.successFeePence;
    // A quarter of the purchase refunded takes back a quarter of what it earned.
    expect(partialCashback).toBe(-whole.cashbackPence / 4);
    expect(partialFee).toBe(-whole.successFeePence / 4);
    expect(partial.json()).toMatchObject({
      status: 'refund',
      amountPence: -1000,
      cashbackPence: partialCashback,
      originalTransactionId: 'TXN-R',
      duplicate: false,
    });
    expect(Number((await stored('TXN-R-1')).success_fee_pence)).toBe(partialFee);
    expect(await dashboardTotals()).toMatchObject({
      cashback: before.cashback + partialCashback,
      fee: before.fee + partialFee,
    });
    expect((await status('TXN-R')).json()).toMatchObject({ status: 'refunded', refundedPence: 1000 });

    // The rest, without an amount: the two refunds add up to the original's cashback and fee.
    const rest = await send('refunded', {
      transaction_id: 'TXN-R-2',
      original_transaction_id: 'TXN-R',
      datetime: purchaseAt,
    });
    expect(rest.json()).toMatchObject({ status: 'refund', amountPence: -3000 });
    const restRow = await stored('TXN-R-2');
    expect(partialCashback + Number(restRow.cashback_pence)).toBe(-whole.cashbackPence);
    expect(partialFee + Number(restRow.success_fee_pence)).toBe(-whole.successFeePence);
    expect(await dashboardTotals()).toMatchObject({
      cashback: before.cashback - whole.cashbackPence,
      fee: before.fee - whole.successFeePence,
    });
    expect((await status('TXN-R')).json()).toMatchObject({ status: 'refunded', refundedPence: 4000 });
    expect(await eventsOf('TXN-R-1')).toEqual(['transaction.refunded']);
  });

  it("puts the cleared purchase and its refunds in the day's settlement file with the engine's amounts", async () => {
    // TXN-R and its two refunds (the test above), in the file of 10 December once the day has closed.
    clock.advance(hours(18));
    try {
      const settlements = createSettlements({
        db: testApp.db,
        events: createWebhookEvents({ db: testApp.db, jobs: app.services.jobs }),
        timeZone: testApp.config.timezone,
        clock: clock.now,
      });
      await settlements.generateDaily(publisherId, '2026-12-10');
      const listed = await call(app, {
        url: '/api/publisher/settlement-files?kind=daily&period=2026-12-10',
        headers: { 'x-api-key': liveKey },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const [file] = listed.json().data as { id: string; sha256: string }[];
      const download = await call(app, {
        url: `/api/publisher/settlement-files/${file!.id}`,
        headers: { 'x-api-key': liveKey },
      });
      expect(download.headers['x-checksum-sha256']).toBe(file!.sha256);
      const rows = settlementRecords(download.body);
      const row = (id: string) => rows.find((entry) => entry.transaction_id === id)!;
      for (const id of ['TXN-R', 'TXN-R-1', 'TXN-R-2']) {
        const engine = await stored(id);
        expect(row(id)).toMatchObject({
          amount_pence: String(engine.amount_pence),
          cashback_pence: String(engine.cashback_pence),
          success_fee_pence: String(engine.success_fee_pence),
        });
      }
      expect(row('TXN-R-1')).toMatchObject({ event: 'refunded', original_transaction_id: 'TXN-R' });
      // The purchase and its refunds add up to nothing earned.
      const sum = (column: string) =>
        ['TXN-R', 'TXN-R-1', 'TXN-R-2'].reduce((total, id) => total + Number(row(id)[column]), 0);
      expect(sum('cashback_pence')).toBe(0);
      expect(sum('success_fee_pence')).toBe(0);
    } finally {
      clock.advance(-hours(18));
    }
  });

  it('is idempotent on its id, and refuses more than what is left, an unknown original, an id taken', async () => {
    const repeat = await send('refunded', {
      transaction_id: 'TXN-R-1',
      original_transaction_id: 'TXN-R',
      datetime: purchaseAt,
      amount: '10.00',
    });
    expect(repeat.json()).toMatchObject({ amountPence: -1000, duplicate: true });
    const nothingLeft = await send('refunded', {
      transaction_id: 'TXN-R-3',
      original_transaction_id: 'TXN-R',
      datetime: purchaseAt,
    });
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json().errorMessage).toBe(m.nothingLeftToRefund);

    await send('cleared', purchase('TXN-S', '5.00', 'tok-txnapi-s'));
    const tooMuch = await send('refunded', {
      transaction_id: 'TXN-S-1',
      original_transaction_id: 'TXN-S',
      datetime: purchaseAt,
      amount: '5.01',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errorMessage).toBe(m.refundTooLarge('£5.00'));

    const future = await send('refunded', {
      transaction_id: 'TXN-S-F',
      original_transaction_id: 'TXN-S',
      datetime: '2026-12-11T18:00:00Z',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().errorMessage).toBe(messages.ingestion.datetimeInFuture);
    expect((await status('TXN-S')).json()).toMatchObject({ status: 'qualified', refundedPence: 0 });

    const unknown = await send('refunded', {
      transaction_id: 'TXN-U-1',
      original_transaction_id: 'NO-SUCH-TXN',
      datetime: purchaseAt,
    });
    expect(unknown.statusCode).toBe(404);
    const taken = await send('refunded', {
      transaction_id: 'TXN-S',
      original_transaction_id: 'TXN-R',
      datetime: purchaseAt,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorMessage).toBe(m.refundIdTaken);
  });

  it('refunds a purchase in full once when two full refunds race, and a cleared id sent twice at once is stored once', async () => {
    await send('cleared', purchase('TXN-RACE', '20.00', 'tok-txnapi-race'));
    const refund = (transactionId: string) =>
      send('refunded', {
        transaction_id: transactionId,
        original_transaction_id: 'TXN-RACE',
        datetime: purchaseAt,
      });
    const answers = await Promise.all([refund('TXN-RACE-1'), refund('TXN-RACE-2')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await status('TXN-RACE')).json()).toMatchObject({ refundedPence: 2000 });

    const twice = await Promise.all([
      send('cleared', purchase('TXN-TWICE', '7.00', 'tok-txnapi-twice')),
      send('cleared', purchase('TXN-TWICE', '7.00', 'tok-txnapi-twice')),
    ]);
    expect(twice.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(twice.map((answer) => answer.json().duplicate as boolean).sort()).toEqual([false, true]);
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM transactions WHERE publisher_transaction_id = 'TXN-TWICE'`.execute(
      testApp.db,
    );
    expect(rows[0]!.count).toBe(1);
  });

  it("never reaches another publisher's transaction", async () => {
    const response = await send(
      'refunded',
      { transaction_id: 'X-1', original_transaction_id: 'TXN-S', datetime: purchaseAt },
      otherKey,
    );
    expect(response.statusCode).toBe(404);
    expect((await status('TXN-S', otherKey)).statusCode).toBe(404);
  });
});

describe('an authorisation', () => {
  it('is authorised, then cleared with another amount; qualification happens on clearing', async () => {
    const before = await dashboardTotals();
    const authorised = await send('authorised', purchase('TXN-A', '30.00', 'tok-txnapi-a'));
    expect(authorised.statusCode, authorised.body).toBe(200);
    expect(authorised.json()).toMatchObject({
      id: null,
      status: 'authorised',
      amountPence: 3000,
      cashbackPence: 0,
      authorisation: {
        status: 'authorised',
        expiresAt: new Date(clock.now().getTime() + authorisationHoldMs).toISOString(),
      },
      duplicate: false,
    });
    expect(await dashboardTotals()).toEqual(before);
    expect((await send('authorised', purchase('TXN-A', '30.00', 'tok-txnapi-a'))).json().duplicate).toBe(
      true,
    );
    expect(await eventsOf('TXN-A')).toEqual(['transaction.authorised']);

    const cleared = await send('cleared', purchase('TXN-A', '32.50', 'tok-txnapi-a'));
    expect(cleared.json()).toMatchObject({
      status: 'qualified',
      amountPence: 3250,
      authorisation: { amountPence: 3000, status: 'cleared' },
    });
    expect((await dashboardTotals()).revenue).toBe(before.revenue + 3250);
    const again = await send('authorised', purchase('TXN-A', '30.00', 'tok-txnapi-a'));
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe(m.alreadyCleared);
  });

  it('expires when not cleared in time, firing transaction.expired once', async () => {
    await send('authorised', purchase('TXN-E', '8.00', 'tok-txnapi-e'));
    // The sweep the recurring job runs, on the test's clock.
    const service = createTransactionApiService({
      db: testApp.db,
      ingestion: { ingest: () => Promise.reject(new Error('the sweep ingests nothing')) },
      events: createWebhookEvents({ db: testApp.db, jobs: app.services.jobs }),
      clock: clock.now,
    });
    clock.advance(authorisationHoldMs - hours(1));
    expect(await service.expireDue()).toBe(0);
    expect((await status('TXN-E')).json().status).toBe('authorised');
    clock.advance(hours(1));
    expect(await service.expireDue()).toBe(1);
    expect(await service.expireDue()).toBe(0);
    expect((await status('TXN-E')).json()).toMatchObject({
      status: 'expired',
      statusText: m.statuses.expired,
      authorisation: { status: 'expired' },
    });
    expect(await eventsOf('TXN-E')).toEqual(['transaction.authorised', 'transaction.expired']);
  });
});

describe('the status of a transaction', () => {
  it('answers any id of the publisher, sent one at a time or in a file, and 404 for anything else', async () => {
    expect((await status('TXN-1')).json()).toMatchObject({
      status: 'qualified',
      statusText: m.statuses.qualified,
    });
    expect((await status('TXN-R-2')).json()).toMatchObject({
      status: 'refund',
      originalTransactionId: 'TXN-R',
    });
    const missing = await status('NEVER-SENT');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorMessage).toBe(m.transactionNotFound);
  });
});
