import { createTwoInstances } from '../../test/two-instances.ts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import type { DB } from '../../db/database.generated.ts';
import { compressionThreshold } from '../../plugins/compression.ts';
import { decodedBody, expectEachEncodingToRead } from '../../test/encoded-answers.ts';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';
import { everyWeekDay, insertBranch, insertCampaign } from '../campaigns/campaigns.fixtures.ts';

/**
 * The dashboard's answers are kept until a write they depend on commits (dashboard-cache.ts): an
 * upload drops the answers over its brands and no other, any other change drops them all, and a
 * new day in the timezone setting asks afresh. Uploads go through the real ingestion endpoint for a
 * branch of the standalone brand (the brand user's) and one of the group's brand A, in June 2025
 * (America/New_York); today is 15 July 2025 unless a test moves the clock.
 */

const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const june = { txn_date_time: ['2025-06-01', '2025-06-30'] };
let uploads = 0;

/** A file of one £`pounds` purchase in June at the branch with this MID, under a new transaction id. */
function purchaseAt(mid: string, pounds: number) {
  uploads += 1;
  return `${header}\nCACHE-${uploads},2025-06-1${uploads % 10}T12:00:00-04:00,${pounds}.00,GBP,${mid},card-c${uploads},1234,,ATR`;
}

async function ingest(app: App, file: string) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    body: file,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function answerOf(app: App, token: string, conditions: Record<string, unknown>) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/dashboard/client',
    token,
    body: { conditions },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ dashboard: DashboardAnswer }>().dashboard;
}

const figure = (answer: DashboardAnswer, name: string) =>
  answer.statistics?.find((entry) => entry.name === name)?.value;

/** A branch with a June 2025 campaign (every day, all day) for the brand; answers its MID. */
async function tradingBranch(db: Kysely<DB>, brandId: string, mid: string) {
  await insertBranch(db, brandId, 'Active', `Cache branch ${mid}`, mid);
  await insertCampaign(db, {
    brandId,
    month: '2025-06',
    name: `Cache campaign ${mid}`,
    discountPercent: 10,
    status: 'Bank Approved',
    values: { week_days: everyWeekDay },
  });
  return mid;
}

describe('the dashboard answers kept between requests (one instance)', () => {
  let now = new Date('2025-07-15T16:00:00Z');
  let testApp: TestApp;
  let app: App;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let brandUser: string;
  let clientAdmin: string;
  const mid = { standalone: '', groupBrandA: '' };

  beforeAll(async () => {
    testApp = await createTestApp({ clock: () => new Date(now) });
    app = testApp.app;
    ids = await demoIds(testApp.db);
    mid.standalone = await tradingBranch(testApp.db, ids.brands.standalone, 'CACHE-S');
    mid.groupBrandA = await tradingBranch(testApp.db, ids.brands.groupBrandA, 'CACHE-A');
    await ingest(app, purchaseAt(mid.standalone, 20));
    await ingest(app, purchaseAt(mid.groupBrandA, 30));
    // A change to the store the cache cannot see (no write statement names it): what an answer
    // shows after it tells whether that answer was computed afresh or kept.
    await sql`
      CREATE FUNCTION cache_test_unseen_change(brand uuid) RETURNS void LANGUAGE sql AS $$
        UPDATE reporting_daily SET conversions = conversions + 100
        WHERE ctid = (SELECT ctid FROM reporting_daily WHERE brand_id = brand LIMIT 1) $$`.execute(
      testApp.db,
    );
    brandUser = (await loginAs(app, 'branduser@demo.test')).token;
    clientAdmin = (await loginAs(app, 'clientadmin@demo.test')).token;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it("answers a file uploaded for the caller's brand on the very next request", async () => {
    const before = await answerOf(app, brandUser, june);
    expect(await answerOf(app, brandUser, june)).toEqual(before);

    await ingest(app, purchaseAt(mid.standalone, 40));

    const after = await answerOf(app, brandUser, june);
    expect(figure(after, 'conversions')).toBe(Number(figure(before, 'conversions')) + 1);
    expect(figure(after, 'revenue')).toBe(Number(figure(before, 'revenue')) + 4000);
  });

  it('sends a kept answer compressed as the caller accepts, the same content as sent plain, and afresh after an upload', async () => {
    const asked = (encoding?: string) =>
      call(app, {
        method: 'POST',
        url: '/api/dashboard/client',
        token: brandUser,
        body: { conditions: june },
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = (await asked()).body;
    expect(plain.length).toBeGreaterThan(compressionThreshold);
    await expectEachEncodingToRead(plain, asked);

    await ingest(app, purchaseAt(mid.standalone, 7));

    const after = JSON.parse(decodedBody(await asked('br'), 'br')) as {
      dashboard: DashboardAnswer;
    };
    const before = JSON.parse(plain) as { dashboard: DashboardAnswer };
    expect(figure(after.dashboard, 'revenue')).toBe(Number(figure(before.dashboard, 'revenue')) + 700);
    expect((await asked()).body).toBe(JSON.stringify(after));
  });

  it("keeps a brand's answer over another brand's upload, and drops the answers over every brand", async () => {
    const kept = await answerOf(app, brandUser, june);
    const everyBrand = await answerOf(app, clientAdmin, june);
    await sql`SELECT cache_test_unseen_change(${ids.brands.standalone}::uuid)`.execute(testApp.db);

    await ingest(app, purchaseAt(mid.groupBrandA, 50));

    expect(await answerOf(app, brandUser, june)).toEqual(kept);
    const afresh = await answerOf(app, clientAdmin, june);
    expect(figure(afresh, 'conversions')).toBe(Number(figure(everyBrand, 'conversions')) + 100 + 1);

    await ingest(app, purchaseAt(mid.standalone, 60));

    expect(figure(await answerOf(app, brandUser, june), 'conversions')).toBe(
      Number(figure(kept, 'conversions')) + 100 + 1,
    );
  });

  it('answers a campaign or a branch renamed on the very next request, however it was written', async () => {
    const campaign = await testApp.db
      .selectFrom('campaigns')
      .select('id')
      .where('name', '=', 'Cache campaign CACHE-S')
      .executeTakeFirstOrThrow();
    const conditions = { ...june, campaign_id: campaign.id };
    expect((await answerOf(app, brandUser, conditions)).name).toBe('Cache campaign CACHE-S');
    await answerOf(app, brandUser, conditions);

    await testApp.db
      .updateTable('campaigns')
      .set({ name: 'Cache campaign renamed' })
      .where('id', '=', campaign.id)
      .execute();
    await testApp.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('branches')
        .set({ name: 'Cache branch renamed' })
        .where('mastercard_merchant_id', '=', 'CACHE-S')
        .execute();
    });

    const after = await answerOf(app, brandUser, conditions);
    expect(after.name).toBe('Cache campaign renamed');
    expect(after.demographic?.branches.map((entry) => entry.label)).toEqual(['Cache branch renamed']);
  });

  it('asks afresh once the day changes in the timezone setting, though not yet in UTC', async () => {
    // 23:30 on 14 July in New York, then 00:30 on 15 July: both are 15 July in UTC.
    now = new Date('2025-07-15T03:30:00Z');
    const evening = await answerOf(app, brandUser, {});
    expect([evening.start_date, evening.end_date]).toEqual(['2025-06-15', '2025-07-14']);

    now = new Date('2025-07-15T04:30:00Z');
    const morning = await answerOf(app, brandUser, {});
    expect([morning.start_date, morning.end_date]).toEqual(['2025-06-16', '2025-07-15']);
    now = new Date('2025-07-15T16:00:00Z');
  });

  it("never answers one caller's kept answer to another scope", async () => {
    const brand = await answerOf(app, brandUser, june);
    const everyBrand = await answerOf(app, clientAdmin, june);

    expect(figure(everyBrand, 'conversions')).not.toBe(figure(brand, 'conversions'));
    const { token: groupUser } = await loginAs(app, 'groupuser@demo.test');
    const group = await answerOf(app, groupUser, june);
    expect([figure(group, 'conversions'), figure(group, 'revenue')]).not.toEqual([
      figure(brand, 'conversions'),
      figure(brand, 'revenue'),
    ]);
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'the dashboard answers kept by two instances on one PostgreSQL',
  () => {
    const now = new Date('2025-07-15T16:00:00Z');
    let instances: Awaited<ReturnType<typeof createTwoInstances>>;
    let first: App;
    let second: App;

    beforeAll(async () => {
      instances = await createTwoInstances(() => new Date(now));
      ({ first, second } = instances);
      const ids = await demoIds(instances.db);
      await tradingBranch(instances.db, ids.brands.standalone, 'CACHE-PG');
      await ingest(first, purchaseAt('CACHE-PG', 20));
    });

    afterAll(async () => {
      await instances?.close();
    });

    it('answers on the second instance, within moments, a file uploaded through the first', async () => {
      const { token } = await loginAs(second, 'branduser@demo.test');
      const before = await answerOf(second, token, june);
      expect(await answerOf(second, token, june)).toEqual(before);

      await ingest(first, purchaseAt('CACHE-PG', 40));

      const until = Date.now() + 1_000;
      let conversions = figure(before, 'conversions');
      while (Date.now() < until && conversions === figure(before, 'conversions')) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        conversions = figure(await answerOf(second, token, june), 'conversions');
      }
      expect(conversions).toBe(Number(figure(before, 'conversions')) + 1);
    });
  },
);
