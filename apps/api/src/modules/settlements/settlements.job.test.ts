import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRunDays } from '@krowd/domain/settlement/settlement-period.rules';
import { demoApiKeyOf } from '../../demo/demo-publishers.ts';
import {
  call,
  createTestApp,
  createTestClock,
  days,
  hours,
  type App,
  type TestApp,
} from '../../test/test-app.ts';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { createWebhookEvents } from '../webhooks/webhooks.wiring.ts';
import { createSettlements, type Settlements } from './settlements.service.ts';
import { scheduleSettlements, settlementsJob } from './settlements.wiring.ts';

/**
 * The recurring job `settlements.generate` (docs/decisions/0107), on a clock the test moves (New
 * York, the tests' timezone setting): each publisher's daily files of the closed days since its
 * last one, at most the last 35 on a first run and none before the publisher existed (or its first
 * settled transaction, when older), and last month's monthly file once the month is closed; each
 * file told once by `settlement.ready`.
 */

let testApp: TestApp;
let app: App;
let round: Settlements['generateDue'];
// 11:00 on 2 June 2025 in New York.
const clock = createTestClock(new Date('2025-06-02T15:00:00Z'));
const ids = { recent: '', old: '', backfilled: '' };

async function filesOf(publisherId: string) {
  return testApp.db
    .selectFrom('settlement_files')
    .select(['id', 'kind', 'period'])
    .where('publisher_id', '=', publisherId)
    .orderBy('kind')
    .orderBy('period')
    .execute();
}

async function readyEventsOf(publisherId: string) {
  return testApp.db
    .selectFrom('webhook_events')
    .select(['subject_id', 'data'])
    .where('type', '=', 'settlement.ready')
    .where('publisher_id', '=', publisherId)
    .execute();
}

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now });
  app = testApp.app;
  const publishers = await testApp.db
    .selectFrom('publishers')
    .select(['id', 'code'])
    .orderBy('code')
    .execute();
  ids.recent = publishers.find((p) => p.code === 'ATR')!.id;
  const others = publishers.filter((p) => p.code !== 'ATR');
  ids.old = others[0]!.id;
  // Made today, but its file of past transactions starts on 25 May: its files start then.
  const backfilled = others[1]!;
  ids.backfilled = backfilled.id;
  const brandId = (
    await testApp.db
      .insertInto('brands')
      .values({ name: 'Job Brand' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await testApp.db
    .insertInto('branches')
    .values({ brand_id: brandId, name: 'J Branch', status: 'Active', mastercard_merchant_id: 'JOB-MC-1' })
    .execute();
  await insertCampaign(testApp.db, {
    brandId,
    month: '2025-05',
    status: 'Bank Approved',
    values: {
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
  const ingested = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': demoApiKeyOf(backfilled.code) },
    body: [
      'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher',
      `J-1,2025-05-25T12:00:00-04:00,30.00,GBP,JOB-MC-1,card-j,1234,,${backfilled.code}`,
    ].join('\n'),
  });
  expect(ingested.statusCode, ingested.body).toBe(200);
  // Every other publisher was made today (the machine's date, after the test clock's): no files.
  // created_at is written once by its default (never updated by the product): moved back by SQL.
  const madeOn = async (id: string, at: string) =>
    sql`UPDATE publishers SET created_at = ${new Date(at)} WHERE id = ${id}::uuid`.execute(testApp.db);
  await madeOn(ids.recent, '2025-05-20T12:00:00-04:00');
  await madeOn(ids.old, '2024-01-01T12:00:00Z');
  const events = createWebhookEvents({ db: testApp.db, jobs: app.services.jobs });
  const settlements = createSettlements({
    db: testApp.db,
    events,
    timeZone: testApp.config.timezone,
    clock: clock.now,
  });
  round = settlements.generateDue;
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the settlements job', () => {
  it('runs from the job queue: the closed days since each publisher was made, and last month', async () => {
    await scheduleSettlements(app.services.jobs);
    const job = await testApp.db
      .selectFrom('jobs')
      .select(['kind', 'dedupe_key'])
      .where('kind', '=', settlementsJob)
      .executeTakeFirstOrThrow();
    expect(job.dedupe_key).toBe(`every:${settlementsJob}`);
    await app.services.jobs.runDue();

    const recent = await filesOf(ids.recent);
    const daily = recent.filter((f) => f.kind === 'daily').map((f) => f.period);
    // Made on 20 May: 20 May to 1 June, yesterday in New York.
    expect(daily.at(0)).toBe('2025-05-20');
    expect(daily.at(-1)).toBe('2025-06-01');
    expect(daily).toHaveLength(13);
    expect(recent.filter((f) => f.kind === 'monthly').map((f) => f.period)).toEqual(['2025-05']);

    const old = await filesOf(ids.old);
    expect(old.filter((f) => f.kind === 'daily')).toHaveLength(firstRunDays);
    expect(old.find((f) => f.kind === 'daily')?.period).toBe('2025-04-28');

    const backfilled = await filesOf(ids.backfilled);
    expect(backfilled.filter((f) => f.kind === 'daily').at(0)?.period).toBe('2025-05-25');
    expect(backfilled.filter((f) => f.kind === 'daily')).toHaveLength(8);
    expect(backfilled.filter((f) => f.kind === 'monthly').map((f) => f.period)).toEqual(['2025-05']);

    const others = await testApp.db
      .selectFrom('settlement_files')
      .select('id')
      .where('publisher_id', 'not in', [ids.recent, ids.old, ids.backfilled])
      .execute();
    expect(others).toEqual([]);
  });

  it('tells settlement.ready once a file, with its id, checksum and download path', async () => {
    const files = await filesOf(ids.recent);
    const told = await readyEventsOf(ids.recent);
    expect(told.map((e) => e.subject_id).sort()).toEqual(files.map((f) => f.id).sort());
    const monthly = files.find((f) => f.kind === 'monthly')!;
    expect(told.find((e) => e.subject_id === monthly.id)?.data).toMatchObject({
      id: monthly.id,
      kind: 'monthly',
      period: '2025-05',
      downloadPath: `/api/publisher/settlement-files/${monthly.id}`,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('makes nothing again in a later round of the same day', async () => {
    clock.advance(hours(1));
    expect(await round()).toEqual({ daily: 0, monthly: 0 });
    expect(await readyEventsOf(ids.recent)).toHaveLength(14);
  });

  it('makes the next day once it is closed, and the next monthly file once the month is', async () => {
    clock.advance(days(1)); // 12:00 on 3 June: 2 June is closed.
    expect(await round()).toEqual({ daily: 3, monthly: 0 });
    expect((await filesOf(ids.recent)).map((f) => f.period)).toContain('2025-06-02');

    // 00:30 on 1 July in New York is 04:30 UTC: June is closed.
    clock.advance(new Date('2025-07-01T04:30:00Z').getTime() - clock.now().getTime());
    const made = await round();
    expect(made).toEqual({ daily: 3 * 28, monthly: 3 });
    const recent = await filesOf(ids.recent);
    expect(recent.filter((f) => f.kind === 'monthly').map((f) => f.period)).toEqual(['2025-05', '2025-06']);
    expect(recent.filter((f) => f.kind === 'daily').at(-1)?.period).toBe('2025-06-30');
  });
});
