import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, type App, type TestApp } from '../../test/test-app.ts';
import {
  campaignBody,
  insertBranch,
  insertCampaign,
  listCampaigns,
  newTenant,
  type Tenant,
} from './campaigns.fixtures.ts';

/**
 * A campaign's holdout share (docs/decisions/0129) through POST and PUT /api/campaigns, and the
 * brand's volume the form's minimum detectable lift is worked out at (GET
 * /api/campaigns/holdoutVolume). The clock is fixed at 10 March 2031 in New York: April is the
 * first month a campaign can be made for, February the last full month.
 */

const m = messages.campaign;
const now = new Date('2031-03-10T15:00:00Z');

let testApp: TestApp;
let app: App;
let owner: Tenant;
let other: Tenant;

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
  app = testApp.app;
  owner = await newTenant(app, testApp.db, { branches: ['Active'] });
  other = await newTenant(app, testApp.db, { branches: ['Active'] });
});

afterAll(async () => {
  await testApp?.close();
});

const create = (body: unknown) =>
  call(app, { method: 'POST', url: '/api/campaigns?response=true', token: owner.token, body });

const storedShare = async (id: string) =>
  (
    await testApp.db
      .selectFrom('campaigns')
      .select('holdout_share_basis_points')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).holdout_share_basis_points;

describe('the holdout share of a campaign', () => {
  it('is 10% when the form sends none, 0 switches it off, and it is read back on the details and the list', async () => {
    const plain = await create(campaignBody(owner.brandId, '2031-04'));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await storedShare(plain.json().campaign._id)).toBe(1000);
    const off = await create(campaignBody(owner.brandId, '2031-04', { holdoutShare: 0 }));
    expect(await storedShare(off.json().campaign._id)).toBe(0);
    const quarter = await create(campaignBody(owner.brandId, '2031-04', { holdoutShare: 2550 }));
    const id = quarter.json().campaign._id as string;
    expect(await storedShare(id)).toBe(2550);
    const read = await call(app, { url: `/api/campaigns/${id}`, token: owner.token });
    expect(read.json().campaign.holdoutShare).toBe(2550);
    const listed = await listCampaigns(app, owner.token, 'future');
    const row = (listed.json().campaigns as { _id: string; holdoutShare: number }[]).find(
      (c) => c._id === id,
    );
    expect(row?.holdoutShare).toBe(2550);
  });

  it('changes with an edit before the month starts, audited', async () => {
    const created = await create(campaignBody(owner.brandId, '2031-05', { holdoutShare: 1000 }));
    const id = created.json().campaign._id as string;
    const edited = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${id}`,
      token: owner.token,
      body: campaignBody(owner.brandId, '2031-05', { holdoutShare: 500 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await storedShare(id)).toBe(500);
    const audit = await testApp.db
      .selectFrom('audit_events')
      .select('changes')
      .where('entity_id', '=', id)
      .where('action', '=', 'updated')
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ holdout_share_basis_points: { before: 1000, after: 500 } });
  });

  it('is frozen once the month has started: an edit of a running campaign is refused and the share stays', async () => {
    const running = await insertCampaign(testApp.db, {
      brandId: owner.brandId,
      month: '2031-03',
      status: 'Active',
      values: { holdout_share_basis_points: 1000 },
    });
    const edited = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${running}`,
      token: owner.token,
      body: campaignBody(owner.brandId, '2031-04', { holdoutShare: 0 }),
    });
    expect(edited.statusCode, edited.body).toBe(409);
    expect(edited.json().errorMessage).toBe(m.cannotEdit);
    expect(await storedShare(running)).toBe(1000);
  });

  it.each([
    ['above 50%', 5001],
    ['below 0', -1],
    ['a fraction of a basis point', 10.5],
    ['a share as text', '1000'],
  ])('refuses a share %s with 400 naming it, storing nothing', async (_case, holdoutShare) => {
    const response = await create(campaignBody(owner.brandId, '2031-06', { holdoutShare }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errorMessage).toBe(m.holdout.shareInvalid);
  });
});

describe('the brand’s volume for the minimum detectable lift', () => {
  const volume = (token: string, brandId?: string) =>
    call(app, { url: `/api/campaigns/holdoutVolume${brandId ? `?brandId=${brandId}` : ''}`, token });

  it('says there is no history when the brand has no stored purchases last month', async () => {
    const response = await volume(owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ month: '2031-02', cards: 0, spendStandardDeviationPence: null });
  });

  it('counts the distinct cards of the last full month and the spread of their spend', async () => {
    await insertBranch(testApp.db, owner.brandId, 'Active', 'Volume Branch', 'VOLUME-MID');
    const row = (id: string, datetime: string, amount: string, card: string) => ({
      transaction_id: id,
      datetime,
      amount,
      currency: 'GBP',
      mid: 'VOLUME-MID',
      card_token: card,
      card_last4: '4242',
      publisher: 'ATR',
    });
    const ingested = await call(app, {
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'content-type': 'application/json', 'x-api-key': 'demo-atr-key' },
      body: JSON.stringify([
        row('VOL-1', '2031-01-20T12:00:00-05:00', '99.00', 'vol-a'), // January: not counted
        row('VOL-2', '2031-02-03T12:00:00-05:00', '10.00', 'vol-a'),
        row('VOL-3', '2031-02-10T12:00:00-05:00', '5.00', 'vol-a'),
        row('VOL-4', '2031-02-11T12:00:00-05:00', '30.00', 'vol-b'),
        row('VOL-5', '2031-02-28T23:30:00-05:00', '20.00', 'vol-c'), // the month's last hour, New York
        row('VOL-6', '2031-03-01T00:30:00-05:00', '50.00', 'vol-d'), // March: not counted
      ]),
    });
    expect(ingested.statusCode, ingested.body).toBe(200);
    const response = await volume(owner.token, owner.brandId);
    expect(response.statusCode, response.body).toBe(200);
    // Spend 1,500, 3,000 and 2,000 pence: mean 2,166.67, sample deviation √583,333.3 = 763.76.
    expect(response.json()).toMatchObject({ month: '2031-02', cards: 3, spendStandardDeviationPence: 764 });
  });

  it('answers another tenant’s brand as unknown, and asks for a brand when the caller has none', async () => {
    const foreign = await volume(other.token, owner.brandId);
    expect([403, 404]).toContain(foreign.statusCode);
    const bad = await volume(owner.token, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });
});
