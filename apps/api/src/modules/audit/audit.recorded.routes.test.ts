import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@krowd/domain/audit/audit.schema';
import { demoBankPublisherCode } from '../../demo/demo-publishers.ts';
import {
  call,
  createTestApp,
  demoIds,
  loginAs,
  signUpNewAccount,
  type App,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.ts';

/**
 * Beyond campaigns (docs/decisions/0113): users and their roles, webhook endpoints and publisher
 * API keys each record their changes in the audit log, in the change's transaction, never a secret.
 */

let testApp: TestApp;
let app: App;
let admin: SignedIn;
let companyAdmin: SignedIn;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
  ids = await demoIds(testApp.db);
  admin = await loginAs(app, 'admin@demo.test');
  companyAdmin = await loginAs(app, 'companyadmin@demo.test');
});

afterAll(async () => {
  await testApp?.close();
});

async function eventsOf(session: SignedIn, entityType: string, entityId: string) {
  const response = await call(app, {
    url: `/api/audit-events?entityType=${entityType}&entityId=${entityId}`,
    token: session.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditEvent[] }>().data;
}

describe('users and roles', () => {
  it("records a user's invitation, a role change and the removal, in the brand's log", async () => {
    const made = await call(app, {
      method: 'POST',
      url: '/api/users',
      token: companyAdmin.token,
      body: {
        firstName: 'Ada',
        lastName: 'Audit',
        email: 'ada.audit@example.test',
        phone: '07700900123',
        role: 'user',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = (
      await testApp.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'ada.audit@example.test')
        .executeTakeFirstOrThrow()
    ).id;
    const changed = await call(app, {
      method: 'PUT',
      url: `/api/users/${id}`,
      token: companyAdmin.token,
      body: { role: 'brandAdmin' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const removed = await call(app, { method: 'DELETE', url: `/api/users/${id}`, token: companyAdmin.token });
    expect(removed.statusCode, removed.body).toBe(200);

    const events = await eventsOf(companyAdmin, 'user', id);
    expect(events.map((event) => event.action)).toEqual(['deleted', 'updated', 'created']);
    expect(events.every((event) => event.brandId === ids.brands.standalone)).toBe(true);
    expect(events[1]!.changes).toEqual({ role: { before: 'user', after: 'brandAdmin' } });
    expect(events[2]!.changes).toMatchObject({
      email: { before: null, after: 'ada.audit@example.test' },
      role: { before: null, after: 'user' },
    });
  });

  it("shows a group's admin the events of its group users, which name no brand, and no other brand's admin", async () => {
    const groupAdmin = await loginAs(app, 'groupadmin@demo.test');
    const made = await call(app, {
      method: 'POST',
      url: '/api/users',
      token: groupAdmin.token,
      body: {
        firstName: 'Gus',
        lastName: 'Group',
        email: 'gus.group@example.test',
        phone: '07700900124',
        role: 'groupUser',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = await testApp.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'gus.group@example.test')
      .executeTakeFirstOrThrow();

    const events = await eventsOf(groupAdmin, 'user', id);
    expect(events.map((event) => [event.action, event.brandId])).toEqual([['created', null]]);
    expect(await eventsOf(companyAdmin, 'user', id)).toEqual([]);
  });

  it("records a new group's and a new bank's first admin as invited by the system admin", async () => {
    const stamp = Date.now().toString(36);
    // A brand of its own for the group, so no other test's brand moves.
    const { email: ownerEmail } = await signUpNewAccount(app, 'audit-group');
    const { brand_id: brandId } = await testApp.db
      .selectFrom('users')
      .select('brand_id')
      .where('email', '=', ownerEmail)
      .executeTakeFirstOrThrow();
    const admin0 = (email: string) => ({
      firstName: 'First',
      lastName: 'Admin',
      email,
      phone: '07700900125',
    });
    const group = await call(app, {
      method: 'POST',
      url: '/api/groups',
      token: admin.token,
      body: {
        name: `Audit group ${stamp}`,
        brandIds: [brandId],
        admin: admin0(`group-${stamp}@example.test`),
      },
    });
    expect(group.statusCode, group.body).toBe(201);
    const bank = await call(app, {
      method: 'POST',
      url: '/api/banks',
      token: admin.token,
      body: { name: `Audit bank ${stamp}`, admin: admin0(`bank-${stamp}@example.test`) },
    });
    expect(bank.statusCode, bank.body).toBe(201);

    for (const email of [`group-${stamp}@example.test`, `bank-${stamp}@example.test`]) {
      const { id } = await testApp.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const events = await eventsOf(admin, 'user', id);
      expect(events.map((event) => [event.action, event.actor.email])).toEqual([
        ['created', 'admin@demo.test'],
      ]);
      expect(events[0]!.changes).toMatchObject({ email: { before: null, after: email } });
    }
  });
});

describe("one's own profile", () => {
  it("records a change of one's own name and number as the user's event", async () => {
    const before = await testApp.db
      .selectFrom('users')
      .select(['id', 'first_name', 'phone'])
      .where('email', '=', 'companyadmin@demo.test')
      .executeTakeFirstOrThrow();
    const response = await call(app, {
      method: 'PUT',
      url: `/api/users/${before.id}?type=profile&response=true`,
      token: companyAdmin.token,
      body: { firstName: 'Audited', lastName: 'Owner', phone: '07700 900556' },
    });
    expect(response.statusCode, response.body).toBe(200);

    const [event] = await eventsOf(companyAdmin, 'user', before.id);
    expect(event).toMatchObject({ action: 'updated', actor: { id: before.id } });
    expect(event!.changes).toMatchObject({
      first_name: { before: before.first_name, after: 'Audited' },
      phone: { before: before.phone, after: '07700900556' },
    });
  });
});

describe('branches and their merchant IDs', () => {
  it("records a branch's approval and a merchant ID proposed for it, each field before and after", async () => {
    const mid = `77${Date.now() % 1_000_000}`;
    const { id } = await testApp.db
      .insertInto('branches')
      .values({
        brand_id: ids.brands.standalone,
        name: 'Audit Branch',
        postcode: 'N1 9AA',
        mastercard_merchant_id: mid,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const approved = await call(app, {
      method: 'POST',
      url: '/api/merchants/multiApprove',
      token: admin.token,
      body: { selectedIds: [id], action: 'APPROVE', comments: 'Checked' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const proposed = await call(app, {
      method: 'PUT',
      url: `/api/merchants/${id}`,
      token: companyAdmin.token,
      body: { merchantIds: { merchantId: `${mid}9` } },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);

    const events = await eventsOf(companyAdmin, 'branch', id);
    expect(events.map((event) => [event.action, event.actor.email])).toEqual([
      ['updated', 'companyadmin@demo.test'],
      ['approved', 'admin@demo.test'],
    ]);
    expect(events[1]!.changes).toMatchObject({
      status: { before: 'Pending', after: 'Approved' },
      approved_by: { before: null, after: 'admin@demo.test' },
      comments: { before: null, after: 'Checked' },
    });
    expect(events[0]!.changes).toMatchObject({
      proposed_mastercard_merchant_id: { before: null, after: `${mid}9` },
    });
  });
});

describe('banks, their links to brands, and payment mandates', () => {
  it("records a brand linked to a bank and unlinked again, in the brand's log too", async () => {
    const url = `/api/banks/${ids.bankId}/brands`;
    const linked = (await call(app, { url, token: admin.token })).json<{ brands: { _id: string }[] }>();
    const others = linked.brands.map((brand) => brand._id).filter((id) => id !== ids.brands.standalone);
    for (const brandIds of [others, [...others, ids.brands.standalone], others]) {
      const saved = await call(app, { method: 'PUT', url, token: admin.token, body: { brandIds } });
      expect(saved.statusCode, saved.body).toBe(200);
    }

    const events = await eventsOf(companyAdmin, 'brand_bank', `${ids.bankId}/${ids.brands.standalone}`);
    expect(events.slice(0, 2).map((event) => [event.action, event.actor.email, event.changes])).toEqual([
      ['deleted', 'admin@demo.test', { bank_id: { before: ids.bankId, after: null } }],
      ['created', 'admin@demo.test', { bank_id: { before: null, after: ids.bankId } }],
    ]);
  });

  it("records a mandate's setup, its completion and its cancellation, without bank details", async () => {
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
    const cancelled = await call(app, {
      method: 'DELETE',
      url: '/api/payments/mandate',
      token: companyAdmin.token,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(206);

    const mandate = await testApp.db
      .selectFrom('payment_mandates')
      .select('id')
      .where('flow_id', '=', flowId)
      .executeTakeFirstOrThrow();
    const events = await eventsOf(companyAdmin, 'payment_mandate', mandate.id);
    expect(events.map((event) => event.action)).toEqual(['revoked', 'updated', 'created']);
    expect(events[0]!.changes.status).toMatchObject({ after: 'cancelled' });
    expect(events[1]!.changes.status).toEqual({ before: 'awaiting_customer', after: 'pending' });
    expect(JSON.stringify(events)).not.toContain('55779911');
  });
});

describe('rulings on claims', () => {
  it("records the system admin's ruling on a brand's claim as a rejection, in the brand's log", async () => {
    const filed = await call(app, {
      method: 'POST',
      url: '/api/claims',
      token: companyAdmin.token,
      body: {
        brandId: ids.brands.standalone,
        cardLast4: '4242',
        mid: 'AUDIT-MID',
        amountPence: 1000,
        occurredAt: '2025-06-01T12:00:00Z',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { claim } = filed.json<{ claim: { id: string; status: string } }>();
    const resolved = await call(app, {
      method: 'POST',
      url: `/api/claims/${claim.id}/resolve`,
      token: admin.token,
      body: { resolution: 'not_eligible', reason: 'Paid by another card' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    const events = await eventsOf(companyAdmin, 'claim', claim.id);
    expect(events.map((event) => [event.action, event.actor.email])).toEqual([
      ['rejected', 'admin@demo.test'],
    ]);
    expect(events[0]!.changes).toEqual({
      status: { before: claim.status, after: 'resolved' },
      resolution: { before: null, after: 'not_eligible' },
      resolution_reason: { before: null, after: 'Paid by another card' },
    });
  });
});

describe('webhook endpoints', () => {
  it('records an endpoint made, changed, its secret rotated (never the secret) and removed', async () => {
    const made = await call(app, {
      method: 'POST',
      url: '/api/webhooks/endpoints',
      token: companyAdmin.token,
      body: {
        owner: { type: 'brand', brandId: ids.brands.standalone },
        url: 'https://hooks.example.com/krowd',
        events: ['offer.published'],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id, secret } = made.json<{ endpoint: { id: string; secret: string } }>().endpoint;
    const url = `/api/webhooks/endpoints/${id}`;
    const edited = await call(app, {
      method: 'PUT',
      url,
      token: companyAdmin.token,
      body: { enabled: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const rotated = await call(app, {
      method: 'POST',
      url: `${url}/secret`,
      token: companyAdmin.token,
      body: { overlapHours: 0 },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await call(app, { method: 'DELETE', url, token: companyAdmin.token })).statusCode).toBe(200);

    const events = await eventsOf(companyAdmin, 'webhook_endpoint', id);
    expect(events.map((event) => event.action)).toEqual(['deleted', 'rotated', 'updated', 'created']);
    expect(events[2]!.changes).toEqual({ enabled: { before: true, after: false } });
    expect(events[3]!.changes).toMatchObject({
      url: { before: null, after: 'https://hooks.example.com/krowd' },
    });
    expect(JSON.stringify(events)).not.toContain(secret);
  });
});

describe('publisher API keys', () => {
  it("records a key made and revoked in the system admin's log, never its secret", async () => {
    const publisher = await testApp.db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', demoBankPublisherCode)
      .executeTakeFirstOrThrow();
    const made = await call(app, {
      method: 'POST',
      url: `/api/publishers/${publisher.id}/keys`,
      token: admin.token,
      body: { name: 'Audit server', mode: 'live' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { key, secret } = made.json<{ key: { _id: string }; secret: string }>();
    const revoked = await call(app, {
      method: 'DELETE',
      url: `/api/publishers/${publisher.id}/keys/${key._id}`,
      token: admin.token,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    const events = await eventsOf(admin, 'publisher_key', key._id);
    expect(events.map((event) => event.action)).toEqual(['revoked', 'created']);
    expect(events[1]!.changes).toMatchObject({ name: { before: null, after: 'Audit server' } });
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(await eventsOf(companyAdmin, 'publisher_key', key._id)).toEqual([]);
  });
});
