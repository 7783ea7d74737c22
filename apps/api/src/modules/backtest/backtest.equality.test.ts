import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backtestRequestSchema, type BacktestResult } from '@krowd/domain/backtest/backtest.schema';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { campaignFormSchema } from '@krowd/domain/campaign/campaign.schema';
import { columnsOf } from '../campaigns/campaigns.mapper.ts';
import { campaignBody, insertCampaign, newTenant, type Tenant } from '../campaigns/campaigns.fixtures.ts';
import { replayMonth } from '../ingestion/month-replay.ts';
import { call, createTestApp, type App, type TestApp } from '../../test/test-app.ts';

/**
 * The backtest equals the live engine (docs/decisions/0131). Two brands of their own, twins: the
 * same two branches, the same cards, the same history before last month and the same purchases
 * and refunds in it, and three earlier approved campaign months each (so last month charges the
 * success fee). Brand A stores its transactions with no campaign and is backtested with a draft;
 * then brand B gets that draft as a live campaign of last month (stored through the create
 * route's own mapping) and ingests the same transactions. Every figure of A's backtest equals what
 * the engine stored for B: qualified count, cardholders, revenue, cashback, fee and the day the
 * budget ran out. The draft is an ss offer to existing customers (history decides both the type
 * and the stretch target), at one branch, week days and hours, with every cap and a budget that
 * runs out mid-month.
 */

let testApp: TestApp;
let app: App;
let brandA: Tenant;
let brandB: Tenant;
let month = '';
const timeZone = 'America/New_York';

/** A small deterministic generator (the same data every run). */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor(state / 65_536) % below;
  };
}

interface Row {
  id: string;
  datetime: string;
  amount: string;
  branch: 0 | 1;
  card: string;
  original?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** History in the 2nd–5th months before last month, then last month's purchases and refunds. */
function rows(lastMonth: string): { history: Row[]; month: Row[] } {
  const next = generator(36);
  const cards = Array.from({ length: 30 }, (_, index) => `BT-CARD-${pad(index)}`);
  const history: Row[] = [];
  for (const [index, card] of cards.entries()) {
    // A third of the cards bought long ago (lapsed: not existing within 3 months), a third lately.
    const back = index % 3 === 0 ? 5 : index % 3 === 1 ? 2 : null;
    if (back === null) continue;
    for (let n = 0; n < 1 + next(3); n += 1) {
      const when = `${shiftMonth(lastMonth, -back)}-${pad(1 + next(27))}T${pad(12 + next(8))}:${pad(next(60))}:00Z`;
      history.push({
        id: `H${history.length}`,
        datetime: when,
        amount: `${10 + next(40)}.${pad(next(100))}`,
        branch: 0,
        card,
      });
    }
  }
  const month: Row[] = [];
  for (let n = 0; n < 260; n += 1) {
    const card = cards[next(cards.length)]!;
    // Hours from 00 to 23 UTC: New York's wall time then crosses both ends of the draft's hours.
    const when = `${lastMonth}-${pad(2 + next(27))}T${pad(next(24))}:${pad(next(60))}:${pad(next(60))}Z`;
    month.push({
      id: `M${n}`,
      datetime: when,
      amount: `${15 + next(60)}.${pad(next(100))}`,
      branch: next(4) === 0 ? 1 : 0,
      card,
    });
  }
  month.sort((a, b) => a.datetime.localeCompare(b.datetime));
  // Refunds of some of them, a little later the same day: whole and partial.
  for (const [n, purchase] of month.filter((_, index) => index % 17 === 3).entries()) {
    const at = new Date(Date.parse(purchase.datetime) + 60_000).toISOString();
    const amount = n % 2 === 0 ? purchase.amount : '5.00';
    month.push({
      id: `R${n}`,
      datetime: at,
      amount: `-${amount}`,
      branch: purchase.branch,
      card: purchase.card,
      original: purchase.id,
    });
  }
  return { history, month };
}

/** The draft, as the form would send its rule fields. */
function draft(tenant: Tenant) {
  return {
    brandId: tenant.brandId,
    merchantIds: [tenant.branchIds[0]!],
    weekDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
      (label, index) => ({ label, value: index + 1, selected: index !== 6 }),
    ),
    start_time: '09:00',
    end_time: '21:00',
    customerType: 'existing',
    lastTransaction: 3,
    discountType: 'ss',
    discountSpreadAmount: 10,
    discountSpreadValue: 20,
    spreadAvgSpend: 25,
    successFee: 10,
    budgetType: 'budget',
    budget: 200,
    maxCashbackPerTransaction: 9,
    maxTransactionsPerCard: 4,
    maxTransactionsPerCardPerInterval: 1,
    maxSpendPerCardPerInterval: 70,
    capInterval: 'week',
  };
}

async function ingest(tenant: Tenant, list: Row[], prefix: string) {
  const midOf = (branch: 0 | 1) => `BT-${tenant.brandId.slice(0, 8)}-${branch}`;
  const body = list.map((row) => ({
    transaction_id: `${prefix}${row.id}`,
    datetime: row.datetime,
    amount: row.amount,
    currency: 'GBP',
    mid: midOf(row.branch),
    card_token: row.card,
    card_last4: '4242',
    postcode: 'N1 9AA',
    publisher: 'ATR',
    ...(row.original ? { original_transaction_id: `${prefix}${row.original}` } : {}),
  }));
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'application/json', 'x-api-key': 'demo-atr-key' },
    body: JSON.stringify(body),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Three approved campaign months long before, at no branch: they pay nothing, the fee is due. */
async function earlierCampaignMonths(tenant: Tenant) {
  for (const back of [9, 8, 7]) {
    await insertCampaign(testApp.db, {
      brandId: tenant.brandId,
      month: shiftMonth(month, -back),
      status: 'Bank Approved',
      allBranches: false,
    });
  }
}

/** What the engine stored for the live campaign, summed as the backtest sums. */
async function liveFigures(campaignId: string, budgetPence: number) {
  const rows = await testApp.db
    .selectFrom('transactions')
    .select([
      'outcome',
      'reason',
      'campaign_id',
      'card_id',
      'amount_pence',
      'cashback_pence',
      'success_fee_pence',
      'local_datetime',
    ])
    .where('brand_id', '=', brandB.brandId)
    .where('occurred_at', '>=', new Date(`${shiftMonth(month, -1)}-20T00:00:00Z`))
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  let spent = 0;
  let runOut: string | null = null;
  const figures = { qualified: 0, cards: new Set<number>(), revenue: 0, cashback: 0, fee: 0 };
  for (const row of rows) {
    if (row.campaign_id !== campaignId) continue;
    if (row.outcome !== 'notQualified') {
      spent += row.cashback_pence + row.success_fee_pence;
      figures.revenue += row.amount_pence;
      figures.cashback += row.cashback_pence;
      figures.fee += row.success_fee_pence;
    }
    if (row.outcome === 'qualified') {
      figures.qualified += 1;
      figures.cards.add(row.card_id!);
    }
    const usedUp =
      (row.outcome === 'notQualified' && row.reason === 'budgetExhausted') ||
      (row.outcome === 'qualified' && spent >= budgetPence);
    if (runOut === null && usedUp) runOut = new Date(row.local_datetime).toISOString().slice(0, 10);
  }
  return { ...figures, cards: figures.cards.size, runOut, reasons: rows.map((row) => row.reason) };
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  month = shiftMonth(currentMonth(new Date(), timeZone), -1);
  brandA = await newTenant(app, testApp.db, { branches: ['Active', 'Active'] });
  brandB = await newTenant(app, testApp.db, { branches: ['Active', 'Active'] });
  for (const tenant of [brandA, brandB]) {
    for (const [index, id] of tenant.branchIds.entries()) {
      await testApp.db
        .updateTable('branches')
        .set({ mastercard_merchant_id: `BT-${tenant.brandId.slice(0, 8)}-${index}` })
        .where('id', '=', id)
        .execute();
    }
  }
  await earlierCampaignMonths(brandA);
  await earlierCampaignMonths(brandB);
});

afterAll(async () => {
  await testApp?.close();
});

describe('the backtest against the live engine on the same month', () => {
  it('gives exactly the figures the engine stores when the draft runs live on the same transactions', async () => {
    expect(testApp.config.timezone).toBe(timeZone);
    const data = rows(month);
    await ingest(brandA, [...data.history, ...data.month], 'A');

    const answer = await call(app, {
      method: 'POST',
      url: '/api/campaigns/backtest',
      token: brandA.token,
      body: draft(brandA),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const backtest = answer.json<{ result: BacktestResult }>().result;
    // Pages of 7 rows answer the same: a card met again on a later page keeps its history and caps.
    const paged = await testApp.db.transaction().execute((trx) =>
      replayMonth(
        trx,
        backtestRequestSchema.parse(draft(brandA)),
        month,
        timeZone,
        new Date().toISOString(),
        {
          pageRows: 7,
        },
      ),
    );
    expect(paged).toEqual(backtest);

    // Brand B: the same draft live in last month, through the create route's own mapping.
    const form = campaignFormSchema.parse(
      campaignBody(brandB.brandId, month, { ...draft(brandB), type: undefined }),
    );
    const campaignId = await insertCampaign(testApp.db, {
      brandId: brandB.brandId,
      month,
      status: 'Bank Approved',
      branchIds: form.merchantIds,
      values: columnsOf(form, timeZone),
    });
    await ingest(brandB, [...data.history, ...data.month], 'B');
    const live = await liveFigures(campaignId, 20_000);

    expect(backtest).toEqual({
      month,
      purchases: data.month.filter((row) => !row.amount.startsWith('-')).length,
      qualified: live.qualified,
      cardholders: live.cards,
      revenuePence: live.revenue,
      cashbackPence: live.cashback,
      successFeePence: live.fee,
      budgetType: 'budget',
      budgetRunOutOn: live.runOut,
    });
    // The case is the one meant: rewards, a fee, caps that refused, a budget that ran out.
    expect(live.qualified).toBeGreaterThan(3);
    expect(live.fee).toBeGreaterThan(0);
    expect(live.runOut).not.toBeNull();
    for (const reason of [
      'cappedTransactionsPerInterval',
      'budgetExhausted',
      'customerTypeMismatch',
      'outsideCampaignHours',
    ]) {
      expect(live.reasons).toContain(reason);
    }
  });
});
