import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { earliestPauseDate } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, demoIds, loginAs, type App, type TestApp } from '../../test/test-app.ts';
import {
  branchesOf,
  campaignBody,
  insertBranch,
  insertCampaign,
  listCampaigns,
  newTenant,
  newYork,
  pauseText,
  promoCodeMinimumFor,
  promoCsv,
  smallProjectionRecord,
  uploadPromoCodes,
  type Tenant,
} from './campaigns.fixtures.ts';

/**
 * Changing campaigns: edit (and its cut-off), delete, paused ranges, the templates confirmation
 * and promo codes. The clock starts at 10 March 2031, 11:00 in New York, and tests move it; each
 * test signs in again at the time it sets, since sessions end after 30 idle minutes.
 */

const m = messages.campaign;
const start = new Date('2031-03-10T15:00:00Z');
let current = start;

let testApp: TestApp;
let app: App;
let ids: Awaited<ReturnType<typeof demoIds>>;
const greenFork: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => current, env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  for (const branch of await branchesOf(testApp.db, ids.brands.standalone))
    greenFork[branch.name] = branch.id;
});

afterAll(async () => {
  await testApp?.close();
});

beforeEach(() => {
  current = start;
});

/** Sets the clock (an ISO instant). */
function setNow(iso: string) {
  current = new Date(iso);
}

const sessions = new Map<string, string>();
/** A session of the account made at the clock's current time. */
async function tokenOf(email: string) {
  const key = `${email}@${current.getTime()}`;
  if (!sessions.has(key)) sessions.set(key, (await loginAs(app, email)).token);
  return sessions.get(key)!;
}

async function campaignRow(id: string) {
  return testApp.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function branchNames(id: string) {
  const rows = await testApp.db
    .selectFrom('campaign_branches as cb')
    .innerJoin('branches as b', 'b.id', 'cb.branch_id')
    .select('b.name')
    .where('cb.campaign_id', '=', id)
    .orderBy('b.name')
    .execute();
  return rows.map((row) => row.name);
}

/** A campaign of the standalone brand (Green Fork) in the month given. */
function greenForkCampaign(month: string, extra: Partial<Parameters<typeof insertCampaign>[1]> = {}) {
  return insertCampaign(testApp.db, {
    brandId: ids.brands.standalone,
    month,
    branchIds: [greenFork['Green Fork Soho']!, greenFork['Green Fork Shoreditch']!],
    ...extra,
  });
}

async function edit(email: string, id: string, body: unknown) {
  return call(app, { method: 'PUT', url: `/api/campaigns/${id}`, token: await tokenOf(email), body });
}

describe('PUT /api/campaigns/:id', () => {
  it('renames a campaign moved to another month: the new YYMM, the same sequence number', async () => {
    const id = await greenForkCampaign('2031-05', { name: 'Green Fork31057' });

    const response = await edit('companyadmin@demo.test', id, campaignBody(ids.brands.standalone, '2031-08'));

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().respMessage).toBe('Campaign "Green Fork31087" updated successfully');
    expect((await campaignRow(id)).name).toBe('Green Fork31087');
  });

  it('keeps the name when the month stays', async () => {
    const id = await greenForkCampaign('2031-05', { name: 'Green Fork31058' });

    const response = await edit(
      'companyadmin@demo.test',
      id,
      campaignBody(ids.brands.standalone, '2031-05', { discountPercent: 30 }),
    );

    expect(response.statusCode, response.body).toBe(200);
    expect((await campaignRow(id)).name).toBe('Green Fork31058');
  });

  it('updates a future campaign: offer, month (new window in the timezone) and branches; the name stays', async () => {
    const id = await greenForkCampaign('2031-05', { name: 'Green Fork Edit Me' });

    const response = await edit(
      'companyadmin@demo.test',
      id,
      campaignBody(ids.brands.standalone, '2031-06', {
        discountPercent: 25,
        type: undefined,
        merchantIds: [greenFork['Green Fork Soho']],
      }),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      respCode: 205,
      respMessage: 'Campaign "Green Fork Edit Me" updated successfully',
    });
    const row = await campaignRow(id);
    expect(row).toMatchObject({
      name: 'Green Fork Edit Me',
      discount_percent: 25,
      start_date: '2031-06-01',
      all_branches: false,
      status: 'Pending',
    });
    expect(row.opening_time.toISOString()).toBe('2031-06-01T04:00:00.000Z');
    expect(row.closing_time.toISOString()).toBe('2031-07-01T03:59:59.999Z');
    expect(await branchNames(id)).toEqual(['Green Fork Soho']);
  });

  it('lets a group admin edit a campaign of a brand of the group', async () => {
    const id = await insertCampaign(testApp.db, { brandId: ids.brands.groupBrandB, month: '2031-05' });

    const response = await edit('groupadmin@demo.test', id, campaignBody(ids.brands.groupBrandB, '2031-05'));

    expect(response.statusCode).toBe(200);
  });

  it('edits until the 24th of the month before it opens, in the timezone, and refuses from the 25th', async () => {
    const id = await greenForkCampaign('2031-05');
    const body = campaignBody(ids.brands.standalone, '2031-05', { discountPercent: 30 });

    setNow('2031-04-25T03:30:00Z'); // 24 April, 23:30 in New York
    const lastMinute = await edit('companyadmin@demo.test', id, body);
    const listedBefore = await listCampaigns(app, await tokenOf('companyadmin@demo.test'), 'future', {
      limit: 100,
    });
    setNow('2031-04-25T04:30:00Z'); // 25 April, 00:30 in New York
    const tooLate = await edit('companyadmin@demo.test', id, { ...body, discountPercent: 35 });
    const listedAfter = await listCampaigns(app, await tokenOf('companyadmin@demo.test'), 'future', {
      limit: 100,
    });

    expect(lastMinute.statusCode).toBe(200);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual({ code: 'conflict', errorMessage: m.cannotEdit });
    expect((await campaignRow(id)).discount_percent).toBe(30);
    const editable = (response: typeof listedBefore) =>
      response.json().campaigns.find((row: { _id: string }) => row._id === id).editable;
    expect(editable(listedBefore)).toBe(true);
    expect(editable(listedAfter)).toBe(false);
  });

  it('refuses next month’s campaign once this month’s 25th has come', async () => {
    const id = await greenForkCampaign('2031-04');

    setNow('2031-03-25T16:00:00Z');
    const response = await edit('companyadmin@demo.test', id, campaignBody(ids.brands.standalone, '2031-04'));

    expect(response.statusCode).toBe(409);
    expect(response.json().errorMessage).toBe(m.cannotEdit);
  });

  it.each([
    ['current', '2031-03'],
    ['past', '2031-01'],
  ])('refuses to edit a %s campaign', async (_phase, month) => {
    const id = await greenForkCampaign(month);

    const response = await edit('companyadmin@demo.test', id, campaignBody(ids.brands.standalone, '2031-05'));

    expect(response.statusCode).toBe(409);
    expect(response.json().errorMessage).toBe(m.cannotEdit);
  });

  it('refuses to move a campaign to another brand, even one in scope', async () => {
    const id = await insertCampaign(testApp.db, { brandId: ids.brands.groupBrandA, month: '2031-05' });

    const response = await edit('groupadmin@demo.test', id, campaignBody(ids.brands.groupBrandB, '2031-05'));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: 'Invalid value',
      fieldErrors: { brandId: 'Invalid value' },
    });
    expect((await campaignRow(id)).brand_id).toBe(ids.brands.groupBrandA);
  });

  it('refuses a month outside the window and a branch that is not the brand’s, changing nothing', async () => {
    const id = await greenForkCampaign('2031-05');
    const leeds = (await branchesOf(testApp.db, ids.brands.groupBrandA))[0]!.id;

    const farMonth = await edit('companyadmin@demo.test', id, campaignBody(ids.brands.standalone, '2031-11'));
    const foreignBranch = await edit(
      'companyadmin@demo.test',
      id,
      campaignBody(ids.brands.standalone, '2031-05', { type: undefined, merchantIds: [leeds] }),
    );
    const invalid = await edit(
      'companyadmin@demo.test',
      id,
      campaignBody(ids.brands.standalone, '2031-05', { discountPercent: 0 }),
    );

    expect(farMonth.statusCode).toBe(400);
    expect(farMonth.json().errorMessage).toBe('Please select a campaign month from 04/2031 to 10/2031');
    expect(foreignBranch.statusCode).toBe(400);
    expect(foreignBranch.json().errorMessage).toBe(m.branchNotAvailable);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors.discountPercent).toBe(
      m.percentRange(m.numberFieldNames.discountPercent),
    );
    const row = await campaignRow(id);
    expect(row).toMatchObject({ start_date: '2031-05-01', discount_percent: 15 });
    expect(await branchNames(id)).toEqual(['Green Fork Shoreditch', 'Green Fork Soho']);
  });

  it('answers 404 for a deleted campaign', async () => {
    const id = await greenForkCampaign('2031-05');
    await call(app, {
      method: 'DELETE',
      url: `/api/campaigns/${id}`,
      token: await tokenOf('user@demo.test'),
    });

    const response = await edit('user@demo.test', id, campaignBody(ids.brands.standalone, '2031-05'));

    expect(response.statusCode).toBe(404);
  });

  it('keeps an edited child campaign a child of its series (the form sends recurring: true)', async () => {
    const primary = await greenForkCampaign('2031-04', { recurring: true });
    const child = await greenForkCampaign('2031-05', { recurring: true, primaryId: primary });

    const response = await edit(
      'companyadmin@demo.test',
      child,
      campaignBody(ids.brands.standalone, '2031-05', { recurring: true, discountPercent: 20 }),
    );

    expect(response.statusCode).toBe(200);
    expect(await campaignRow(child)).toMatchObject({
      discount_percent: 20,
      is_primary_campaign: false,
      primary_campaign_id: primary,
    });
  });

  it('replaces a single promo code rather than keeping the old one beside it', async () => {
    const created = await call(app, {
      method: 'POST',
      url: '/api/campaigns',
      token: await tokenOf('companyadmin@demo.test'),
      body: campaignBody(ids.brands.standalone, '2031-05', {
        promoCode: { mode: 'single', code: 'FIRST10' },
      }),
    });
    const id = created.json().campaign._id;

    const response = await edit(
      'companyadmin@demo.test',
      id,
      campaignBody(ids.brands.standalone, '2031-05', { promoCode: { mode: 'single', code: 'SECOND10' } }),
    );
    const codes = await testApp.db
      .selectFrom('campaign_promo_codes')
      .select('code')
      .where('campaign_id', '=', id)
      .execute();

    expect(response.statusCode).toBe(200);
    expect(codes).toEqual([{ code: 'SECOND10' }]);
  });
});

describe('DELETE /api/campaigns/:id', () => {
  it('deletes a future campaign, which then disappears from the lists and from reads', async () => {
    const id = await greenForkCampaign('2031-06', { name: 'Green Fork Doomed' });
    const token = await tokenOf('brandadmin@demo.test');

    const response = await call(app, { method: 'DELETE', url: `/api/campaigns/${id}`, token });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 206, respMessage: 'Campaign deleted successfully' });
    const list = await listCampaigns(app, token, 'future', { globalSearch: 'Green Fork Doomed' });
    expect(list.json().campaigns).toEqual([]);
    expect(list.json().pagination.total).toBe(0);
    const read = await call(app, { url: `/api/campaigns/${id}`, token });
    expect(read.statusCode).toBe(404);
    const again = await call(app, { method: 'DELETE', url: `/api/campaigns/${id}`, token });
    expect(again.statusCode).toBe(404);
    expect((await campaignRow(id)).deleted_at).toBeInstanceOf(Date);
  });

  it('refuses to delete a running campaign, saying it can be stopped from next month on (spec 3 §1, §4)', async () => {
    const id = await greenForkCampaign('2031-03', { name: 'Green Fork Running' });
    const token = await tokenOf('user@demo.test');

    const response = await call(app, { method: 'DELETE', url: `/api/campaigns/${id}`, token });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.cannotDeleteRunning });
    expect((await campaignRow(id)).deleted_at).toBeNull();
    const current = await listCampaigns(app, token, 'current', { globalSearch: 'Green Fork Running' });
    expect(current.json().campaigns).toHaveLength(1);
  });

  it('refuses to delete a campaign cardholders earned cashback on, changing nothing', async () => {
    const branchId = await insertBranch(
      testApp.db,
      ids.brands.standalone,
      'Active',
      'Green Fork Billed',
      'DEL-MC-1',
    );
    const billed = await greenForkCampaign('2031-03', {
      name: 'Green Fork Billed',
      status: 'Bank Approved',
      branchIds: [branchId],
    });
    const unbilled = await greenForkCampaign('2031-03', { name: 'Green Fork Unbilled' });
    const ingested = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
      body: [
        'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher',
        'DEL-1,2031-03-10T09:00:00-04:00,40.00,GBP,DEL-MC-1,card-del,1111,N1 9AA,ATR',
      ].join('\n'),
    });
    expect(ingested.json()).toMatchObject({ rejected: 0 });
    const before = await campaignRow(billed);
    expect(before.deleted_at).toBeNull();

    for (const email of ['brandadmin@demo.test', 'user@demo.test']) {
      const response = await call(app, {
        method: 'DELETE',
        url: `/api/campaigns/${billed}`,
        token: await tokenOf(email),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.cannotDeleteBilled });
    }

    expect(await campaignRow(billed)).toEqual(before);
    const token = await tokenOf('brandadmin@demo.test');
    const listed = await listCampaigns(app, token, 'current', { globalSearch: 'Green Fork' });
    const flags = Object.fromEntries(
      listed
        .json()
        .campaigns.map((c: { name: string; hasQualifiedTransactions: boolean }) => [
          c.name,
          c.hasQualifiedTransactions,
        ]),
    );
    expect(flags).toMatchObject({ 'Green Fork Billed': true, 'Green Fork Unbilled': false });
    const running = await call(app, { method: 'DELETE', url: `/api/campaigns/${unbilled}`, token });
    expect(running.json()).toEqual({ code: 'conflict', errorMessage: m.cannotDeleteRunning });
  });

  it('refuses to delete a past campaign, which stays in the Past list', async () => {
    const id = await greenForkCampaign('2031-02', { name: 'Green Fork Bygone' });
    const token = await tokenOf('companyadmin@demo.test');

    const response = await call(app, { method: 'DELETE', url: `/api/campaigns/${id}`, token });
    const past = await listCampaigns(app, token, 'past', { globalSearch: 'Green Fork Bygone' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.cannotDelete });
    expect(past.json().campaigns).toHaveLength(1);
  });
});

describe('POST /api/campaigns/campaignStartPause/:campaignId', () => {
  const pause = async (id: string, body: unknown, email = 'companyadmin@demo.test') =>
    call(app, {
      method: 'POST',
      url: `/api/campaigns/campaignStartPause/${id}`,
      token: await tokenOf(email),
      body,
    });
  const add = (id: string, ...range: string[]) =>
    pause(id, { range, action: 'add', brandName: 'Green Fork' });
  const pausedDateOf = async (id: string) => {
    const list = await listCampaigns(app, await tokenOf('companyadmin@demo.test'), 'future', { limit: 100 });
    return list.json().campaigns.find((row: { _id: string }) => row._id === id)?.pausedDate;
  };

  it('adds a paused range from the earliest date, shown in the list and on the campaign', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });
    expect(earliestPauseDate(current, newYork)).toBe('2031-04-01');

    const response = await add(id, pauseText('2031-04-01', '2031-04-15'));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 200, respMessage: m.pauseAdded });
    expect(await pausedDateOf(id)).toEqual(['01/04/2031 - 15/04/2031']);
    const read = await call(app, {
      url: `/api/campaigns/${id}`,
      token: await tokenOf('companyadmin@demo.test'),
    });
    expect(read.json().campaign.pauses).toEqual([
      { from: '2031-04-01', to: '2031-04-15', label: '01/04/2031 - 15/04/2031' },
    ]);
  });

  it('adds several ranges at once, listed in date order, and shows them on the series’ children too', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });
    const child = await greenForkCampaign('2031-05', { recurring: true, primaryId: id });

    const response = await add(
      id,
      pauseText('2031-06-01', '2031-06-30'),
      pauseText('2031-05-10', '2031-05-12'),
    );

    expect(response.statusCode).toBe(200);
    const expected = ['10/05/2031 - 12/05/2031', '01/06/2031 - 30/06/2031'];
    expect(await pausedDateOf(id)).toEqual(expected);
    expect(await pausedDateOf(child)).toEqual(expected);
  });

  it('refuses a range starting before the 1st of next month, and after the 25th before the month after', async () => {
    const id = await greenForkCampaign('2031-05', { recurring: true });

    const early = await add(id, pauseText('2031-03-31', '2031-04-02'));
    setNow('2031-03-25T16:00:00Z');
    expect(earliestPauseDate(current, newYork)).toBe('2031-05-01');
    const afterThe25th = await add(id, pauseText('2031-04-01', '2031-04-15'));
    const allowed = await add(id, pauseText('2031-05-01', '2031-05-03'));

    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      code: 'validation_failed',
      errorMessage: 'A paused range can start on 01/04/2031 at the earliest',
      fieldErrors: { range: 'A paused range can start on 01/04/2031 at the earliest' },
    });
    expect(afterThe25th.statusCode).toBe(400);
    expect(afterThe25th.json().errorMessage).toBe('A paused range can start on 01/05/2031 at the earliest');
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses a range that shares a day with an existing one, or with another in the same request', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });
    await add(id, pauseText('2031-04-10', '2031-04-20'));

    const overlapping = await add(id, pauseText('2031-04-20', '2031-04-25'));
    const inside = await add(id, pauseText('2031-04-12', '2031-04-13'));
    const together = await add(
      id,
      pauseText('2031-05-01', '2031-05-10'),
      pauseText('2031-05-10', '2031-05-12'),
    );
    const touching = await add(id, pauseText('2031-04-21', '2031-04-25'));

    for (const response of [overlapping, inside, together]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toBe(m.pauseOverlaps);
    }
    expect(touching.statusCode).toBe(200);
    expect(await pausedDateOf(id)).toEqual(['10/04/2031 - 20/04/2031', '21/04/2031 - 25/04/2031']);
  });

  it.each([
    ['text that is no range', 'next week'],
    ['a day that does not exist', '31/04/2031 - 02/05/2031'],
    ['ISO dates', '2031-04-01 - 2031-04-02'],
  ])('refuses %s', async (_case, range) => {
    const id = await greenForkCampaign('2031-04', { recurring: true });

    const response = await add(id, range);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      errorMessage: m.pauseInvalidDate,
      fieldErrors: { range: m.pauseInvalidDate },
    });
  });

  it('refuses a range that ends before it starts, saying so', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });

    const response = await add(id, '10/04/2031 - 01/04/2031');

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(m.pauseEndBeforeStart);
  });

  it.each([
    ['an empty range list', { range: [], action: 'add' }],
    ['an unknown action', { range: ['01/04/2031 - 02/04/2031'], action: 'pause' }],
    ['an extra field', { range: ['01/04/2031 - 02/04/2031'], action: 'add', note: 'x' }],
    ['an overlong range text', { range: ['0'.repeat(41)], action: 'add' }],
  ])('refuses %s with 400', async (_case, body) => {
    const id = await greenForkCampaign('2031-04', { recurring: true });

    const response = await pause(id, body);

    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['a campaign that is not recurring', { recurring: false, primary: false }],
    ['a child of a series', { recurring: true, primary: true }],
  ])('refuses to pause %s', async (_case, { recurring, primary }) => {
    const primaryId = primary ? await greenForkCampaign('2031-04', { recurring: true }) : undefined;
    const id = await greenForkCampaign('2031-05', { recurring, primaryId });

    const response = await add(id, pauseText('2031-06-01', '2031-06-05'));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.pauseOnlyPrimary });
  });

  it('deletes a paused range, and answers 404 for one that does not exist', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });
    await add(id, pauseText('2031-04-01', '2031-04-05'), pauseText('2031-05-01', '2031-05-05'));

    const deleted = await pause(id, { range: ['01/04/2031 - 05/04/2031'], action: 'delete' });
    const again = await pause(id, { range: ['01/04/2031 - 05/04/2031'], action: 'delete' });

    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ respCode: 206, respMessage: m.pauseDeleted });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'not_found', errorMessage: m.pauseNotFound });
    expect(await pausedDateOf(id)).toEqual(['01/05/2031 - 05/05/2031']);
  });

  const storedPauses = async (id: string) =>
    (
      await testApp.db
        .selectFrom('campaign_pauses')
        .select(['from_date', 'to_date'])
        .where('campaign_id', '=', id)
        .orderBy('from_date')
        .execute()
    ).map((p) => `${p.from_date}…${p.to_date}`);

  it('keeps the days a pause has run: one under way ends yesterday, one that is over stays (decision 0120)', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });
    await add(id, pauseText('2031-04-01', '2031-04-05'), pauseText('2031-04-10', '2031-04-20'));
    // 15 April in New York: the first range is over, the second under way.
    setNow('2031-04-15T15:00:00Z');

    const over = await pause(id, { range: ['01/04/2031 - 05/04/2031'], action: 'delete' });
    const ended = await pause(id, { range: ['10/04/2031 - 20/04/2031'], action: 'delete' });

    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ code: 'conflict', errorMessage: m.pauseOver });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ respCode: 206, respMessage: m.pauseEnded('14/04/2031') });
    expect(await storedPauses(id)).toEqual(['2031-04-01…2031-04-05', '2031-04-10…2031-04-14']);
    const events = await testApp.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(events.changes)).toContain('2031-04-14');
  });

  it('an edit of a range under way keeps the days it ran beside the new dates; one that is over is refused', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });
    await add(id, pauseText('2031-04-01', '2031-04-05'), pauseText('2031-04-10', '2031-04-20'));
    setNow('2031-04-15T15:00:00Z');

    const over = await edit(id, '01/04/2031 - 05/04/2031', pauseText('2031-06-01', '2031-06-05'));
    const moved = await edit(id, '10/04/2031 - 20/04/2031', pauseText('2031-06-10', '2031-06-12'));

    expect(over.statusCode).toBe(409);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await storedPauses(id)).toEqual([
      '2031-04-01…2031-04-05',
      '2031-04-10…2031-04-14',
      '2031-06-10…2031-06-12',
    ]);
  });

  const edit = (id: string, range: string, newAddedDate: string) =>
    pause(id, { range: [range], action: 'edit', newAddedDate, brandName: 'Green Fork' });

  it('edits a paused range: the new dates replace the old ones, with 205 and the message', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });
    await add(id, pauseText('2031-04-01', '2031-04-05'), pauseText('2031-05-10', '2031-05-12'));

    const response = await edit(id, '01/04/2031 - 05/04/2031', pauseText('2031-04-02', '2031-04-20'));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 205, respMessage: m.pauseUpdated });
    expect(await pausedDateOf(id)).toEqual(['02/04/2031 - 20/04/2031', '10/05/2031 - 12/05/2031']);
  });

  it('checks the new dates as an added range is checked, against the other ranges, and changes nothing when refused', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });
    await add(id, pauseText('2031-04-10', '2031-04-20'), pauseText('2031-05-10', '2031-05-12'));
    const before = ['10/04/2031 - 20/04/2031', '10/05/2031 - 12/05/2031'];

    // Overlapping its own old dates is fine; overlapping another range, starting too early, ending
    // before it starts or not being a date is not.
    const widened = await edit(id, '10/04/2031 - 20/04/2031', pauseText('2031-04-15', '2031-04-25'));
    const overlapping = await edit(id, '15/04/2031 - 25/04/2031', pauseText('2031-04-15', '2031-05-11'));
    const early = await edit(id, '15/04/2031 - 25/04/2031', pauseText('2031-03-31', '2031-04-02'));
    const backwards = await edit(id, '15/04/2031 - 25/04/2031', '25/04/2031 - 15/04/2031');
    const notADate = await edit(id, '15/04/2031 - 25/04/2031', '31/04/2031 - 02/05/2031');

    expect(widened.statusCode).toBe(200);
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json()).toEqual({
      code: 'validation_failed',
      errorMessage: m.pauseOverlaps,
      fieldErrors: { newAddedDate: m.pauseOverlaps },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errorMessage).toBe('A paused range can start on 01/04/2031 at the earliest');
    expect(backwards.json()).toMatchObject({ errorMessage: m.pauseEndBeforeStart });
    expect(notADate.json()).toEqual({
      code: 'validation_failed',
      errorMessage: m.pauseInvalidDate,
      fieldErrors: { newAddedDate: m.pauseInvalidDate },
    });
    expect(await pausedDateOf(id)).toEqual(['15/04/2031 - 25/04/2031', before[1]]);
  });

  it('answers 404 for an edit of a range that does not exist, and 400 without the new dates', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });
    await add(id, pauseText('2031-04-10', '2031-04-20'));

    const missing = await edit(id, '01/04/2031 - 02/04/2031', pauseText('2031-05-01', '2031-05-02'));
    const withoutDates = await pause(id, { range: ['10/04/2031 - 20/04/2031'], action: 'edit' });
    const twoAtOnce = await pause(id, {
      range: ['10/04/2031 - 20/04/2031', '01/05/2031 - 02/05/2031'],
      action: 'edit',
      newAddedDate: pauseText('2031-06-01', '2031-06-02'),
    });

    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', errorMessage: m.pauseNotFound });
    expect(withoutDates.statusCode).toBe(400);
    expect(withoutDates.json().fieldErrors).toEqual({ newAddedDate: m.pauseEditNeedsRanges });
    expect(twoAtOnce.statusCode).toBe(400);
    expect(await pausedDateOf(id)).toEqual(['10/04/2031 - 20/04/2031']);
  });

  it('is refused to finance roles (403)', async () => {
    const id = await greenForkCampaign('2031-04', { recurring: true });

    const response = await pause(
      id,
      { range: [pauseText('2031-04-01', '2031-04-05')], action: 'add' },
      'branduser@demo.test',
    );

    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/campaigns/templateConfirmation/:id', () => {
  const review = async (email: string, id: string, action: string) =>
    call(app, {
      method: 'POST',
      url: `/api/campaigns/templateConfirmation/${id}`,
      token: await tokenOf(email),
      body: { action },
    });
  const listedStatus = async (email: string, id: string) => {
    const list = await listCampaigns(app, await tokenOf(email), 'future', { limit: 100 });
    const row = list.json().campaigns.find((campaign: { _id: string }) => campaign._id === id);
    return { status: row.status, statusLabel: row.statusLabel };
  };

  it('lets a bank confirm a submitted campaign: Bank Approved, shown Approved', async () => {
    const id = await greenForkCampaign('2031-04');
    expect(await listedStatus('companyadmin@demo.test', id)).toEqual({
      status: 'Pending',
      statusLabel: 'Submitted',
    });

    const response = await review('bank@demo.test', id, 'confirm');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ respCode: 205, respMessage: m.templatesConfirmed });
    expect(await listedStatus('companyadmin@demo.test', id)).toEqual({
      status: 'Bank Approved',
      statusLabel: 'Approved',
    });
  });

  it('lets a bank confirm a campaign awaiting bank approval', async () => {
    const id = await greenForkCampaign('2031-04', { status: 'Bank Approval Pending' });

    const response = await review('bank@demo.test', id, 'confirm');

    expect(response.statusCode).toBe(200);
    expect((await campaignRow(id)).status).toBe('Bank Approved');
  });

  it('lets a bank reject: Bank Rejected, shown Rejected', async () => {
    const id = await greenForkCampaign('2031-04');

    const response = await review('bank@demo.test', id, 'reject');

    expect(response.json()).toEqual({ respCode: 205, respMessage: m.templatesRejected });
    expect(await listedStatus('companyadmin@demo.test', id)).toEqual({
      status: 'Bank Rejected',
      statusLabel: 'Rejected',
    });
  });

  it('lets the system admin reject: Krowd Rejected, shown Rejected', async () => {
    const id = await greenForkCampaign('2031-04');

    const response = await review('admin@demo.test', id, 'reject');

    expect(response.statusCode).toBe(200);
    expect(await listedStatus('admin@demo.test', id)).toEqual({
      status: 'Krowd Rejected',
      statusLabel: 'Rejected',
    });
  });

  it('refuses the system admin a confirmation', async () => {
    const id = await greenForkCampaign('2031-04');

    const response = await review('admin@demo.test', id, 'confirm');

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
    expect((await campaignRow(id)).status).toBe('Pending');
  });

  it.each(['Bank Approved', 'Bank Rejected', 'Krowd Rejected', 'Active', 'Rejected'] as const)(
    'refuses to review a campaign already %s',
    async (status) => {
      const id = await greenForkCampaign('2031-04', { status });

      const confirm = await review('bank@demo.test', id, 'confirm');
      const reject = await review('admin@demo.test', id, 'reject');

      for (const response of [confirm, reject]) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.reviewNotAllowed });
      }
      expect((await campaignRow(id)).status).toBe(status);
    },
  );

  it('refuses brand users (403), an unknown action (400) and an unknown campaign (404)', async () => {
    const id = await greenForkCampaign('2031-04');

    const brandUser = await review('companyadmin@demo.test', id, 'confirm');
    const badAction = await review('bank@demo.test', id, 'approve');
    const unknown = await review('bank@demo.test', '00000000-0000-4000-8000-000000000000', 'confirm');

    expect(brandUser.statusCode).toBe(403);
    expect(badAction.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(404);
    expect((await campaignRow(id)).status).toBe('Pending');
  });
});

describe('promo codes', () => {
  let owner: Tenant;
  let minimum: number;

  beforeAll(async () => {
    owner = await newTenant(app, testApp.db, { projection: smallProjectionRecord() });
    minimum = await promoCodeMinimumFor(testApp.db, owner.brandId, {
      customerType: 'all',
      discountType: 'dp',
      discountPercent: 15,
      successFee: 10,
    });
  });

  /** A campaign created through the API with the promo code choice given. */
  async function campaignWith(promoCode: unknown, tenant = owner) {
    const response = await call(app, {
      method: 'POST',
      url: '/api/campaigns?response=true',
      token: tenant.token,
      body: campaignBody(tenant.brandId, '2031-05', promoCode === undefined ? {} : { promoCode }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().campaign._id as string;
  }

  async function codesOf(id: string) {
    const rows = await testApp.db
      .selectFrom('campaign_promo_codes')
      .select('code')
      .where('campaign_id', '=', id)
      .execute();
    return rows.map((row) => row.code);
  }

  it('stores a single promo code given on create', async () => {
    const id = await campaignWith({ mode: 'single', code: 'WELCOME-15' });

    expect(await codesOf(id)).toEqual(['WELCOME-15']);
  });

  it('takes at least 1.2 × the expected reach of multiple codes as text/csv', async () => {
    // The small record reaches (100 + 50) × 1.04 = 156 cardholders for 'all': 188 codes at least.
    expect(minimum).toBe(188);
    const id = await campaignWith({ mode: 'multiple' });

    const tooFew = await uploadPromoCodes(app, owner.token, id, promoCsv(minimum - 1));
    const enough = await uploadPromoCodes(app, owner.token, id, promoCsv(minimum));

    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json()).toEqual({
      code: 'validation_failed',
      errorMessage: 'Please upload at least 188 promo codes (20% more than the expected reach)',
      fieldErrors: { file: 'Please upload at least 188 promo codes (20% more than the expected reach)' },
    });
    expect(enough.statusCode).toBe(200);
    expect(enough.json()).toEqual({ respCode: 200, respMessage: '188 promo codes uploaded successfully' });
    expect(await codesOf(id)).toHaveLength(188);
  });

  it.each([
    ['a code twice (ignoring case)', `code\nA1\nB2\na1\n`, 'The promo code "a1" appears more than once'],
    ['a bad line', `code\nGOOD1\nNOT OK\nGOOD2\n`, m.promoCodesInvalidLine(3)],
    ['a quote never closed', `code\nGOOD1\n"GOOD2\nGOOD3\n`, m.promoCodesUnclosedQuote(3)],
    ['an empty file', '', m.promoCodesEmpty],
    ['only a header and blank lines', 'promocode\n\n\n', m.promoCodesEmpty],
  ])('refuses %s, storing nothing', async (_case, csv, message) => {
    const id = await campaignWith({ mode: 'multiple' });

    const response = await uploadPromoCodes(app, owner.token, id, csv);

    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(message);
    expect(await codesOf(id)).toEqual([]);
  });

  it.each([
    ['a single code', { mode: 'single', code: 'ONLY1' }],
    ['no promo code', undefined],
  ])('refuses codes for a campaign with %s', async (_case, promoCode) => {
    const id = await campaignWith(promoCode);

    const response = await uploadPromoCodes(app, owner.token, id, promoCsv(minimum));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.promoCodesNotMultiple });
  });

  it('replaces the codes of an earlier upload with those of the new file', async () => {
    const id = await campaignWith({ mode: 'multiple' });
    await uploadPromoCodes(app, owner.token, id, promoCsv(minimum, 'FIRST'));

    const second = await uploadPromoCodes(app, owner.token, id, promoCsv(minimum + 2, 'SECOND'));

    expect(second.statusCode, second.body).toBe(200);
    const codes = await codesOf(id);
    expect(codes).toHaveLength(minimum + 2);
    expect(codes.every((code) => code.startsWith('SECOND'))).toBe(true);
  });

  it('keeps the codes of the earlier upload when the new file is refused', async () => {
    const id = await campaignWith({ mode: 'multiple' });
    await uploadPromoCodes(app, owner.token, id, promoCsv(minimum, 'FIRST'));

    const refused = await uploadPromoCodes(app, owner.token, id, promoCsv(minimum - 1, 'SECOND'));

    expect(refused.statusCode).toBe(400);
    const codes = await codesOf(id);
    expect(codes).toHaveLength(minimum);
    expect(codes.every((code) => code.startsWith('FIRST'))).toBe(true);
  });

  it('keeps uploaded codes through an edit in multiple mode, and replaces them when it turns single', async () => {
    const id = await campaignWith({ mode: 'multiple' });
    await uploadPromoCodes(app, owner.token, id, promoCsv(minimum));
    const body = (promoCode: unknown) =>
      campaignBody(owner.brandId, '2031-05', { promoCode, discountPercent: 20 });

    const stillMultiple = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${id}`,
      token: owner.token,
      body: body({ mode: 'multiple' }),
    });
    const codesKept = await codesOf(id);
    const nowSingle = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${id}`,
      token: owner.token,
      body: body({ mode: 'single', code: 'JUSTONE' }),
    });

    expect(stillMultiple.statusCode).toBe(200);
    expect(codesKept).toHaveLength(minimum);
    expect(nowSingle.statusCode).toBe(200);
    expect(await codesOf(id)).toEqual(['JUSTONE']);
  });

  it('keeps the templates and the promo code through an edit that does not send them', async () => {
    const template = await testApp.db
      .selectFrom('campaign_templates')
      .select('id')
      .where('type', '=', 'sms')
      .executeTakeFirstOrThrow();
    const templates = [{ type: 'sms', templateId: template.id, preview: '15% off', fields: {} }];
    const created = await call(app, {
      method: 'POST',
      url: '/api/campaigns?response=true',
      token: owner.token,
      body: campaignBody(owner.brandId, '2031-05', {
        templates,
        promoCode: { mode: 'single', code: 'KEEP15' },
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().campaign._id as string;
    const {
      templates: _templates,
      promoCode: _promoCode,
      ...withoutThem
    } = campaignBody(owner.brandId, '2031-05', { discountPercent: 20 }) as Record<string, unknown>;

    const edited = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${id}`,
      token: owner.token,
      body: withoutThem,
    });

    expect(edited.statusCode, edited.body).toBe(200);
    const row = await campaignRow(id);
    expect(row.discount_percent).toBe(20);
    expect(row.templates).toEqual(templates);
    expect(row.promo_code).toEqual({ mode: 'single', code: 'KEEP15' });
    expect(await codesOf(id)).toEqual(['KEEP15']);
  });

  it('refuses when the brand has no projection record to size the file', async () => {
    const bare = await newTenant(app, testApp.db);
    const id = await campaignWith({ mode: 'multiple' }, bare);

    const response = await uploadPromoCodes(app, bare.token, id, promoCsv(10));

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'conflict', errorMessage: m.projectionMissing });
  });

  it('stores a file of a real brand’s size (more codes than one SQL statement can carry)', async () => {
    const id = await insertCampaign(testApp.db, {
      brandId: ids.brands.firstLogin,
      month: '2031-05',
      promoCode: { mode: 'multiple' },
    });
    const needed = await promoCodeMinimumFor(testApp.db, ids.brands.firstLogin, {
      customerType: 'all',
      discountType: 'dp',
      discountPercent: 15,
      successFee: 10,
    });
    expect(needed).toBeGreaterThan(21_845);

    const response = await uploadPromoCodes(app, await tokenOf('firstlogin@demo.test'), id, promoCsv(needed));

    expect(response.statusCode, response.body).toBe(200);
    expect(await codesOf(id)).toHaveLength(needed);
  });

  it.each([
    ['another upload path', 'uploadPath=campaign&campaign_id=00000000-0000-4000-8000-000000000000'],
    ['no campaign', 'uploadPath=promocode'],
    ['a campaign id that is not an id', 'uploadPath=promocode&campaign_id=abc'],
  ])('refuses %s with 400', async (_case, query) => {
    const response = await call(app, {
      method: 'POST',
      url: `/api/campaigns/upload?${query}`,
      token: owner.token,
      headers: { 'content-type': 'text/csv' },
      body: 'code\nA1\n',
    });

    expect(response.statusCode).toBe(400);
  });

  it('refuses a JSON body, and a file over 2 MB', async () => {
    const id = await campaignWith({ mode: 'multiple' });

    const json = await call(app, {
      method: 'POST',
      url: `/api/campaigns/upload?uploadPath=promocode&campaign_id=${id}`,
      token: owner.token,
      body: { codes: ['A1'] },
    });
    const huge = await uploadPromoCodes(app, owner.token, id, `code\n${'A'.repeat(50)}\n`.repeat(45_000));

    expect(json.statusCode).toBe(400);
    expect(json.json().errorMessage).toBe('A text/csv body is required');
    expect(huge.statusCode).toBe(413);
    expect(await codesOf(id)).toEqual([]);
  });
});
