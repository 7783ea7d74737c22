import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { monthWindowOf } from '@krowd/domain/campaign/campaign-dates.rules';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';
import { scheduleCampaignJobs } from './campaigns.jobs.ts';
import { createChildrenJob } from './campaigns.service.ts';
import { messages } from '@krowd/domain/messages/messages';
import {
  branchesOf,
  campaignBody,
  insertCampaign,
  listCampaigns,
  newYork,
  pauseText,
} from './campaigns.fixtures.ts';

/**
 * The recurring series (brief §5): a scheduled job gives each recurring primary a child campaign
 * for every following month up to next month, skipping months its paused ranges cover wholly.
 * The clock starts at 10 March 2031, 11:00 in New York; tests move it forward.
 */

const start = new Date('2031-03-10T15:00:00Z');
let current = start;

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
let soho: string;

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => current, env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  soho = (await branchesOf(testApp.db, ids.brands.standalone)).find((b) => b.name === 'Green Fork Soho')!.id;
});

afterAll(async () => {
  await testApp?.close();
});

beforeEach(async () => {
  current = start;
  // Each test counts the children of its own series only: earlier series (and the demo ones,
  // which are dated from the real today, years before this clock) end here.
  await testApp.db
    .updateTable('campaigns')
    .set({ deleted_at: new Date() })
    .where('is_primary_campaign', '=', true)
    .where('deleted_at', 'is', null)
    .execute();
});

function setNow(iso: string) {
  current = new Date(iso);
}

/** A session made at the clock's current time (sessions end after 30 idle minutes). */
async function tokenOf(email: string) {
  return (await loginAs(app, email)).token;
}

async function childrenOf(primaryId: string) {
  return testApp.db
    .selectFrom('campaigns')
    .selectAll()
    .where('primary_campaign_id', '=', primaryId)
    .where('deleted_at', 'is', null)
    .orderBy('start_date')
    .execute();
}

const monthsOf = (rows: { start_date: string }[]) => rows.map((row) => row.start_date.slice(0, 7));

/** A recurring dp 20% primary of Green Fork at the Soho branch, made through the API. */
async function createPrimary(month: string, extra: Record<string, unknown> = {}) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/campaigns',
    token: await tokenOf('companyadmin@demo.test'),
    body: campaignBody(ids.brands.standalone, month, {
      recurring: true,
      discountPercent: 20,
      type: undefined,
      merchantIds: [soho],
      ...extra,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().campaign as { _id: string; name: string };
}

describe('the recurring-series job', () => {
  it('makes a child for each following month up to next month, skipping wholly paused months, once', async () => {
    const primary = await createPrimary('2031-04');
    const paused = await call(app, {
      method: 'POST',
      url: `/api/campaigns/campaignStartPause/${primary._id}`,
      token: await tokenOf('companyadmin@demo.test'),
      // June is paused whole by two ranges that touch; July only in part.
      body: {
        range: [
          pauseText('2031-06-01', '2031-06-15'),
          pauseText('2031-06-16', '2031-06-30'),
          pauseText('2031-07-01', '2031-07-15'),
        ],
        action: 'add',
      },
    });
    expect(paused.statusCode).toBe(200);

    // In March, next month is the primary's own: nothing to make.
    expect(await app.services.campaigns.createChildCampaigns()).toBe(0);

    setNow('2031-04-10T15:00:00Z');
    expect(await app.services.campaigns.createChildCampaigns()).toBe(1);
    expect(await app.services.campaigns.createChildCampaigns()).toBe(0);
    expect(monthsOf(await childrenOf(primary._id))).toEqual(['2031-05']);

    setNow('2031-07-10T15:00:00Z');
    expect(await app.services.campaigns.createChildCampaigns()).toBe(2);
    expect(await app.services.campaigns.createChildCampaigns()).toBe(0);

    const children = await childrenOf(primary._id);
    expect(monthsOf(children)).toEqual(['2031-05', '2031-07', '2031-08']);
    const stored = await testApp.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', primary._id)
      .executeTakeFirstOrThrow();
    for (const child of children) {
      const month = child.start_date.slice(0, 7);
      expect(child).toMatchObject({
        brand_id: ids.brands.standalone,
        status: 'Pending',
        discount_type: 'dp',
        discount_percent: 20,
        success_fee: stored.success_fee,
        customer_type: 'all',
        recurring: true,
        is_primary_campaign: false,
        primary_campaign_id: primary._id,
        all_branches: false,
        week_days: stored.week_days,
        created_by: stored.created_by,
      });
      expect(child.name).toMatch(new RegExp(`^Green Fork${month.slice(2, 4)}${month.slice(5, 7)}\\d+$`));
      const window = monthWindowOf(child.start_date, newYork);
      expect(child.opening_time.toISOString()).toBe(window.openingTime);
      expect(child.closing_time.toISOString()).toBe(window.closingTime);
      const branches = await testApp.db
        .selectFrom('campaign_branches')
        .select('branch_id')
        .where('campaign_id', '=', child.id)
        .execute();
      expect(branches).toEqual([{ branch_id: soho }]);
    }
    expect(new Set(children.map((child) => child.name)).size).toBe(3);
  });

  it('shows the children in the lists by their own month, with the series’ paused ranges', async () => {
    const primary = await createPrimary('2031-04');
    await call(app, {
      method: 'POST',
      url: `/api/campaigns/campaignStartPause/${primary._id}`,
      token: await tokenOf('companyadmin@demo.test'),
      body: { range: [pauseText('2031-05-10', '2031-05-12')], action: 'add' },
    });
    setNow('2031-04-10T15:00:00Z');
    await app.services.campaigns.createChildCampaigns();
    const [child] = await childrenOf(primary._id);

    const token = await tokenOf('companyadmin@demo.test');
    const currentList = await listCampaigns(app, token, 'current', { limit: 100 });
    const futureList = await listCampaigns(app, token, 'future', { limit: 100 });

    const find = (response: typeof currentList, id: string) =>
      response.json().campaigns.find((row: { _id: string }) => row._id === id);
    expect(find(currentList, primary._id)).toMatchObject({
      is_primary_campaign: true,
      pausedDate: ['10/05/2031 - 12/05/2031'],
    });
    expect(find(futureList, child!.id)).toMatchObject({
      is_primary_campaign: false,
      recurring: true,
      period: '05/2031',
      pausedDate: ['10/05/2031 - 12/05/2031'],
      editable: true,
    });
  });

  it('lets a child be edited like any future campaign, and it stays in its series', async () => {
    const primary = await createPrimary('2031-04');
    setNow('2031-04-10T15:00:00Z');
    await app.services.campaigns.createChildCampaigns();
    const [child] = await childrenOf(primary._id);

    const edited = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${child!.id}`,
      token: await tokenOf('companyadmin@demo.test'),
      body: campaignBody(ids.brands.standalone, '2031-05', { recurring: true, discountPercent: 30 }),
    });
    setNow('2031-05-10T15:00:00Z');
    const created = await app.services.campaigns.createChildCampaigns();

    expect(edited.statusCode).toBe(200);
    expect(created).toBe(1);
    const children = await childrenOf(primary._id);
    expect(monthsOf(children)).toEqual(['2031-05', '2031-06']);
    expect(children[0]).toMatchObject({ discount_percent: 30, is_primary_campaign: false });
    // No second series grew from the edited child.
    const grandchildren = await testApp.db
      .selectFrom('campaigns')
      .select('id')
      .where('primary_campaign_id', '=', child!.id)
      .execute();
    expect(grandchildren).toEqual([]);
  });

  it('makes each child Pending, a new offer for a bank to confirm, though the primary was approved', async () => {
    const primary = await createPrimary('2031-04');
    const confirmed = await call(app, {
      method: 'POST',
      url: `/api/campaigns/templateConfirmation/${primary._id}`,
      token: await tokenOf('bank@demo.test'),
      body: { action: 'confirm' },
    });
    setNow('2031-04-10T15:00:00Z');

    await app.services.campaigns.createChildCampaigns();

    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [child] = await childrenOf(primary._id);
    expect(child?.status).toBe('Pending');
  });

  it('deletes the children not started yet with a future primary, in one go, and makes no more', async () => {
    const primary = await createPrimary('2031-04');
    await app.services.campaigns.createChildCampaigns();
    setNow('2031-03-20T15:00:00Z');

    const deleted = await call(app, {
      method: 'DELETE',
      url: `/api/campaigns/${primary._id}`,
      token: await tokenOf('companyadmin@demo.test'),
    });
    setNow('2031-05-10T15:00:00Z');
    const again = await app.services.campaigns.createChildCampaigns();

    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await childrenOf(primary._id)).toEqual([]);
    expect(again).toBe(0);
  });

  it('does not make again a child the brand deleted', async () => {
    const primary = await createPrimary('2031-04');
    setNow('2031-04-10T15:00:00Z');
    await app.services.campaigns.createChildCampaigns();
    const [child] = await childrenOf(primary._id);
    const deleted = await call(app, {
      method: 'DELETE',
      url: `/api/campaigns/${child!.id}`,
      token: await tokenOf('companyadmin@demo.test'),
    });

    const again = await app.services.campaigns.createChildCampaigns();

    expect(deleted.statusCode).toBe(200);
    expect(again).toBe(0);
    expect(await childrenOf(primary._id)).toEqual([]);
  });

  it('stops after the valid-until month, and for a deleted or non-recurring primary', async () => {
    const limited = await createPrimary('2031-04', { validUntil: '2031-05' });
    const stopped = await createPrimary('2031-04');
    const oneOff = await insertCampaign(testApp.db, { brandId: ids.brands.standalone, month: '2031-04' });
    await call(app, {
      method: 'DELETE',
      url: `/api/campaigns/${stopped._id}`,
      token: await tokenOf('companyadmin@demo.test'),
    });

    setNow('2031-07-10T15:00:00Z');
    const created = await app.services.campaigns.createChildCampaigns();

    expect(created).toBe(1);
    expect(monthsOf(await childrenOf(limited._id))).toEqual(['2031-05']);
    expect(await childrenOf(stopped._id)).toEqual([]);
    expect(await childrenOf(oneOff)).toEqual([]);
  });

  it('runs through the job queue: enqueued, run when due, once a day by its dedupe key', async () => {
    const primary = await createPrimary('2031-04');
    setNow('2031-05-10T15:00:00Z');
    const { jobs } = app.services;
    // What the calls before queued (kept answers' clean-up, webhook fan-outs) runs first.
    await jobs.runDue();

    await jobs.enqueue(createChildrenJob, {}, { dedupeKey: 'series-test' });
    await jobs.enqueue(createChildrenJob, {}, { dedupeKey: 'series-test' });
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(monthsOf(await childrenOf(primary._id))).toEqual(['2031-05', '2031-06']);

    await scheduleCampaignJobs(jobs, newYork, current);
    await scheduleCampaignJobs(jobs, newYork, current);
    expect(await jobs.runDue()).toBe(1);
    expect(monthsOf(await childrenOf(primary._id))).toEqual(['2031-05', '2031-06']);

    const queued = await testApp.db
      .selectFrom('jobs')
      .select(['dedupe_key', 'attempts', 'last_error', sql<boolean>`done_at IS NOT NULL`.as('done')])
      .where('kind', '=', createChildrenJob)
      .orderBy('created_at')
      .execute();
    expect(queued).toEqual([
      { dedupe_key: 'series-test', attempts: 1, last_error: null, done: true },
      { dedupe_key: `${createChildrenJob}:2031-05-10`, attempts: 1, last_error: null, done: true },
    ]);
  });
});

describe('POST /api/campaigns/:id/stop: a running monthly campaign stopped from next month on (spec 3 §4)', () => {
  const stop = async (id: string, email = 'companyadmin@demo.test') =>
    call(app, { method: 'POST', url: `/api/campaigns/${id}/stop`, token: await tokenOf(email) });
  const row = (id: string) =>
    testApp.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const listedFlag = async (name: string) => {
    const listed = await listCampaigns(app, await tokenOf('companyadmin@demo.test'), 'current', {
      globalSearch: name,
    });
    return listed.json().campaigns.map((c: { seriesContinues: boolean }) => c.seriesContinues);
  };

  it('runs this month to its end, deletes next month’s child and makes no more', async () => {
    const primary = await createPrimary('2031-04');
    setNow('2031-04-10T15:00:00Z');
    await app.services.campaigns.createChildCampaigns();
    expect(monthsOf(await childrenOf(primary._id))).toEqual(['2031-05']);
    expect(await listedFlag(primary.name)).toEqual([true]);

    const response = await stop(primary._id);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ respCode: 205, respMessage: messages.campaign.stopped('05/2031') });
    const stopped = await row(primary._id);
    expect([stopped.deleted_at, stopped.valid_until]).toEqual([null, '2031-04-01']);
    expect(await childrenOf(primary._id)).toEqual([]);
    expect(await listedFlag(primary.name)).toEqual([false]);
    setNow('2031-05-10T15:00:00Z');
    expect(await app.services.campaigns.createChildCampaigns()).toBe(0);
    setNow('2031-07-10T15:00:00Z');
    expect(await app.services.campaigns.createChildCampaigns()).toBe(0);
  });

  it("stops a series from its running child, the primary's month past", async () => {
    const primary = await createPrimary('2031-04');
    setNow('2031-05-10T15:00:00Z');
    await app.services.campaigns.createChildCampaigns();
    const [running, next] = await childrenOf(primary._id);
    expect(monthsOf([running!, next!])).toEqual(['2031-05', '2031-06']);

    const response = await stop(running!.id);

    expect(response.statusCode, response.body).toBe(200);
    expect(monthsOf(await childrenOf(primary._id))).toEqual(['2031-05']);
    expect((await row(primary._id)).valid_until).toBe('2031-05-01');
    expect((await row(running!.id)).valid_until).toBe('2031-05-01');
    setNow('2031-06-10T15:00:00Z');
    expect(await app.services.campaigns.createChildCampaigns()).toBe(0);
  });

  it('refuses, changing nothing, a future campaign, a one-off, a series already ending this month, and a second stop', async () => {
    const future = await createPrimary('2031-04');
    const oneOff = await insertCampaign(testApp.db, { brandId: ids.brands.standalone, month: '2031-03' });
    const ending = await createPrimary('2031-04', { validUntil: '2031-04' });

    expect((await stop(future._id)).json()).toEqual({
      code: 'conflict',
      errorMessage: messages.campaign.stopOnlyRunningSeries,
    });
    expect((await stop(oneOff)).statusCode).toBe(409);
    setNow('2031-04-10T15:00:00Z');
    const already = await stop(ending._id);
    expect(already.statusCode).toBe(409);
    expect(already.json()).toEqual({ code: 'conflict', errorMessage: messages.campaign.seriesAlreadyEnds });
    expect((await stop(future._id)).statusCode).toBe(200);
    expect((await stop(future._id)).json()).toEqual({
      code: 'conflict',
      errorMessage: messages.campaign.seriesAlreadyEnds,
    });
  });

  it('is refused to a role that does not edit campaigns, and to another tenant', async () => {
    const primary = await createPrimary('2031-04');
    setNow('2031-04-10T15:00:00Z');
    expect((await stop(primary._id, 'branduser@demo.test')).statusCode).toBe(403);
    expect((await stop(primary._id, 'groupadmin@demo.test')).statusCode).toBe(404);
    expect((await row(primary._id)).valid_until).toBeNull();
  });
});
