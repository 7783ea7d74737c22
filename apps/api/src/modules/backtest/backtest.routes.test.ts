import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacktestResult } from '@krowd/domain/backtest/backtest.schema';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { backtestBody, newTenant, type Tenant } from '../campaigns/campaigns.fixtures.ts';
import { call, createTestApp, type App, type TestApp } from '../../test/test-app.ts';

/**
 * POST /api/campaigns/backtest (docs/decisions/0131): the draft's rules over the caller's brand's
 * stored transactions of the last full calendar month only, nothing written; a draft the form
 * would refuse is refused with the form's own message. The figures themselves are checked against
 * the live engine in backtest.equality.test.ts.
 */

let testApp: TestApp;
let app: App;
let tenant: Tenant;
let empty: Tenant;
const timeZone = 'America/New_York';
let month = '';

function backtest(token: string, body: unknown) {
  return call(app, { method: 'POST', url: '/api/campaigns/backtest', token, body });
}

async function ingest(rows: { id: string; datetime: string; amount: string }[]) {
  const mid = `RT-${tenant.brandId.slice(0, 8)}`;
  const body = rows.map((row) => ({
    transaction_id: row.id,
    datetime: row.datetime,
    amount: row.amount,
    currency: 'GBP',
    mid,
    card_token: `RT-CARD-${row.id}`,
    card_last4: '4242',
    publisher: 'ATR',
  }));
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'application/json', 'x-api-key': 'demo-atr-key' },
    body: JSON.stringify(body),
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  month = shiftMonth(currentMonth(new Date(), timeZone), -1);
  tenant = await newTenant(app, testApp.db);
  empty = await newTenant(app, testApp.db);
  await testApp.db
    .updateTable('branches')
    .set({ mastercard_merchant_id: `RT-${tenant.brandId.slice(0, 8)}` })
    .where('id', '=', tenant.branchIds[0]!)
    .execute();
  // Noon New York on the 10th and 20th of last month, and one each in the months either side.
  await ingest([
    { id: 'RT-1', datetime: `${month}-10T12:00:00-05:00`, amount: '40.00' },
    { id: 'RT-2', datetime: `${month}-20T12:00:00-05:00`, amount: '60.00' },
    { id: 'RT-3', datetime: `${shiftMonth(month, -1)}-15T12:00:00-05:00`, amount: '50.00' },
    { id: 'RT-4', datetime: `${shiftMonth(month, 1)}-01T12:00:00-05:00`, amount: '70.00' },
  ]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/campaigns/backtest', () => {
  it("replays last month's purchases alone: dp 10% every day, the brand's first campaign month (no fee)", async () => {
    const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
      (label, index) => ({ label, value: index + 1, selected: true }),
    );
    const response = await backtest(tenant.token, backtestBody(tenant.brandId, { weekDays: everyDay }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ result: BacktestResult }>().result).toEqual({
      month,
      purchases: 2,
      qualified: 2,
      cardholders: 2,
      revenuePence: 10_000,
      cashbackPence: 1_000,
      successFeePence: 0,
      budgetType: 'na',
      budgetRunOutOn: null,
    });
  });

  it('names the day a budget runs out, and says none when the budget is not reached', async () => {
    const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
      (label, index) => ({ label, value: index + 1, selected: true }),
    );
    const draft = (budget: number) =>
      backtestBody(tenant.brandId, { weekDays: everyDay, budgetType: 'budget', budget });
    // £4.00 cashback then £6.00: a £8 budget pays the first and refuses the second on the 20th.
    const tight = (await backtest(tenant.token, draft(8))).json<{ result: BacktestResult }>().result;
    expect(tight).toMatchObject({ qualified: 1, cashbackPence: 400, budgetRunOutOn: `${month}-20` });
    const ample = (await backtest(tenant.token, draft(100))).json<{ result: BacktestResult }>().result;
    expect(ample).toMatchObject({ qualified: 2, budgetRunOutOn: null });
  });

  it('answers zeros for a brand with no transactions last month', async () => {
    const response = await backtest(empty.token, backtestBody(empty.brandId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ result: BacktestResult }>().result).toMatchObject({
      month,
      purchases: 0,
      qualified: 0,
      cardholders: 0,
      revenuePence: 0,
    });
  });

  it('writes nothing', async () => {
    const counts = async () =>
      Promise.all(
        (['transactions', 'campaigns', 'reporting_daily', 'audit_events'] as const).map(async (table) => {
          const row = await testApp.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow();
          return `${table} ${row.n}`;
        }),
      );
    const before = await counts();
    expect((await backtest(tenant.token, backtestBody(tenant.brandId))).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it("refuses a draft the form would refuse, with the form's message", async () => {
    const response = await backtest(tenant.token, backtestBody(tenant.brandId, { discountPercent: 0 }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('discountPercent');
    const noBranch = await backtest(tenant.token, backtestBody(tenant.brandId, { type: undefined }));
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.body).toContain('merchantIds');
  });

  it("does not replay another brand's transactions", async () => {
    const response = await backtest(empty.token, backtestBody(tenant.brandId));
    expect(response.statusCode).toBe(404);
  });
});
