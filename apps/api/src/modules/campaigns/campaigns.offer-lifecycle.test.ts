import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';
import { createTwoInstances } from '../../test/two-instances.ts';
import { startReceiver, type Receiver } from '../webhooks/webhook-receiver.fixtures.ts';
import { newSigningSecret } from '../webhooks/webhook-signature.ts';
import { insertCampaign } from './campaigns.fixtures.ts';

/**
 * An offer's life by time and money (docs/decisions/0100): a publisher hears exactly one
 * offer.published (at approval, or from the sweep for an approved offer never announced) and
 * exactly one offer.ended, with its reason: the month over ('ended', by the sweep, at the month's
 * end in the timezone setting, America/New_York here), the budget used up ('budget_exhausted', in
 * the upload that used it up), the series stopped, the campaign deleted. The clock is the app's,
 * set by each test; the sweep is called as its every-minute job calls it.
 */

let now = new Date('2031-04-10T15:00:00Z');
let testApp: TestApp;
let app: App;
let standalone: string;
let publisherId: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now });
  app = testApp.app;
  standalone = (await demoIds(testApp.db)).brands.standalone;
  const publisher = await testApp.db
    .insertInto('publishers')
    .values({ code: 'OLCARRY', display_name: 'Lifecycle Publisher' })
    .returning('id')
    .executeTakeFirstOrThrow();
  publisherId = publisher.id;
  await testApp.db
    .insertInto('publisher_brands')
    .values({ publisher_id: publisherId, brand_id: standalone })
    .execute();
});

afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
  await testApp?.close();
});

/** The offer events recorded for a campaign, in order: type, mode and the end's reason. */
async function offerEventsOf(campaignId: string, db = testApp.db) {
  const rows = await db
    .selectFrom('webhook_events')
    .select(['type', 'mode', sql<string | null>`data->>'reason'`.as('reason')])
    .where('subject_id', '=', campaignId)
    .where(sql<boolean>`type LIKE 'offer.%'`)
    .orderBy('created_at')
    .orderBy('mode')
    .execute();
  return rows.map((row) => [row.type, row.mode, row.reason]);
}

/** Both copies of each event, live and test (test offers are the live ones, decision 0091). */
const told = (...events: [string, string | null][]) =>
  events.flatMap(([type, reason]) => [
    [type, 'live', reason],
    [type, 'test', reason],
  ]);

/** A bank confirms the campaign's templates, through the route, at the clock's time. */
async function approve(campaignId: string) {
  const bank = await loginAs(app, 'bank@demo.test');
  const response = await call(app, {
    method: 'POST',
    url: `/api/campaigns/templateConfirmation/${campaignId}`,
    token: bank.token,
    body: { action: 'confirm' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const campaignOf = (month: string, values: Parameters<typeof insertCampaign>[1]['values'] = {}) =>
  insertCampaign(testApp.db, {
    brandId: standalone,
    month,
    timeZone: testApp.config.timezone,
    status: 'Pending',
    values,
  });

const sweep = () => app.services.campaigns.sweepOffers();

describe('an offer published', () => {
  it('is told once when a bank approves a future campaign, with when it starts and ends; the sweep at its start tells nothing more', async () => {
    now = new Date('2031-04-10T15:00:00Z');
    const campaignId = await campaignOf('2031-05');

    await approve(campaignId);
    const [published] = await testApp.db
      .selectFrom('webhook_events')
      .select('data')
      .where('subject_id', '=', campaignId)
      .where('mode', '=', 'live')
      .execute();
    expect(published!.data).toMatchObject({
      id: campaignId,
      status: 'Bank Approved',
      startsAt: '2031-05-01T04:00:00.000Z',
      endsAt: '2031-06-01T03:59:59.999Z',
    });

    now = new Date('2031-05-01T04:00:30Z');
    await sweep();
    await sweep();
    expect(await offerEventsOf(campaignId)).toEqual(told(['offer.published', null]));
  });

  it("is told by the sweep for an approved series' month never announced, once however often it runs", async () => {
    now = new Date('2031-06-15T15:00:00Z');
    const primary = await insertCampaign(testApp.db, {
      brandId: standalone,
      month: '2031-06',
      timeZone: testApp.config.timezone,
      status: 'Bank Approved',
      recurring: true,
    });
    // Approved before offers were announced: no one was told of it.
    const child = await insertCampaign(testApp.db, {
      brandId: standalone,
      month: '2031-07',
      timeZone: testApp.config.timezone,
      status: 'Bank Approved',
      recurring: true,
      primaryId: primary,
    });
    // Its month starting, in New York: midnight of 1 July is 04:00 UTC.
    now = new Date('2031-07-01T04:00:30Z');

    await Promise.all([sweep(), sweep()]);
    await sweep();

    expect(await offerEventsOf(child)).toEqual(told(['offer.published', null]));
    // The primary's month was over when the sweep first looked: it was never announced, so it never ends.
    expect(await offerEventsOf(primary)).toEqual([]);
  });
});

describe('an offer ended', () => {
  it("by the clock: once, with reason 'ended', when its month is over in the timezone setting", async () => {
    now = new Date('2031-08-05T15:00:00Z');
    const campaignId = await campaignOf('2031-09');
    await approve(campaignId);

    // 00:30 UTC on 1 October is still 30 September, 20:30, in New York.
    now = new Date('2031-10-01T00:30:00Z');
    await sweep();
    expect(await offerEventsOf(campaignId)).toEqual(told(['offer.published', null]));

    now = new Date('2031-10-01T04:00:30Z');
    await Promise.all([sweep(), sweep()]);
    await sweep();
    expect(await offerEventsOf(campaignId)).toEqual(
      told(['offer.published', null], ['offer.ended', 'ended']),
    );
  });

  it("by an upload that uses up its budget: once, with reason 'budget_exhausted', in the upload's transaction; its month's end adds nothing", async () => {
    now = new Date('2031-07-20T15:00:00Z');
    await testApp.db
      .insertInto('branches')
      .values({
        brand_id: standalone,
        name: 'Lifecycle Branch',
        status: 'Active',
        mastercard_merchant_id: 'OL-MC-1',
      })
      .execute();
    // £50 at 10% back and a 10% fee is 500 p + 500 p: the whole budget.
    const campaignId = await campaignOf('2031-08', {
      discount_percent: 10,
      success_fee: 10,
      budget_type: 'budget',
      budget_pence: 1_000,
      week_days: JSON.stringify([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]),
    });
    await approve(campaignId);
    now = new Date('2031-08-20T15:00:00Z');
    const upload = async (...rows: string[]) => {
      const response = await call(app, {
        method: 'POST',
        url: '/api/transactions/ingest',
        headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
        body: [
          'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher',
          ...rows,
        ].join('\n'),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const outcomes = async () =>
      (
        await testApp.db
          .selectFrom('transactions')
          .select(['publisher_transaction_id', 'outcome', 'reason'])
          .where('campaign_id', '=', campaignId)
          .orderBy('publisher_transaction_id')
          .execute()
      ).map((row) => [row.publisher_transaction_id, row.outcome, row.reason]);

    // The feed agrees with the events: listed while it can pay, gone once it is told ended.
    const inFeed = async () => {
      const response = await call(app, {
        method: 'GET',
        url: '/api/publisher/offers?limit=100',
        headers: { 'x-api-key': 'demo-atr-key' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (JSON.parse(response.body) as { offers: { id: string }[] }).offers.some(
        (offer) => offer.id === campaignId,
      );
    };
    expect(await inFeed()).toBe(true);

    await upload('OL-1,2031-08-13T12:00:00-04:00,50.00,GBP,OL-MC-1,card-ol-1,1111,,ATR');
    expect(await outcomes()).toEqual([['OL-1', 'qualified', null]]);
    expect(await offerEventsOf(campaignId)).toEqual(
      told(['offer.published', null], ['offer.ended', 'budget_exhausted']),
    );
    expect(await inFeed()).toBe(false);

    // A later purchase the budget cannot pay, and the month's end, tell nothing more.
    await upload('OL-2,2031-08-14T12:00:00-04:00,50.00,GBP,OL-MC-1,card-ol-2,2222,,ATR');
    expect((await outcomes())[1]).toEqual(['OL-2', 'notQualified', 'budgetExhausted']);
    now = new Date('2031-09-01T04:00:30Z');
    await sweep();
    expect(await offerEventsOf(campaignId)).toEqual(
      told(['offer.published', null], ['offer.ended', 'budget_exhausted']),
    );
  });

  it("when a future campaign is deleted: once, with reason 'deleted'; the sweep adds nothing", async () => {
    now = new Date('2031-10-05T15:00:00Z');
    const campaignId = await campaignOf('2031-12');
    await approve(campaignId);
    const brandAdmin = await loginAs(app, 'brandadmin@demo.test');
    const deleted = await call(app, {
      method: 'DELETE',
      url: `/api/campaigns/${campaignId}`,
      token: brandAdmin.token,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    now = new Date('2032-01-01T05:00:30Z');
    await sweep();
    expect(await offerEventsOf(campaignId)).toEqual(
      told(['offer.published', null], ['offer.ended', 'deleted']),
    );
  });
});

describe('a running series stopped', () => {
  it("tells the running month's change and ends it with its month; next month's offer, approved ahead, ends now as 'stopped'", async () => {
    now = new Date('2032-05-10T15:00:00Z');
    const running = await insertCampaign(testApp.db, {
      brandId: standalone,
      month: '2032-05',
      timeZone: testApp.config.timezone,
      status: 'Pending',
      recurring: true,
    });
    const next = await insertCampaign(testApp.db, {
      brandId: standalone,
      month: '2032-06',
      timeZone: testApp.config.timezone,
      status: 'Pending',
      recurring: true,
      primaryId: running,
    });
    await approve(running);
    await approve(next);
    const brandAdmin = await loginAs(app, 'brandadmin@demo.test');

    const stopped = await call(app, {
      method: 'POST',
      url: `/api/campaigns/${running}/stop`,
      token: brandAdmin.token,
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await offerEventsOf(running)).toEqual(told(['offer.published', null], ['offer.updated', null]));
    expect(await offerEventsOf(next)).toEqual(told(['offer.published', null], ['offer.ended', 'stopped']));

    now = new Date('2032-06-01T04:00:30Z');
    await sweep();
    expect(await offerEventsOf(running)).toEqual(
      told(['offer.published', null], ['offer.updated', null], ['offer.ended', 'ended']),
    );
    expect(await offerEventsOf(next)).toEqual(told(['offer.published', null], ['offer.ended', 'stopped']));
  });
});

describe('test endpoints', () => {
  it("follow the same offers as live ones, each told once in its own mode (test offers are the live feed's, decision 0091)", async () => {
    now = new Date('2032-02-10T15:00:00Z');
    // The earlier tests' events are fanned out first: an endpoint hears what comes after it.
    await app.services.jobs.runDue();
    const endpoint = async (mode: 'live' | 'test') => {
      const receiver = await startReceiver();
      receivers.push(receiver);
      await testApp.db
        .insertInto('webhook_endpoints')
        .values({
          publisher_id: publisherId,
          url: receiver.url,
          events: ['offer.published', 'offer.ended'],
          mode,
          secret: newSigningSecret(),
        })
        .execute();
      // In the order the events happened: deliveries run side by side and may arrive in any order
      // (decision 0104), so a receiver orders them by `created`.
      return () =>
        receiver.received
          .map(
            (delivery) =>
              JSON.parse(delivery.body) as {
                type: string;
                created: string;
                livemode: boolean;
                data: { id: string };
              },
          )
          .sort((a, b) => Date.parse(a.created) - Date.parse(b.created))
          .map((body) => [body.type, body.livemode, body.data.id]);
    };
    const live = await endpoint('live');
    const test = await endpoint('test');
    const campaignId = await campaignOf('2032-03');

    await approve(campaignId);
    now = new Date('2032-04-01T04:00:30Z');
    await sweep();
    await app.services.jobs.runDue();

    expect(live()).toEqual([
      ['offer.published', true, campaignId],
      ['offer.ended', true, campaignId],
    ]);
    expect(test()).toEqual([
      ['offer.published', false, campaignId],
      ['offer.ended', false, campaignId],
    ]);
  });
});

describe('a campaign whose month is over', () => {
  // Last: its clock is the latest, so no earlier test's sweep meets this campaign.
  it('is no offer: approving it tells nothing, and the sweep neither publishes nor ends it', async () => {
    now = new Date('2033-01-10T15:00:00Z');
    const campaignId = await campaignOf('2032-12');

    await approve(campaignId);
    await sweep();

    expect(await offerEventsOf(campaignId)).toEqual([]);
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances sweeping one PostgreSQL database at once', () => {
  it('tell each offer published once and ended once', async () => {
    let clock = new Date('2033-03-10T15:00:00Z');
    const instances = await createTwoInstances(() => clock);
    try {
      const brandId = (await demoIds(instances.db)).brands.standalone;
      const campaigns = await Promise.all(
        ['2033-03', '2033-04'].map((month) =>
          insertCampaign(instances.db, {
            brandId,
            month,
            timeZone: 'America/New_York',
            status: 'Bank Approved',
          }),
        ),
      );
      const both = () =>
        Promise.all([instances.first, instances.second].map((app) => app.services.campaigns.sweepOffers()));

      await both();
      clock = new Date('2033-05-01T04:00:30Z');
      await both();
      await both();

      for (const campaignId of campaigns) {
        expect(await offerEventsOf(campaignId, instances.db)).toEqual(
          told(['offer.published', null], ['offer.ended', 'ended']),
        );
      }
    } finally {
      await instances.close();
    }
  });
});
