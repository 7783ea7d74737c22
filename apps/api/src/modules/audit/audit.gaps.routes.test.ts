import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@krowd/domain/audit/audit.schema';
import { insertCampaign } from '../campaigns/campaigns.fixtures.ts';
import { totpCodeAt } from '../auth/multi-factor.ts';
import {
  call,
  createTestApp,
  createTestClock,
  demoIds,
  loginAs,
  signUpNewAccount,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';
import { createAuditRepository } from './audit.repository.ts';
import { verifyAuditChain } from './audit.service.ts';

/**
 * Changes the audit log did not record before (docs/decisions/0113 "Recorded so far"): one's own
 * password and two-step sign-in, groups and their brands, client lists, edited overview figures,
 * and the mandate status the payment provider's webhook sets. Each change is exactly one event, in
 * its own transaction, never a secret; the chain still verifies after them all.
 */

const clock = createTestClock();
let testApp: TestApp;
let app: App;
let admin: SignedIn;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  testApp = await createTestApp({ clock: clock.now, env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  admin = await loginAs(app, 'admin@demo.test');
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

/** A record's events, newest first, as the system admin (who reads every event) sees them. */
async function eventsOf(entityType: string, entityId: string) {
  const response = await call(app, {
    url: `/api/audit-events?entityType=${entityType}&entityId=${entityId}&limit=100`,
    token: admin.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditEvent[] }>().data;
}

/** Every event's text, to show a secret is in none of them. */
async function everyEventText() {
  return JSON.stringify(await testApp.db.selectFrom('audit_events').selectAll().execute());
}

describe("one's own password", () => {
  it('records a new password as one rotation of the user, in no field: never the password', async () => {
    const account = await signUpNewAccount(app, 'audit-password');
    const signedIn = await loginAs(app, account.email, account.password);
    const newPassword = 'Changed!Audit-Pass7';

    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/changePassword',
      token: signedIn.token,
      body: { currentPassword: account.password, newPassword, confirmPassword: newPassword },
    });
    expect(response.statusCode, response.body).toBe(200);

    const events = await eventsOf('password', signedIn.details._id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'rotated',
      actor: { id: signedIn.details._id, email: account.email, provider: null },
      changes: {},
    });
    const text = await everyEventText();
    expect(text).not.toContain(newPassword);
    expect(text).not.toContain(account.password);
  });

  it('records nothing when the current password is wrong', async () => {
    const account = await signUpNewAccount(app, 'audit-password-wrong');
    const signedIn = await loginAs(app, account.email, account.password);

    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/changePassword',
      token: signedIn.token,
      body: {
        currentPassword: 'Not-The-One-9',
        newPassword: 'Other!Pass-88',
        confirmPassword: 'Other!Pass-88',
      },
    });
    expect(response.statusCode).toBe(400);

    expect(await eventsOf('password', signedIn.details._id)).toEqual([]);
  });
});

describe('two-step sign-in', () => {
  it('records its set-up, new recovery codes and its removal, one event each, never the secret or a code', async () => {
    const signedIn = await loginAs(app, 'brandadmin@demo.test');
    const userId = signedIn.details._id;
    const setup = await call(app, { method: 'POST', url: '/api/auth/mfa/setup', token: signedIn.token });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ details: { secret: string } }>().details;
    // Starting the set-up changes nothing yet: the secret waits for its first code.
    expect(await eventsOf('multi_factor', userId)).toEqual([]);

    const enabled = await call(app, {
      method: 'POST',
      url: '/api/auth/mfa/enable',
      token: signedIn.token,
      body: { code: totpCodeAt(secret, clock.now()) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const firstCodes = enabled.json<{ details: { recoveryCodes: string[] } }>().details.recoveryCodes;
    const afterSetup = await eventsOf('multi_factor', userId);
    expect(afterSetup).toHaveLength(1);
    expect(afterSetup[0]).toMatchObject({
      action: 'created',
      brandId: ids.brands.standalone,
      actor: { email: 'brandadmin@demo.test' },
      changes: {
        enabled_at: { before: null, after: clock.now().toISOString() },
        recovery_codes: { before: null, after: firstCodes.length },
      },
    });

    clock.advance(30_000);
    const renewed = await call(app, {
      method: 'POST',
      url: '/api/auth/mfa/recoveryCodes',
      token: signedIn.token,
      body: { code: totpCodeAt(secret, clock.now()) },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newCodes = renewed.json<{ details: { recoveryCodes: string[] } }>().details.recoveryCodes;
    const afterRenewal = await eventsOf('multi_factor', userId);
    expect(afterRenewal).toHaveLength(2);
    expect(afterRenewal[0]).toMatchObject({
      action: 'rotated',
      changes: { recovery_codes: { before: firstCodes.length, after: newCodes.length } },
    });

    clock.advance(30_000);
    const disabled = await call(app, {
      method: 'POST',
      url: '/api/auth/mfa/disable',
      token: signedIn.token,
      body: { password: 'Demo@12345', code: totpCodeAt(secret, clock.now()) },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const afterRemoval = await eventsOf('multi_factor', userId);
    expect(afterRemoval).toHaveLength(3);
    expect(afterRemoval[0]).toMatchObject({
      action: 'deleted',
      changes: { enabled_at: { before: afterSetup[0]!.changes.enabled_at!.after, after: null } },
    });

    const text = await everyEventText();
    expect(text).not.toContain(secret);
    for (const code of [...firstCodes, ...newCodes]) expect(text).not.toContain(code);
    expect(text).not.toContain('Demo@12345');
  });

  it('records nothing when turning it off is refused', async () => {
    const signedIn = await loginAs(app, 'user@demo.test');

    const refused = await call(app, {
      method: 'POST',
      url: '/api/auth/mfa/disable',
      token: signedIn.token,
      body: { password: 'Demo@12345', code: '000000' },
    });
    expect(refused.statusCode).toBe(400);

    expect(await eventsOf('multi_factor', signedIn.details._id)).toEqual([]);
  });
});

describe('groups', () => {
  it('records a new group with its brands as one event in the group log, its admin invited as the user', async () => {
    const brand = await testApp.db
      .insertInto('brands')
      .values({ name: `Audit Group Brand ${randomBytes(3).toString('hex')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await call(app, {
      method: 'POST',
      url: '/api/groups',
      token: admin.token,
      body: {
        name: 'Audited Group',
        brandIds: [brand.id],
        admin: {
          firstName: 'Audit',
          lastName: 'Grouper',
          email: `audit-group-${randomBytes(4).toString('hex')}@example.test`,
          phone: '07700900000',
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const groupId = response.json<{ details: { _id: string } }>().details._id;

    const events = await eventsOf('group', groupId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'created',
      brandId: null,
      actor: { email: 'admin@demo.test' },
      changes: {
        name: { before: null, after: 'Audited Group' },
        brand_ids: { before: null, after: [brand.id] },
      },
    });
  });

  it('records nothing when a brand chosen does not exist', async () => {
    const before = (
      await testApp.db.selectFrom('audit_events').select('id').where('entity_type', '=', 'group').execute()
    ).length;
    const response = await call(app, {
      method: 'POST',
      url: '/api/groups',
      token: admin.token,
      body: {
        name: 'Refused Group',
        brandIds: ['00000000-0000-4000-8000-000000000000'],
        admin: {
          firstName: 'No',
          lastName: 'One',
          email: 'refused-group@example.test',
          phone: '07700900000',
        },
      },
    });
    expect(response.statusCode).toBe(400);

    const after = (
      await testApp.db.selectFrom('audit_events').select('id').where('entity_type', '=', 'group').execute()
    ).length;
    expect(after).toBe(before);
  });
});

describe('client lists', () => {
  it("records a client admin's list, its name, owner and brands, as one event", async () => {
    const clientAdmin = await loginAs(app, 'clientadmin@demo.test');
    const brandIds = [ids.brands.standalone, ids.brands.groupBrandA];

    const response = await call(app, {
      method: 'POST',
      url: '/api/clientList/create',
      token: clientAdmin.token,
      body: { name: 'Audited list', brandIds },
    });
    expect(response.statusCode, response.body).toBe(201);
    const listId = response.json<{ details: { _id: string } }>().details._id;

    const events = await eventsOf('client_list', listId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'created',
      actor: { email: 'clientadmin@demo.test' },
      changes: {
        name: { before: null, after: 'Audited list' },
        owner_user_id: { before: null, after: clientAdmin.details._id },
        brand_ids: { before: null, after: [...brandIds].sort() },
      },
    });
  });
});

describe('overview overrides', () => {
  it("records edited figures against those in force before, in pence, in the campaign's brand log", async () => {
    const campaignId = await insertCampaign(testApp.db, { brandId: ids.brands.standalone, month: '2025-06' });
    const stats = ['age', 'branches', 'nationality', 'gender'].map((type) => ({
      type,
      label: 'All',
      value: 1,
    }));
    const save = (totalCost: number) =>
      call(app, {
        method: 'PUT',
        url: `/api/campaignoverview/${campaignId}`,
        token: admin.token,
        body: {
          co: { totalCost, highestSpend: 5000, lowestSpend: 1000, averageSpend: 2000 },
          performance: [{ date: '2025-06-02', reach: 10, conversions: 2, revenue: 4000 }],
          stats,
        },
      });

    expect((await save(10_000)).statusCode).toBe(200);
    expect((await save(12_500)).statusCode).toBe(200);

    const events = await eventsOf('campaign_overview', campaignId);
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.brandId === ids.brands.standalone)).toBe(true);
    // The second save against the first: only the amount that changed, and the CPA it implies.
    expect(events[0]!.changes).toEqual({
      total_cost_pence: { before: 10_000, after: 12_500 },
      cpa_pence: { before: 5000, after: 6250 },
    });
    // The first against the computed figures (a campaign with no transactions: all zero).
    expect(events[1]!.changes).toMatchObject({
      total_cost_pence: { before: 0, after: 10_000 },
      revenue_pence: { before: 0, after: 4000 },
      conversions: { before: 0, after: 2 },
    });
  });

  it('records nothing when the figures are refused', async () => {
    const campaignId = await insertCampaign(testApp.db, { brandId: ids.brands.standalone, month: '2025-06' });
    const response = await call(app, {
      method: 'PUT',
      url: `/api/campaignoverview/${campaignId}`,
      token: admin.token,
      body: {
        co: { totalCost: 100, highestSpend: 50, lowestSpend: 10, averageSpend: 20 },
        performance: [{ date: '2025-07-15', reach: 10, conversions: 2, revenue: 40 }],
        stats: [],
      },
    });
    expect(response.statusCode).toBe(400);

    expect(await eventsOf('campaign_overview', campaignId)).toEqual([]);
  });
});

describe("the payment provider's webhook", () => {
  it('records the mandate status it sets as one event whose actor is the provider, not a user', async () => {
    const companyAdmin = await loginAs(app, 'companyadmin@demo.test');
    const started = await call(app, {
      method: 'POST',
      url: '/api/payments/mandate',
      token: companyAdmin.token,
      body: { returnTo: 'payments' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { flowId } = started.json<{ flowId: string }>();
    const confirmed = await call(app, {
      method: 'POST',
      url: `/api/payments/test-provider/flows/${flowId}/confirm`,
      body: { accountHolderName: 'Green Fork Ltd', sortCode: '20-00-00', accountNumber: '55779911' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const completed = await call(app, {
      method: 'POST',
      url: '/api/payments/mandate/complete',
      token: companyAdmin.token,
      body: { redirect_flow_id: flowId },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const mandate = await testApp.db
      .selectFrom('payment_mandates')
      .select('id')
      .where('flow_id', '=', flowId)
      .executeTakeFirstOrThrow();
    const byUsers = (await eventsOf('payment_mandate', mandate.id)).length;

    const simulated = await call(app, {
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      token: companyAdmin.token,
      body: { scenario: 'mandate_activated' },
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json().event).toMatchObject({ outcome: 'applied' });

    const events = await eventsOf('payment_mandate', mandate.id);
    expect(events).toHaveLength(byUsers + 1);
    expect(events[0]).toMatchObject({
      action: 'updated',
      brandId: ids.brands.standalone,
      actor: { id: null, email: null, provider: 'test' },
      changes: { status: { before: 'pending', after: 'active' } },
    });

    // The same event again (a provider's retry) changes nothing and records nothing.
    const again = await call(app, {
      method: 'POST',
      url: '/api/payments/test-provider/simulate',
      token: companyAdmin.token,
      body: { scenario: 'mandate_activated' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await eventsOf('payment_mandate', mandate.id)).toHaveLength(byUsers + 1);
    expect(await everyEventText()).not.toContain('55779911');
  });
});

describe('the chain', () => {
  it('verifies after every change above, as npm run audit:verify walks it', async () => {
    const { checked, broken } = await verifyAuditChain(createAuditRepository(testApp.db));

    expect(broken).toBeNull();
    expect(checked).toBe((await testApp.db.selectFrom('audit_events').select('id').execute()).length);
  });
});
