import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { call, createTestApp, holdMails, type App, type TestApp } from '../../test/test-app.ts';

/**
 * Sign-up and forgot password say nothing about whether an address has an account:
 * the same answer, given before any of the work that differs, which follows the answer.
 */
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
});

const forgot = (email: string) =>
  call(app, { method: 'POST', url: `/api/auth/forgotPassword?email=${encodeURIComponent(email)}` });

const signup = (email: string) =>
  call(app, {
    method: 'POST',
    url: '/api/users/signup',
    body: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: 'Str0ng!Pass',
      confirmPassword: 'Str0ng!Pass',
    },
  });

describe('POST /api/auth/forgotPassword', () => {
  it('answers before the recovery mail is written, and the same as for an unknown address', async () => {
    const held = holdMails(app);

    const known = await forgot('brandadmin@demo.test');
    const unknown = await forgot('nobody-known@example.test');

    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ respCode: 200, respMessage: messages.auth.forgotPasswordSent });
    await expect.poll(() => held.waiting.length).toBe(1);
    expect(held.waiting[0]).toMatchObject({
      to: 'brandadmin@demo.test',
      subject: messages.mail.recoverSubject,
    });
    await held.release();
    const written = await testApp.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', 'brandadmin@demo.test')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(written.subject).toBe(messages.mail.recoverSubject);
  });
});

describe('POST /api/users/signup', () => {
  it('answers a taken and a new address byte for byte alike, before either mail is written', async () => {
    const held = holdMails(app);

    const taken = await signup('groupuser@demo.test');
    const fresh = await signup(`fresh-${Date.now()}@example.test`);

    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    await expect.poll(() => held.waiting.length).toBe(2);
    expect(held.waiting.map((mail) => mail.subject).sort()).toEqual(
      [messages.mail.signupAttemptSubject, messages.mail.verifyEmailSubject].sort(),
    );
    await held.release();
  });
});
