import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, loginAs, type App, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
let app: App;
let adminToken: string;

/** Five accounts ask for a recovery mail, oldest first; with no SMTP_URL each stays in the outbox. */
const recipients = [
  'user@demo.test',
  'brandadmin@demo.test',
  'companyadmin@demo.test',
  'groupadmin@demo.test',
  'bank@demo.test',
];

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  for (const email of recipients) {
    await call(app, { method: 'POST', url: `/api/auth/forgotPassword?email=${email}` });
    // Forgot password mails after answering: one at a time, so they are in order.
    await app.services.auth.settled();
  }
  adminToken = (await loginAs(app, 'admin@demo.test')).token;
});

afterAll(async () => {
  await testApp?.close();
});

const outbox = (query = '', token = adminToken) => call(app, { url: `/api/mail/outbox${query}`, token });

describe('GET /api/mail/outbox', () => {
  it('answers the system admin every stored mail, newest first, with paging', async () => {
    const response = await outbox();

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.respCode).toBe(200);
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 5, totalPages: 1 });
    expect(body.data.map((mail: { to: string }) => mail.to)).toEqual([...recipients].reverse());
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      to: 'bank@demo.test',
      subject: messages.mail.recoverSubject,
      text: expect.stringMatching(/\/changerecoverpassword\/[A-Za-z0-9_-]+/),
      status: 'stored',
      error: null,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      sent: null,
    });
  });

  it('answers one page at a time', async () => {
    const first = (await outbox('?page=1&limit=2')).json();
    const third = (await outbox('?page=3&limit=2')).json();

    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(first.data.map((mail: { to: string }) => mail.to)).toEqual([
      'bank@demo.test',
      'groupadmin@demo.test',
    ]);
    expect(third.data.map((mail: { to: string }) => mail.to)).toEqual(['user@demo.test']);
  });

  it('answers an empty page past the end, still with the total', async () => {
    const response = await outbox('?page=9&limit=2');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: [],
      pagination: { page: 9, limit: 2, total: 5, totalPages: 3 },
    });
  });

  it('takes an empty page value as not given', async () => {
    const response = await outbox('?page=&limit=');

    expect(response.statusCode).toBe(200);
    expect(response.json().pagination).toMatchObject({ page: 1, limit: 10 });
  });

  it.each([
    { query: '?page=0', field: 'page' },
    { query: '?page=abc', field: 'page' },
    { query: '?limit=0', field: 'limit' },
    { query: '?limit=101', field: 'limit' },
    { query: '?limit=2.5', field: 'limit' },
    { query: '?page=1&sort=to', field: 'sort' },
  ])('refuses $query with 400 naming $field', async ({ query, field }) => {
    const response = await outbox(query);

    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty([field]);
  });

  it.each(['bank@demo.test', 'clientadmin@demo.test', 'companyadmin@demo.test'])(
    'refuses %s with 403',
    async (email) => {
      const { token } = await loginAs(app, email);

      const response = await outbox('', token);

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'forbidden', errorMessage: messages.common.forbidden });
    },
  );

  it('asks an anonymous caller to log in', async () => {
    const response = await call(app, { url: '/api/mail/outbox' });

    expect(response.statusCode).toBe(401);
  });
});
