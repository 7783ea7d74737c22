import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@krowd/domain/audit/audit.schema';
import { call, createTestApp, loginAs, type App, type TestApp } from '../../test/test-app.ts';
import {
  campaignBody,
  insertCampaign,
  newTenant,
  promoCodeMinimumFor,
  promoCsv,
  smallProjectionRecord,
  uploadPromoCodes,
  type Tenant,
} from '../campaigns/campaigns.fixtures.ts';

/**
 * The audit log (docs/decisions/0113): each change to a campaign is recorded in the change's own
 * transaction with who, when, from where and each field before and after; a brand's admins read
 * their brand's events, the system admin all; nobody can change one, and the chain check finds an
 * edit made past the trigger. The clock stands at 10 March 2031, 11:00 in New York.
 */

const now = new Date('2031-03-10T15:00:00Z');
let testApp: TestApp;
let app: App;
let tenant: Tenant;
let other: Tenant;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => now, env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
  tenant = await newTenant(app, testApp.db);
  other = await newTenant(app, testApp.db);
  admin = (await loginAs(app, 'admin@demo.test')).token;
});

afterAll(async () => {
  await testApp?.close();
});

const from = { remoteAddress: '203.0.113.7', headers: { 'user-agent': 'AuditTest/1.0' } };

async function createCampaign(owner: Tenant, overrides: Record<string, unknown> = {}) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/campaigns',
    token: owner.token,
    body: campaignBody(owner.brandId, '2031-05', overrides),
    ...from,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ campaign: { _id: string } }>().campaign._id;
}

async function eventsOf(token: string, query: string) {
  const response = await call(app, { url: `/api/audit-events?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditEvent[]; pagination: { total: number } }>();
}

describe('recording a campaign’s changes', () => {
  it('records the creation with who, when, from where and every field set', async () => {
    const id = await createCampaign(tenant, { discountPercent: 20 });

    const { data } = await eventsOf(tenant.token, `entityType=campaign&entityId=${id}`);

    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      occurredAt: now.toISOString(),
      actor: { id: tenant.userId, email: tenant.email },
      brandId: tenant.brandId,
      entityType: 'campaign',
      entityId: id,
      action: 'created',
      ip: '203.0.113.7',
      userAgent: 'AuditTest/1.0',
    });
    expect(data[0]!.changes).toMatchObject({
      discount_percent: { before: null, after: 20 },
      status: { before: null, after: 'Pending' },
      start_date: { before: null, after: '2031-05-01' },
    });
  });

  it('records an edit as the fields it changed, before and after, money in whole pence', async () => {
    const id = await createCampaign(tenant);
    const edited = campaignBody(tenant.brandId, '2031-05', {
      discountPercent: 25,
      budgetType: 'budget',
      budget: 750.5,
    });

    const response = await call(app, {
      method: 'PUT',
      url: `/api/campaigns/${id}`,
      token: tenant.token,
      body: edited,
    });
    expect(response.statusCode, response.body).toBe(200);

    const { data } = await eventsOf(tenant.token, `entityType=campaign&entityId=${id}`);
    expect(data.map((event) => event.action)).toEqual(['updated', 'created']);
    expect(data[0]!.changes).toEqual({
      discount_percent: { before: 15, after: 25 },
      budget_type: { before: 'na', after: 'budget' },
      budget_pence: { before: null, after: 75_050 },
    });
  });

  it('records a rejection by the system admin as the status it set, and a deletion', async () => {
    const id = await createCampaign(tenant);

    const rejected = await call(app, {
      method: 'POST',
      url: `/api/campaigns/templateConfirmation/${id}`,
      token: admin,
      body: { action: 'reject' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const deleted = await call(app, { method: 'DELETE', url: `/api/campaigns/${id}`, token: tenant.token });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const { data } = await eventsOf(admin, `entityType=campaign&entityId=${id}`);
    expect(data.map((event) => [event.action, event.actor.email])).toEqual([
      ['deleted', tenant.email],
      ['rejected', 'admin@demo.test'],
      ['created', tenant.email],
    ]);
    expect(data[1]!.changes).toEqual({ status: { before: 'Pending', after: 'Krowd Rejected' } });
    expect(data[0]!.changes).toEqual({ deleted_at: { before: null, after: now.toISOString() } });
  });

  it("records each month's campaign the recurring job makes for a series, with no user", async () => {
    const primary = await insertCampaign(testApp.db, {
      brandId: tenant.brandId,
      month: '2031-02',
      recurring: true,
      values: { is_primary_campaign: true },
      branchIds: tenant.branchIds,
    });

    await app.services.campaigns.createChildCampaigns();

    const children = await testApp.db
      .selectFrom('campaigns')
      .select(['id', 'start_date'])
      .where('primary_campaign_id', '=', primary)
      .orderBy('start_date')
      .execute();
    expect(children.map((child) => child.start_date)).toEqual(['2031-03-01', '2031-04-01']);
    for (const child of children) {
      const [made] = (await eventsOf(tenant.token, `entityType=campaign&entityId=${child.id}`)).data;
      expect(made).toMatchObject({ action: 'created', actor: { id: null, email: null }, ip: null });
      expect(made!.changes.start_date).toEqual({ before: null, after: child.start_date });
    }
  });

  it('records a promo-code file by how many codes it holds, never the codes', async () => {
    const owner = await newTenant(app, testApp.db, { projection: smallProjectionRecord() });
    const enough = await promoCodeMinimumFor(testApp.db, owner.brandId, {
      customerType: 'all',
      discountType: 'dp',
      discountPercent: 15,
      successFee: 10,
    });
    const id = await createCampaign(owner, { promoCode: { mode: 'multiple' } });

    const uploaded = await uploadPromoCodes(app, owner.token, id, promoCsv(enough, 'SECRETCODE'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const { data } = await eventsOf(owner.token, `entityType=campaign&entityId=${id}`);
    expect(data[0]).toMatchObject({
      action: 'updated',
      changes: { promo_codes_uploaded: { before: null, after: enough } },
    });
    expect(JSON.stringify(data)).not.toContain('SECRETCODE');
  });

  it('records nothing for a change that was refused: the event goes with its transaction', async () => {
    const before = (await eventsOf(admin, 'entityType=campaign')).pagination.total;
    const refused = await call(app, {
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.token,
      body: campaignBody(tenant.brandId, '2030-01'),
    });
    expect(refused.statusCode).toBe(400);
    expect((await eventsOf(admin, 'entityType=campaign')).pagination.total).toBe(before);
  });
});

describe('who reads the log', () => {
  it("shows a brand's admin only its brand's events, and the system admin every brand's", async () => {
    const mine = await createCampaign(tenant);
    const theirs = await createCampaign(other);

    const seen = (await eventsOf(tenant.token, 'limit=100')).data.map((event) => event.entityId);
    expect(seen).toContain(mine);
    expect(seen).not.toContain(theirs);
    const all = (await eventsOf(admin, 'limit=100')).data.map((event) => event.entityId);
    expect(all).toEqual(expect.arrayContaining([mine, theirs]));
  });

  it('answers 404 for another brand asked by id, 403 for a role without the log, 401 signed out', async () => {
    const elsewhere = await call(app, {
      url: `/api/audit-events?brandId=${other.brandId}`,
      token: tenant.token,
    });
    expect(elsewhere.statusCode).toBe(404);
    const user = await loginAs(app, 'user@demo.test');
    expect((await call(app, { url: '/api/audit-events', token: user.token })).statusCode).toBe(403);
    expect((await call(app, { url: '/api/audit-events' })).statusCode).toBe(401);
  });

  it('filters by user and by days in the timezone setting, paged with the list contract', async () => {
    await createCampaign(tenant);
    const byActor = await eventsOf(admin, `actorId=${tenant.userId}&limit=1`);
    expect(byActor.data).toHaveLength(1);
    expect(byActor.data[0]!.actor.id).toBe(tenant.userId);
    expect(byActor.pagination).toMatchObject({ page: 1, limit: 1 });
    expect(byActor.pagination.total).toBeGreaterThan(1);
    const byEmail = await eventsOf(admin, `actorEmail=${tenant.email.toUpperCase()}&limit=100`);
    expect(byEmail.pagination.total).toBe(byActor.pagination.total);
    expect(byEmail.data.every((event) => event.actor.email === tenant.email)).toBe(true);
    expect((await eventsOf(admin, 'from=2031-03-10&to=2031-03-10')).pagination.total).toBeGreaterThan(0);
    expect((await eventsOf(admin, 'from=2031-03-11')).pagination.total).toBe(0);
    const backwards = await call(app, {
      url: '/api/audit-events?from=2031-03-11&to=2031-03-10',
      token: admin,
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('exports the same events as CSV, oldest first, times in the timezone with the zone', async () => {
    const id = await createCampaign(tenant);
    const response = await call(app, {
      url: `/api/audit-events.csv?entityType=campaign&entityId=${id}`,
      token: tenant.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Event,When,User id,User e-mail,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,10/03/2031 11:00 EDT,${tenant.userId},${tenant.email},`);
    expect(lines[1]).toContain(',Campaign,');
    const elsewhere = await call(app, {
      url: `/api/audit-events.csv?brandId=${other.brandId}`,
      token: tenant.token,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("shows a campaign's version history to whoever reads the campaign, 404 outside its brand", async () => {
    const id = await createCampaign(tenant);
    const response = await call(app, { url: `/api/campaigns/${id}/versions`, token: tenant.token });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ versions: AuditEvent[] }>().versions.map((v) => v.action)).toEqual(['created']);
    expect((await call(app, { url: `/api/campaigns/${id}/versions`, token: other.token })).statusCode).toBe(
      404,
    );
  });
});

describe('the log cannot be changed', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of an event', async () => {
    await createCampaign(tenant);
    const { db } = testApp;
    await expect(sql`UPDATE audit_events SET actor_email = 'someone@else.test'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_events`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_events`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('links every event to the one before, and the check finds an edit made past the trigger', async () => {
    await createCampaign(tenant);
    expect(await app.services.audit.verify()).toMatchObject({ broken: null });

    const { db } = testApp;
    const last = await db
      .selectFrom('audit_events')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The table's owner can switch the trigger off; the chain still tells.
    await db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`.execute(trx);
      await sql`UPDATE audit_events SET actor_email = 'someone@else.test' WHERE id = ${last.id}`.execute(trx);
      await sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change`.execute(trx);
    });

    expect(await app.services.audit.verify()).toMatchObject({
      checked: last.id - 1,
      broken: { seq: last.id, problem: 'edited' },
      head: null,
    });
  });
});
