import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@krowd/domain/audit/audit.schema';
import { messages } from '@krowd/domain/messages/messages';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { call, createTestApp, loginAs, type App, type SignedIn, type TestApp } from '../../test/test-app.ts';

/**
 * PUT /api/settings: the system admin changes a stored setting (Settings → Product settings), and
 * each change is one audit event in the change's transaction, the value before and after
 * (docs/decisions/0113, 0115).
 */

const m = messages.productSettings;
let testApp: TestApp;
let app: App;
let admin: SignedIn;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  admin = await loginAs(app, 'admin@demo.test');
});

afterAll(async () => {
  await testApp?.close();
});

const put = (body: unknown, token = admin.token) =>
  call(app, { method: 'PUT', url: '/api/settings', token, body: body as Record<string, unknown> });

async function settingEvents() {
  const response = await call(app, {
    url: '/api/audit-events?entityType=setting&entityId=midSilentDays',
    token: admin.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditEvent[] }>().data;
}

describe('PUT /api/settings', () => {
  it('lets the system admin change midSilentDays, which GET then answers', async () => {
    const response = await put({ midSilentDays: 10 });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      respCode: 205,
      respMessage: m.saved,
      settings: { midSilentDays: 10 },
    });
    expect((await call(app, { url: '/api/settings' })).json().settings.midSilentDays).toBe(10);
  });

  it('records the change as one event by the system admin, 7 before and 10 after, in no brand', async () => {
    const events = await settingEvents();

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      entityType: 'setting',
      entityId: 'midSilentDays',
      action: 'updated',
      brandId: null,
      actor: { email: 'admin@demo.test' },
      changes: { value: { before: 7, after: 10 } },
    });
  });

  it('records nothing when the value sent is the one stored, and says nothing changed', async () => {
    const response = await put({ midSilentDays: 10 });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().respMessage).toBe(m.unchanged);
    expect(await settingEvents()).toHaveLength(1);
  });

  it.each([
    { name: 'zero', value: 0 },
    { name: 'more than 90', value: 91 },
    { name: 'a fraction', value: 2.5 },
    { name: 'text', value: '7' },
    { name: 'null', value: null },
  ])('refuses $name with 400 naming midSilentDays, and changes nothing', async ({ value }) => {
    const response = await put({ midSilentDays: value });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toEqual({ midSilentDays: m.midSilentDaysInvalid });
    expect((await call(app, { url: '/api/settings' })).json().settings.midSilentDays).toBe(10);
    expect(await settingEvents()).toHaveLength(1);
  });

  it('refuses a setting no screen may change (autoDebit) with 400 naming it', async () => {
    const response = await put({ autoDebit: 'false' });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty(['autoDebit']);
    expect((await call(app, { url: '/api/settings' })).json().settings.autoDebit).toBe('true');
  });

  it.each(['companyadmin@demo.test', 'groupadmin@demo.test', 'bank@demo.test'])(
    'refuses %s with 403 and changes nothing',
    async (email) => {
      const other = await loginAs(app, email);
      const response = await put({ midSilentDays: 3 }, other.token);

      expect(response.statusCode).toBe(403);
      expect((await call(app, { url: '/api/settings' })).json().settings.midSilentDays).toBe(10);
    },
  );

  it('refuses a caller who is not signed in with 401', async () => {
    const response = await call(app, { method: 'PUT', url: '/api/settings', body: { midSilentDays: 3 } });

    expect(response.statusCode).toBe(401);
  });

  it('leaves the chain intact, a second change after the first', async () => {
    expect((await put({ midSilentDays: 7 })).statusCode).toBe(200);
    const events = await settingEvents();

    expect(events.map((event) => event.changes)).toEqual([
      { value: { before: 10, after: 7 } },
      { value: { before: 7, after: 10 } },
    ]);
    expect((await verifyAuditChain(createAuditRepository(testApp.db))).broken).toBeNull();
  });
});
