import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { everyWeekDay, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, loginAs, type App, type TestApp } from '../../test/test-app.ts';

/**
 * Stacking (decision 0105) through POST /api/transactions/ingest and the rule simulator: several
 * live campaigns of one brand match one purchase, exactly one pays, and the simulator answers
 * "why not this campaign" for the others (a transaction stores one outcome: its payer's). Two
 * brands of the test's own, in the default timezone (America/New_York), June 2025 its first
 * campaign month (no success fee), every day, all customers:
 * - brand A (MID STK-A-1): `percent` dp 10%, `value` £6 off a spend of £30, `small` dp 5%, created
 *   in that order, so a £50.00 purchase gets 500 p, 600 p and 250 p: `value` pays;
 * - brand B (MID STK-B-1): `capped` dp 15% with a £5.00 budget, `fallback` dp 10%: a £50.00 purchase
 *   would get 750 p from `capped`, more than its budget, so `fallback` pays 500 p, and `capped`'s
 *   offer ends (budget used up, decision 0100).
 */

let testApp: TestApp;
let app: App;
let adminToken: string;
let brandA: string;
const a: Record<'percent' | 'value' | 'small', string> = { percent: '', value: '', small: '' };
const b: Record<'capped' | 'fallback', string> = { capped: '', fallback: '' };

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

const june = (brandId: string, createdAt: string, values: Parameters<typeof insertCampaign>[1]['values']) =>
  insertCampaign(testApp.db, {
    brandId,
    month: '2025-06',
    status: 'Bank Approved',
    successFee: 10,
    createdAt: new Date(createdAt),
    values: { week_days: everyWeekDay, ...values },
  });

/** One purchase (or refund) as the JSON body of the ingest route. */
const row = (id: string, mid: string, amount: string, card: string) => ({
  transaction_id: id,
  datetime: '2025-06-11T12:00:00-04:00',
  amount,
  currency: 'GBP',
  mid,
  card_token: card,
  card_last4: '4242',
  postcode: 'N1 9AA',
  publisher: 'ATR',
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

const stored = (prefix: string) =>
  testApp.db
    .selectFrom('transactions')
    .select([
      'publisher_transaction_id as id',
      'outcome',
      'campaign_id',
      'cashback_pence',
      'success_fee_pence',
      'reason',
    ])
    .where('publisher_transaction_id', 'like', `${prefix}%`)
    .orderBy('publisher_transaction_id')
    .execute();

async function simulate(campaignId: string, mid: string) {
  const response = await call(app, {
    method: 'POST',
    url: `/api/campaigns/${campaignId}/simulate`,
    token: adminToken,
    body: {
      datetime: '2025-06-11T12:00:00-04:00',
      amountPence: 5_000,
      mid,
      lastPurchaseAt: null,
      averageSpendPence: null,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as Record<string, unknown>;
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  adminToken = (await loginAs(app, 'admin@demo.test')).token;
  brandA = await brandWithBranch('Stacking Brand A', 'STK-A-1');
  a.percent = await june(brandA, '2025-05-01T09:00:00Z', { discount_percent: 10 });
  a.value = await june(brandA, '2025-05-02T09:00:00Z', {
    discount_type: 'dv',
    discount_percent: null,
    discount_amount_pence: 3_000,
    discount_value_pence: 600,
    name: 'Six pounds off fifty',
  });
  a.small = await june(brandA, '2025-05-03T09:00:00Z', { discount_percent: 5 });
  const brandB = await brandWithBranch('Stacking Brand B', 'STK-B-1');
  b.capped = await june(brandB, '2025-05-01T09:00:00Z', {
    discount_percent: 15,
    budget_type: 'budget',
    budget_pence: 500,
  });
  b.fallback = await june(brandB, '2025-05-02T09:00:00Z', { discount_percent: 10 });
  // Both of brand B's offers were told to publishers, so the one whose budget is used up can end.
  await testApp.db
    .insertInto('offer_lifecycle')
    .values(
      [b.capped, b.fallback].map((campaign_id) => ({
        campaign_id,
        published_at: new Date('2025-05-31T12:00:00Z'),
      })),
    )
    .execute();
});

afterAll(async () => {
  await testApp?.close();
});

describe('stacking: one purchase, several matching campaigns of one brand', () => {
  it('pays exactly one, the one giving the cardholder the most (£6 off over 10% and 5% of £50)', async () => {
    await ingest([row('STK-A-1', 'STK-A-1', '50.00', 'stk-card-1')]);

    expect(await stored('STK-A-')).toEqual([
      {
        id: 'STK-A-1',
        outcome: 'qualified',
        campaign_id: a.value,
        cashback_pence: 600,
        success_fee_pence: 0,
        reason: null,
      },
    ]);
  });

  it('answers "why not this campaign" in the simulator: the others name the campaign that paid', async () => {
    const stacked = {
      outcome: 'notQualified',
      reason: messages.qualification.stackedWithBetterOffer,
      cashbackPence: 0,
      paidBy: { campaignId: a.value, campaignName: 'Six pounds off fifty', cashbackPence: 600 },
    };
    expect(await simulate(a.percent, 'STK-A-1')).toMatchObject(stacked);
    expect(await simulate(a.small, 'STK-A-1')).toMatchObject(stacked);
    const payer = await simulate(a.value, 'STK-A-1');
    expect(payer).toMatchObject({ outcome: 'qualified', cashbackPence: 600 });
    expect(payer).not.toHaveProperty('paidBy');
  });

  it('reverses a refund from the campaign that paid its purchase', async () => {
    await ingest([
      row('STK-A-2', 'STK-A-1', '50.00', 'stk-card-2'),
      { ...row('STK-A-3', 'STK-A-1', '-50.00', 'stk-card-2'), datetime: '2025-06-12T12:00:00-04:00' },
    ]);

    const rows = await stored('STK-A-');
    expect(rows.slice(1).map((r) => [r.id, r.outcome, r.campaign_id, r.cashback_pence])).toEqual([
      ['STK-A-2', 'qualified', a.value, 600],
      ['STK-A-3', 'refund', a.value, -600],
    ]);
  });

  it("pays a publisher's test transaction from the same campaign (decision 0091: the real engine)", async () => {
    const created = await call(app, {
      method: 'POST',
      url: '/api/publishers',
      token: adminToken,
      body: { code: 'STKTEST', displayName: 'Stacking Test', bankId: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    const publisherId = created.json().publisher._id as string;
    const linked = await call(app, {
      method: 'PUT',
      url: `/api/publishers/${publisherId}/brands`,
      token: adminToken,
      body: { brandIds: [brandA] },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const key = await call(app, {
      method: 'POST',
      url: `/api/publishers/${publisherId}/keys`,
      token: adminToken,
      body: { name: 'Stacking test key', mode: 'test' },
    });
    expect(key.statusCode, key.body).toBe(201);

    const sent = await call(app, {
      method: 'POST',
      url: '/api/publisher/test-transactions',
      headers: { 'x-api-key': key.json().secret as string },
      body: {
        transaction_id: 'STK-T-1',
        datetime: '2025-06-11T12:00:00-04:00',
        amount: '50.00',
        mid: 'STK-A-1',
        card_token: 'stk-card-4',
        card_last4: '4242',
      },
    });

    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ outcome: 'qualified', campaignId: a.value, cashbackPence: 600 });
  });

  it('passes over a campaign whose budget cannot pay: the next best pays, and the refused offer ends', async () => {
    await ingest([row('STK-B-1', 'STK-B-1', '50.00', 'stk-card-3')]);

    expect(await stored('STK-B-')).toMatchObject([
      { outcome: 'qualified', campaign_id: b.fallback, cashback_pence: 500, reason: null },
    ]);
    const ledger = await testApp.db
      .selectFrom('offer_lifecycle')
      .select(['campaign_id', 'ended_reason'])
      .where('campaign_id', 'in', [b.capped, b.fallback])
      .execute();
    expect(Object.fromEntries(ledger.map((entry) => [entry.campaign_id, entry.ended_reason]))).toEqual({
      [b.capped]: 'budget_exhausted',
      [b.fallback]: null,
    });
    expect(await simulate(b.capped, 'STK-B-1')).toMatchObject({
      outcome: 'notQualified',
      reason: messages.qualification.budgetExhausted,
    });
  });
});
