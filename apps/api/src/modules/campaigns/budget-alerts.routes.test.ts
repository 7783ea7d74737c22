import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandAdministrators } from '../../db/brand-administrators.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';
import { insertCampaign } from './campaigns.fixtures.ts';

/**
 * Budget pacing (docs/decisions/0120): uploads bring a campaign of Green Fork (the
 * demo's standalone brand) with a £100.00 budget to 60%, 80%, 90%, 100% and past it. Each purchase
 * earns 10% cashback and a 10% fee, so £50 spends £10.00 of the budget. The brand's administrators
 * get one mail at 80% and one at 100% (written to the outbox: no SMTP in tests), the campaign
 * list answers what was spent and when the budget runs out at the pace so far, and at 100% the
 * campaign stops qualifying and its offer ends for publishers.
 */

let now = new Date('2031-07-20T15:00:00Z');
let testApp: TestApp;
let app: App;
let standalone: string;
let campaignId: string;
let administrators: string[];
const campaignName = 'Pacing Fixture Campaign';

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now });
  app = testApp.app;
  standalone = (await demoIds(testApp.db)).brands.standalone;
  administrators = (await brandAdministrators(testApp.db, [standalone])).get(standalone)!.map((a) => a.email);
  await testApp.db
    .insertInto('branches')
    .values({
      brand_id: standalone,
      name: 'Pacing Branch',
      status: 'Active',
      mastercard_merchant_id: 'BP-MC-1',
    })
    .execute();
  campaignId = await insertCampaign(testApp.db, {
    brandId: standalone,
    month: '2031-08',
    timeZone: testApp.config.timezone,
    status: 'Pending',
    name: campaignName,
    values: {
      discount_percent: 10,
      success_fee: 10,
      budget_type: 'budget',
      budget_pence: 10_000,
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
  const bank = await loginAs(app, 'bank@demo.test');
  const approved = await call(app, {
    method: 'POST',
    url: `/api/campaigns/templateConfirmation/${campaignId}`,
    token: bank.token,
    body: { action: 'confirm' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  now = new Date('2031-08-20T15:00:00Z');
});

afterAll(async () => {
  await testApp?.close();
});

let uploaded = 0;
/** Uploads one purchase of `pounds` at the branch, on 13 August, then runs the jobs it queued. */
async function purchase(pounds: string) {
  uploaded += 1;
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    body: [
      'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher',
      `BP-${uploaded},2031-08-13T12:00:00-04:00,${pounds},GBP,BP-MC-1,card-bp-${uploaded},1111,,ATR`,
    ].join('\n'),
  });
  expect(response.statusCode, response.body).toBe(200);
  await app.services.jobs.runDue();
}

/** The budget mails in the outbox naming the campaign: recipient and subject. */
async function budgetMails() {
  const rows = await testApp.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where('subject', 'like', `%${campaignName}%`)
    .orderBy('created_at')
    .orderBy('to_address')
    .execute();
  return rows;
}

/** The campaign's row of the current campaigns list, as its brand's administrator reads it. */
async function listed() {
  const admin = await loginAs(app, 'companyadmin@demo.test');
  const response = await call(app, {
    url: '/api/campaigns?campaignType=current&limit=100',
    token: admin.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = JSON.parse(response.body) as { campaigns: { _id: string; budgetUse: unknown }[] };
  return page.campaigns.find((campaign) => campaign._id === campaignId)?.budgetUse;
}

async function outcomeOf(transactionId: string) {
  const row = await testApp.db
    .selectFrom('transactions')
    .select(['outcome', 'reason'])
    .where('publisher_transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return [row.outcome, row.reason];
}

describe('a campaign spending its budget', () => {
  it('is mailed once at 80% and once at 100%, and the list answers its consumption all along', async () => {
    expect(administrators.length).toBeGreaterThan(0);
    expect(await listed()).toEqual({
      spentPence: 0,
      budgetPence: 10_000,
      percentUsed: 0,
      projection: 'notBeforeEnd',
      runsOutOn: null,
    });

    // £300: £60.00 of £100.00, 60%. No mail.
    await purchase('300.00');
    expect(await budgetMails()).toEqual([]);
    expect(await listed()).toMatchObject({ spentPence: 6_000, percentUsed: 60 });

    // £100 more: 80%. One mail to each administrator.
    await purchase('100.00');
    const at80 = await budgetMails();
    expect(at80.map((mail) => mail.to_address)).toEqual([...administrators].sort());
    expect(at80[0]!.subject).toBe(`${campaignName} has used 80% of its budget`);
    expect(at80[0]!.text_body).toContain('£80.00 of £100.00');
    // 20 days of August in New York have spent £80.00: £4.00 a day lasts 25 days.
    expect(await listed()).toEqual({
      spentPence: 8_000,
      budgetPence: 10_000,
      percentUsed: 80,
      projection: 'runsOut',
      runsOutOn: '2031-08-25',
    });

    // 90%: past 80% already, nothing more.
    await purchase('50.00');
    expect(await budgetMails()).toHaveLength(administrators.length);

    // 100%: one more mail each; the offer ends for publishers in the same upload.
    await purchase('50.00');
    const mails = await budgetMails();
    expect(mails).toHaveLength(2 * administrators.length);
    expect(mails.at(-1)!.subject).toBe(`The budget of ${campaignName} is used up`);
    expect(await outcomeOf('BP-4')).toEqual(['qualified', null]);
    expect(await listed()).toMatchObject({ spentPence: 10_000, percentUsed: 100, projection: 'usedUp' });
    const ended = await testApp.db
      .selectFrom('webhook_events')
      .select(sql<string | null>`data->>'reason'`.as('reason'))
      .where('subject_id', '=', campaignId)
      .where('type', '=', 'offer.ended')
      .where('mode', '=', 'live')
      .execute();
    expect(ended).toEqual([{ reason: 'budget_exhausted' }]);

    // Past it: the campaign no longer qualifies, and no one is told again.
    await purchase('50.00');
    expect(await outcomeOf('BP-5')).toEqual(['notQualified', 'budgetExhausted']);
    expect(await budgetMails()).toHaveLength(2 * administrators.length);
    const told = await testApp.db
      .selectFrom('campaigns')
      .select(['budget_alert_80_sent_at', 'budget_alert_100_sent_at'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(told.budget_alert_80_sent_at).not.toBeNull();
    expect(told.budget_alert_100_sent_at).not.toBeNull();
  });
});

describe('the pace of a campaign that was paused', () => {
  it('is taken over the days it was live: a pause does not push its run-out date back', async () => {
    // Spent £100.00 by 20 August; with a £200.00 budget, 20 days at £5.00 a day last 40 days.
    await testApp.db
      .updateTable('campaigns')
      .set({ budget_pence: 20_000 })
      .where('id', '=', campaignId)
      .execute();
    expect(await listed()).toMatchObject({ percentUsed: 50, projection: 'notBeforeEnd' });

    // Paused 1–12 August (as the pause route stores a range): live 13–20 August, 8 days at £12.50
    // a day, so £200.00 lasts 16 live days, to 28 August.
    await testApp.db
      .insertInto('campaign_pauses')
      .values({
        campaign_id: campaignId,
        brand_id: standalone,
        from_date: '2031-08-01',
        to_date: '2031-08-12',
      })
      .execute();
    expect(await listed()).toMatchObject({ percentUsed: 50, projection: 'runsOut', runsOutOn: '2031-08-28' });
  });
});
