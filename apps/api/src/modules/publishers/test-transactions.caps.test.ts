import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdminEmail } from '../../demo/demo-data.ts';
import { call, createTestApp, loginAs, type App, type SignedIn, type TestApp } from '../../test/test-app.ts';
import { everyWeekDay, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { startReceiver, type Receiver } from '../webhooks/webhook-receiver.fixtures.ts';

/**
 * A test key's purchases meet every cap the live engine applies (decisions 0091, 0116): the same
 * engine, counting the card's earlier test rewards by the campaign as a live upload counts its
 * stored rewards, so the outcomes are the live ones for the same purchases; each capped outcome
 * names its cap's number, in the answer and in the test webhook. Two brands of the test's own, June
 * 2025 their first campaign month (no success fee), in the default timezone (America/New_York):
 * - `counted` (MID TCAP-1): dp 10%, at most 3 rewarded transactions per card and 2 a day, at most
 *   £4.00 cashback a transaction;
 * - `spend` (MID TCAP-2): dp 10%, at most £100.00 rewarded spend per card a week.
 */

let testApp: TestApp;
let app: App;
let admin: SignedIn;
let testKey = '';
let publisherId = '';
let receiver: Receiver;
const campaigns: Record<'counted' | 'spend', string> = { counted: '', spend: '' };

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

/** One purchase at noon (New York, summer time) of a day of June 2025. */
const purchase = (id: string, mid: string, day: string, amount: string, card: string) => ({
  transaction_id: id,
  datetime: `2025-06-${day}T12:00:00-04:00`,
  amount,
  currency: 'GBP',
  mid,
  card_token: card,
  card_last4: '4242',
});

interface TestAnswer {
  outcome: string;
  cashbackPence: number;
  reasonCode: string | null;
  reason: string;
  cappedReasonCode: string | null;
  cappedReason: string | null;
  reasonParams: { limit: number; interval: string | null } | null;
}

async function sendTest(row: ReturnType<typeof purchase>): Promise<TestAnswer> {
  const response = await call(app, {
    method: 'POST',
    url: '/api/publisher/test-transactions',
    headers: { 'x-api-key': testKey },
    body: row,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The same purchases through a live upload (publisher ATR): 'id outcome cashback reason params'. */
async function live(rows: ReturnType<typeof purchase>[]) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'application/json', 'x-api-key': 'demo-atr-key' },
    body: JSON.stringify(
      rows.map((row) => ({ ...row, transaction_id: `live-${row.transaction_id}`, publisher: 'ATR' })),
    ),
  });
  expect(response.statusCode, response.body).toBe(200);
  const stored = await testApp.db
    .selectFrom('transactions')
    .select([
      'publisher_transaction_id as id',
      'outcome',
      'cashback_pence',
      'reason',
      'capped_reason',
      'reason_params',
    ])
    .where(
      'publisher_transaction_id',
      'in',
      rows.map((row) => `live-${row.transaction_id}`),
    )
    .execute();
  const byId = new Map(stored.map((row) => [row.id, row]));
  return rows.map((row) => {
    const s = byId.get(`live-${row.transaction_id}`)!;
    return line(
      row.transaction_id,
      s.outcome,
      Number(s.cashback_pence),
      s.reason ?? s.capped_reason,
      s.reason_params,
    );
  });
}

const line = (id: string, outcome: string, cashback: number, reason: string | null, params: unknown) =>
  `${id} ${outcome} ${cashback} ${reason ?? '-'} ${params ? JSON.stringify(params) : '-'}`;

/** Each purchase sent with the test key in turn, as the same lines as `live`. */
async function tested(rows: ReturnType<typeof purchase>[]) {
  const lines: string[] = [];
  for (const row of rows) {
    const answer = await sendTest(row);
    lines.push(
      line(
        row.transaction_id,
        answer.outcome,
        answer.cashbackPence,
        answer.reasonCode ?? answer.cappedReasonCode,
        answer.reasonParams,
      ),
    );
  }
  return lines;
}

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  admin = await loginAs(app, demoAdminEmail);
  const counted = await brandWithBranch('Test Caps Brand', 'TCAP-1');
  const spend = await brandWithBranch('Test Caps Brand Two', 'TCAP-2');
  campaigns.counted = await insertCampaign(testApp.db, {
    brandId: counted,
    month: '2025-06',
    status: 'Bank Approved',
    values: {
      week_days: everyWeekDay,
      discount_percent: 10,
      max_transactions_per_card: 3,
      max_transactions_per_interval: 2,
      cap_interval: 'day',
      max_cashback_pence: 400,
    },
  });
  campaigns.spend = await insertCampaign(testApp.db, {
    brandId: spend,
    month: '2025-06',
    status: 'Bank Approved',
    values: {
      week_days: everyWeekDay,
      discount_percent: 10,
      max_spend_per_interval_pence: 10_000,
      cap_interval: 'week',
    },
  });
  const created = await call(app, {
    method: 'POST',
    url: '/api/publishers',
    token: admin.token,
    body: { code: 'TCAPS', displayName: 'Test Caps Publisher', bankId: null },
  });
  expect(created.statusCode, created.body).toBe(201);
  publisherId = created.json().publisher._id;
  const linked = await call(app, {
    method: 'PUT',
    url: `/api/publishers/${publisherId}/brands`,
    token: admin.token,
    body: { brandIds: [counted, spend] },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const key = await call(app, {
    method: 'POST',
    url: `/api/publishers/${publisherId}/keys`,
    token: admin.token,
    body: { name: 'Caps test', mode: 'test' },
  });
  testKey = key.json().secret;
  receiver = await startReceiver();
  const endpoint = await call(app, {
    method: 'POST',
    url: '/api/webhooks/endpoints',
    token: admin.token,
    body: {
      owner: { type: 'publisher', publisherId },
      url: receiver.url,
      events: ['transaction.qualified', 'transaction.not_qualified'],
      mode: 'test',
    },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
});

afterAll(async () => {
  await receiver?.close();
  await testApp?.close();
});

describe('caps on test transactions (decisions 0091, 0116)', () => {
  it('count the card’s earlier test rewards, per card and per day, as a live upload counts its stored ones', async () => {
    const rows = [
      purchase('tc1-1', 'TCAP-1', '02', '20.00', 'tcard-one'),
      purchase('tc1-2', 'TCAP-1', '02', '20.00', 'tcard-one'),
      purchase('tc1-3', 'TCAP-1', '02', '20.00', 'tcard-one'),
      purchase('tc1-4', 'TCAP-1', '03', '20.00', 'tcard-one'),
      purchase('tc1-5', 'TCAP-1', '04', '20.00', 'tcard-one'),
      purchase('tc1-6', 'TCAP-1', '04', '20.00', 'tcard-two'),
    ];
    const outcomes = await tested(rows);
    expect(outcomes).toEqual([
      'tc1-1 qualified 200 - -',
      'tc1-2 qualified 200 - -',
      'tc1-3 notQualified 0 cappedTransactionsPerInterval {"limit":2,"interval":"day"}',
      'tc1-4 qualified 200 - -',
      'tc1-5 notQualified 0 cappedTransactionsPerCard {"limit":3,"interval":null}',
      'tc1-6 qualified 200 - -',
    ]);
    expect(await live(rows)).toEqual(outcomes);
  });

  it('cut the cashback at the cap and say so with the number, earning less', async () => {
    const answer = await sendTest(purchase('tc2-1', 'TCAP-1', '12', '60.00', 'tcard-three'));
    expect(answer).toMatchObject({
      outcome: 'qualified',
      cashbackPence: 400,
      reasonCode: null,
      cappedReasonCode: 'cappedCashbackPerTransaction',
      cappedReason: 'Capped: £4.00 cashback per transaction',
      reasonParams: { limit: 400, interval: null },
    });
  });

  it('count the rewarded spend a week, a purchase crossing the cap earning on the part under it', async () => {
    const rows = [
      purchase('tc3-1', 'TCAP-2', '02', '60.00', 'tcard-four'),
      purchase('tc3-2', 'TCAP-2', '03', '60.00', 'tcard-four'),
      purchase('tc3-3', 'TCAP-2', '04', '10.00', 'tcard-four'),
      // Monday 9 June: a new ISO week.
      purchase('tc3-4', 'TCAP-2', '09', '10.00', 'tcard-four'),
    ];
    const outcomes = await tested(rows);
    expect(outcomes).toEqual([
      'tc3-1 qualified 600 - -',
      'tc3-2 qualified 400 cappedSpendPartly {"limit":10000,"interval":"week"}',
      'tc3-3 notQualified 0 cappedSpendPerInterval {"limit":10000,"interval":"week"}',
      'tc3-4 qualified 100 - -',
    ]);
    expect(await live(rows)).toEqual(outcomes);
    const partly = await sendTest(rows[1]!);
    expect(partly).toMatchObject({
      cappedReason: 'Capped: only the spend under £100.00 rewarded spend per card per week earned',
    });
  });

  it('tell the test webhook the cap with its number, as the answer does', async () => {
    await app.services.jobs.runDue();
    const data = Object.fromEntries(
      receiver.received.map((delivery) => {
        const event = JSON.parse(delivery.body) as { data: Record<string, unknown> };
        return [event.data.transactionId, event.data];
      }),
    );
    expect(data['tc1-5']).toMatchObject({
      reasonCode: 'cappedTransactionsPerCard',
      reason: 'Capped: 3 rewarded transactions per card reached',
      cappedReasonCode: null,
      reasonParams: { limit: 3, interval: null },
    });
    expect(data['tc2-1']).toMatchObject({
      reasonCode: null,
      cappedReasonCode: 'cappedCashbackPerTransaction',
      cappedReason: 'Capped: £4.00 cashback per transaction',
      reasonParams: { limit: 400, interval: null },
    });
    expect(data['tc1-1']).toMatchObject({ cappedReasonCode: null, reasonParams: null });
  });
});
