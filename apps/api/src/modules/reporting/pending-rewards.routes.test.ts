import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import { isRewardFinal } from '@krowd/domain/qualification/reward-status.rules';
import { csvTextOf, parseCsv } from '../../http/csv.ts';
import {
  call,
  createTestApp,
  createTestClock,
  days,
  loginAs,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';
import { everyWeekDay, insertBranch, insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { scheduleInvoiceJobs } from '../invoices/invoice-run.ts';
import { exportColumns } from './export.csv.ts';

/**
 * Pending and final rewards (docs/decisions/0117) through the dashboard, the export and
 * the invoice run. A brand of the test's own with a June 2025 campaign (dp 10%, fee 10%, its 4th
 * campaign month so the fee is charged), purchases and refunds sent through the publisher route,
 * timezone America/New_York. Today starts at 15 July 2025: purchases on or before 14 June are final.
 *
 * | row | local time | amount | cashback = fee | status on 15 July |
 * |---|---|---|---|---|
 * | P1 | 1 Jun 12:00 | £100 | 1,000 | final (R1 refunds £10 on 12 Jul, after its period: −100 each, still final) |
 * | P2 | 10 Jun 12:00 | £50 | 500 | cancelled (R2 refunds it all on 10 Jul, its period's last day) |
 * | P3 | 14 Jun 23:30 | £40 | 400 | final (its period ended on 14 July at midnight, local) |
 * | P4 | 15 Jun 00:30 | £30 | 300 | pending (final on 16 July) |
 * | P5 | 20 Jun 12:00 | £60 | 600 | pending (R5 refunds £20 on 25 Jun: −200 each) |
 * | P6 | 21 Jun 12:00 | £80 | 800 | cancelled (R6 refunds it all on 22 Jun) |
 * | P7 | 30 Jun 23:30 | £10 | 100 | pending (final on 31 July, the month's first invoice date) |
 */

const clock = createTestClock(new Date('2025-07-15T16:00:00Z'));
let testApp: TestApp;
let app: App;
let brandId: string;
let clientAdmin: SignedIn;

const header =
  'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher,original_transaction_id';
const purchases = [
  'PEND-P1,2025-06-01T12:00:00-04:00,100.00,GBP,PEND-1,card-p1,1001,,ATR,',
  'PEND-P2,2025-06-10T12:00:00-04:00,50.00,GBP,PEND-1,card-p2,1002,,ATR,',
  'PEND-P3,2025-06-14T23:30:00-04:00,40.00,GBP,PEND-1,card-p3,1003,,ATR,',
  'PEND-P4,2025-06-15T00:30:00-04:00,30.00,GBP,PEND-1,card-p4,1004,,ATR,',
  'PEND-P5,2025-06-20T12:00:00-04:00,60.00,GBP,PEND-1,card-p5,1005,,ATR,',
  'PEND-P6,2025-06-21T12:00:00-04:00,80.00,GBP,PEND-1,card-p6,1006,,ATR,',
  'PEND-P7,2025-06-30T23:30:00-04:00,10.00,GBP,PEND-1,card-p7,1007,,ATR,',
];
const refunds = [
  'PEND-R6,2025-06-22T12:00:00-04:00,-80.00,GBP,PEND-1,card-p6,1006,,ATR,PEND-P6',
  'PEND-R5,2025-06-25T12:00:00-04:00,-20.00,GBP,PEND-1,card-p5,1005,,ATR,PEND-P5',
  'PEND-R2,2025-07-10T18:00:00-04:00,-50.00,GBP,PEND-1,card-p2,1002,,ATR,PEND-P2',
  'PEND-R1,2025-07-12T12:00:00-04:00,-10.00,GBP,PEND-1,card-p1,1001,,ATR,PEND-P1',
];

async function ingest(rows: string[]) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    body: [header, ...rows].join('\n'),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ rejected: 0 });
}

async function rewardsOn(dates: [string, string]) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/dashboard/client',
    token: clientAdmin.token,
    body: { conditions: { brand_id: brandId, txn_date_time: dates }, fields: ['statistics'] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const answer = (response.json() as { dashboard: DashboardAnswer }).dashboard;
  const total = (name: string) => answer.statistics?.find((entry) => entry.name === name)?.value;
  return { rewards: answer.rewards!, cashback: total('totalCashback'), fee: total('totalSuccessFee') };
}

/**
 * The split straight from the raw rows, by the domain rule: a row counts with its purchase (a
 * refund's original), pending while that purchase's reward is not final on `today`.
 */
async function rawSplit(start: string, end: string, today: string) {
  const rows = await testApp.db
    .selectFrom('transactions as t')
    .leftJoin('transactions as o', 'o.id', 't.original_transaction_id')
    .select([
      't.cashback_pence',
      't.success_fee_pence',
      't.outcome',
      sql<string>`to_char(t.local_datetime, 'YYYY-MM-DD')`.as('day'),
      sql<string | null>`to_char(o.local_datetime, 'YYYY-MM-DD')`.as('original_day'),
    ])
    .where('t.brand_id', '=', brandId)
    .where('t.outcome', '<>', 'notQualified')
    .execute();
  const split = { pendingCashback: 0, finalCashback: 0, pendingFee: 0, finalFee: 0 };
  for (const row of rows) {
    const { day } = row;
    if (day < start || day > end) continue;
    const purchaseDay = row.outcome === 'refund' ? row.original_day! : day;
    const final = isRewardFinal(purchaseDay, today);
    split[final ? 'finalCashback' : 'pendingCashback'] += Number(row.cashback_pence);
    split[final ? 'finalFee' : 'pendingFee'] += Number(row.success_fee_pence);
  }
  return split;
}

/** Moves today on by whole days; the session would have ended, so signs in again. */
async function advanceDays(count: number) {
  clock.advance(days(count));
  clientAdmin = await loginAs(app, 'clientadmin@demo.test');
}

/** Runs the day's invoice run as the server does. */
async function runDailyInvoiceJob() {
  await scheduleInvoiceJobs(app.services.jobs, testApp.config.timezone, clock.now());
  await app.services.jobs.runDue();
}

/** Asks for an export, runs the job, follows the mailed link and answers the file's records. */
async function exported(dates: [string, string]) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/dashboard/export',
    token: clientAdmin.token,
    body: { conditions: { brand_id: brandId, txn_date_time: dates }, email: clientAdmin.details.email },
  });
  expect(response.statusCode, response.body).toBe(200);
  await app.services.jobs.runDue();
  await app.services.mailer.flush();
  const mail = await testApp.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', clientAdmin.details.email)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const url = new URL(mail.text_body.match(/https?:\/\/\S+\/api\/dashboard\/exports\/\S+/)![0]);
  const file: LightMyRequestResponse = await call(app, {
    url: url.pathname + url.search,
    token: clientAdmin.token,
  });
  expect(file.statusCode).toBe(200);
  const text = csvTextOf(file.rawPayload);
  if (!text.ok) throw new Error(text.reason);
  const [head, ...rows] = parseCsv(text.text).map((record) => record.cells);
  expect(head).toEqual([...exportColumns]);
  const column = (name: (typeof exportColumns)[number]) => exportColumns.indexOf(name);
  return rows.map((cells) => ({
    id: cells[column('transaction_id')]!,
    status: cells[column('reward_status')]!,
    finalOn: cells[column('reward_final_on')]!,
    cashbackPence: Math.round(Number(cells[column('cashback_gbp')]) * 100),
  }));
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  app = testApp.app;
  const brand = await testApp.db
    .insertInto('brands')
    .values({ name: 'Pending Rewards Brand' })
    .returning('id')
    .executeTakeFirstOrThrow();
  brandId = brand.id;
  await insertBranch(testApp.db, brandId, 'Active', 'Pending Branch', 'PEND-1');
  const approved = { status: 'Bank Approved' as const, values: { week_days: everyWeekDay } };
  // March to May make June the brand's 4th campaign month, so its success fee is charged.
  for (const month of ['2025-03', '2025-04', '2025-05']) {
    await insertCampaign(testApp.db, { brandId, month, ...approved });
  }
  await insertCampaign(testApp.db, {
    brandId,
    month: '2025-06',
    discountPercent: 10,
    successFee: 10,
    ...approved,
  });
  await ingest(purchases);
  await ingest(refunds);
  clientAdmin = await loginAs(app, 'clientadmin@demo.test');
});

afterAll(async () => {
  await testApp?.close();
});

describe('the dashboard’s pending and final rewards', () => {
  it('splits June’s cashback and fee by each purchase’s return period, refunds with their purchase', async () => {
    const { rewards, cashback, fee } = await rewardsOn(['2025-06-01', '2025-07-15']);
    // By hand: pending P4 300 + P5 600 − 200 + P6 800 − 800 + P7 100 = 800;
    // final P1 1,000 − 100 + P2 500 − 500 + P3 400 = 1,300.
    expect(rewards).toEqual({
      returnPeriodDays: 30,
      finalThrough: '2025-06-14',
      pendingCashbackPence: 800,
      finalCashbackPence: 1_300,
      pendingSuccessFeePence: 800,
      finalSuccessFeePence: 1_300,
    });
    expect(rewards.pendingCashbackPence + rewards.finalCashbackPence).toBe(cashback);
    expect(rewards.pendingSuccessFeePence + rewards.finalSuccessFeePence).toBe(fee);
    const raw = await rawSplit('2025-06-01', '2025-07-15', '2025-07-15');
    expect(raw).toEqual({ pendingCashback: 800, finalCashback: 1_300, pendingFee: 800, finalFee: 1_300 });
  });

  it('counts a refund of a final purchase as final on the refund’s own day', async () => {
    // Only R2 (−500) and R1 (−100) are dated in July; both purchases are final.
    const { rewards, cashback } = await rewardsOn(['2025-07-01', '2025-07-15']);
    expect(cashback).toBe(-600);
    expect(rewards).toMatchObject({ pendingCashbackPence: 0, finalCashbackPence: -600 });
  });

  it('moves a reward to final the day after its return period, with no job run', async () => {
    await advanceDays(1); // 16 July: P4 (15 June 00:30) is final.
    const { rewards, cashback } = await rewardsOn(['2025-06-01', '2025-07-16']);
    expect(rewards).toMatchObject({
      finalThrough: '2025-06-15',
      pendingCashbackPence: 500,
      finalCashbackPence: 1_600,
    });
    expect(rewards.pendingCashbackPence + rewards.finalCashbackPence).toBe(cashback);
    const raw = await rawSplit('2025-06-01', '2025-07-16', '2025-07-16');
    expect(raw).toMatchObject({ pendingCashback: 500, finalCashback: 1_600 });
  });
});

describe('the export’s reward status', () => {
  it('gives every row its purchase’s status and the date it becomes final, and sums as the dashboard', async () => {
    const rows = await exported(['2025-06-01', '2025-07-16']);
    const byId = Object.fromEntries(
      rows.map((row) => [row.id, { status: row.status, finalOn: row.finalOn }]),
    );
    expect(byId).toEqual({
      'PEND-P1': { status: 'final', finalOn: '2025-07-02' },
      'PEND-R1': { status: 'final', finalOn: '2025-07-02' },
      'PEND-P2': { status: 'cancelled', finalOn: '2025-07-11' },
      'PEND-R2': { status: 'cancelled', finalOn: '2025-07-11' },
      'PEND-P3': { status: 'final', finalOn: '2025-07-15' },
      'PEND-P4': { status: 'final', finalOn: '2025-07-16' },
      'PEND-P5': { status: 'pending', finalOn: '2025-07-21' },
      'PEND-R5': { status: 'pending', finalOn: '2025-07-21' },
      'PEND-P6': { status: 'cancelled', finalOn: '2025-07-22' },
      'PEND-R6': { status: 'cancelled', finalOn: '2025-07-22' },
      'PEND-P7': { status: 'pending', finalOn: '2025-07-31' },
    });
    const sumOf = (status: string) =>
      rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.cashbackPence, 0);
    const { rewards } = await rewardsOn(['2025-06-01', '2025-07-16']);
    expect(sumOf('pending')).toBe(rewards.pendingCashbackPence);
    // Cancelled rewards net to nothing, so the final rows alone are the dashboard's final part.
    expect(sumOf('cancelled')).toBe(0);
    expect(sumOf('final')).toBe(rewards.finalCashbackPence);
  });
});

describe('the invoice run bills final rewards only', () => {
  const juneInvoice = () =>
    testApp.db
      .selectFrom('invoices')
      .select(['cashback_pence', 'success_fee_pence', 'issued_on'])
      .where('brand_id', '=', brandId)
      .where('year', '=', 2025)
      .where('month', '=', 6)
      .executeTakeFirst();

  it('issues no June invoice while a June reward is pending, then bills exactly the final figures', async () => {
    await advanceDays(14); // 30 July: P7 (30 June 23:30) is still pending.
    await runDailyInvoiceJob();
    expect(await juneInvoice()).toBeUndefined();
    const before = await rewardsOn(['2025-06-01', '2025-07-30']);
    expect(before.rewards.pendingCashbackPence).toBe(100);

    await advanceDays(1); // 31 July: every June reward is final.
    await runDailyInvoiceJob();
    const { rewards } = await rewardsOn(['2025-06-01', '2025-07-31']);
    expect(rewards).toMatchObject({ pendingCashbackPence: 0, pendingSuccessFeePence: 0 });
    // By hand: 1,000 − 100 + 500 − 500 + 400 + 300 + 600 − 200 + 800 − 800 + 100 = 2,100.
    expect(await juneInvoice()).toEqual({
      cashback_pence: 2_100,
      success_fee_pence: 2_100,
      issued_on: '2025-07-31',
    });
    expect(rewards).toMatchObject({ finalCashbackPence: 2_100, finalSuccessFeePence: 2_100 });
  });

  it('shows the chosen invoice’s rewards on the dashboard as all final', async () => {
    const { invoice_number } = await testApp.db
      .selectFrom('invoices')
      .select('invoice_number')
      .where('brand_id', '=', brandId)
      .where('month', '=', 6)
      .executeTakeFirstOrThrow();
    const response = await call(app, {
      method: 'POST',
      url: '/api/dashboard/client',
      token: clientAdmin.token,
      body: {
        conditions: { brand_id: brandId, is_invoice_data: true, xero_invoice_number: invoice_number },
        fields: ['statistics'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rewards } = (response.json() as { dashboard: DashboardAnswer }).dashboard;
    expect(rewards).toMatchObject({
      pendingCashbackPence: 0,
      finalCashbackPence: 2_100,
      pendingSuccessFeePence: 0,
      finalSuccessFeePence: 2_100,
    });
  });
});
