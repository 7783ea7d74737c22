import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { demoPassword } from '../../demo/demo-data.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { call, createTestApp, type App, type TestApp } from '../../test/test-app.ts';

/** With SMTP_URL set, mail goes to a real SMTP server (here one in the test process). */
let smtp: TestSmtpServer;
let testApp: TestApp;
let app: App;

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Krowd <no-reply@krowd.test>',
      PUBLIC_URL: 'https://krowd.example',
    },
  });
  app = testApp.app;
});

afterAll(async () => {
  await testApp?.close();
  await smtp?.close();
});

const outboxFor = (email: string) =>
  testApp.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();

describe('mail over SMTP', () => {
  it('delivers the recovery mail with its link, and the outbox row says sent', async () => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/forgotPassword?email=brandadmin@demo.test',
    });
    await app.services.auth.settled();
    await app.services.mailer.flush();

    expect(response.statusCode).toBe(200);
    const mail = smtp.messages.find((m) => m.to.includes('brandadmin@demo.test'));
    expect(mail).toBeDefined();
    expect(mail?.from).toBe('no-reply@krowd.test');
    expect(mail?.subject).toBe(messages.mail.recoverSubject);
    const link = /https:\/\/krowd\.example\/changerecoverpassword\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    expect(mail?.html).toContain(link?.[0]);
    const rows = await outboxFor('brandadmin@demo.test');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', error: null });
    expect(rows[0]?.sent_at).toBeInstanceOf(Date);
  });

  it('delivers a link that works: recover, then log in with the new password', async () => {
    await call(app, { method: 'POST', url: '/api/auth/forgotPassword?email=user@demo.test' });
    await app.services.auth.settled();
    await app.services.mailer.flush();
    const mail = smtp.messages.find((m) => m.to.includes('user@demo.test'));
    const token = /\/changerecoverpassword\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];

    const recovered = await call(app, {
      method: 'POST',
      url: '/api/auth/changeRecoverPassword',
      body: { enEmail: token, newPassword: 'Fr0m!Mail1', confirmPassword: 'Fr0m!Mail1' },
    });
    const login = await call(app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'user@demo.test', password: 'Fr0m!Mail1' },
    });

    expect(recovered.statusCode).toBe(200);
    expect(login.statusCode).toBe(200);
  });

  it('sends nothing for an unknown e-mail', async () => {
    const before = smtp.messages.length;

    const response = await call(app, {
      method: 'POST',
      url: '/api/auth/forgotPassword?email=nobody@example.test',
    });

    expect(response.statusCode).toBe(200);
    expect(smtp.messages.length).toBe(before);
  });

  it('is sent by another instance when the one that wrote the mail stopped before sending it', async () => {
    const other = await testApp.anotherInstance();
    // This instance records the mail and its delivery job, then stops before the job runs.
    await app.services.jobs.stop();
    await app.services.mailer.send({
      to: 'left-behind@example.test',
      subject: 'Left behind',
      text: 'Sent by the other instance',
      html: '<p>Sent by the other instance</p>',
    });
    expect(await outboxFor('left-behind@example.test')).toEqual([
      expect.objectContaining({ status: 'stored', sent_at: null }),
    ]);
    expect(smtp.messages.some((m) => m.to.includes('left-behind@example.test'))).toBe(false);

    await other.services.mailer.flush();

    expect(smtp.messages.find((m) => m.to.includes('left-behind@example.test'))?.subject).toBe('Left behind');
    expect(await outboxFor('left-behind@example.test')).toEqual([
      expect.objectContaining({ status: 'sent', sent_at: expect.any(Date) }),
    ]);
  });
});

describe('mail when the SMTP server cannot be reached', () => {
  it('still answers the caller, and the outbox row says failed with the reason', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const broken = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } });
    try {
      const response = await call(broken.app, {
        method: 'POST',
        url: '/api/auth/forgotPassword?email=companyadmin@demo.test',
      });
      await broken.app.services.auth.settled();
      await broken.app.services.mailer.flush();

      expect(response.statusCode).toBe(200);
      expect(response.json().respMessage).toBe(messages.auth.forgotPasswordSent);
      const rows = await broken.db
        .selectFrom('mail_outbox')
        .select(['status', 'error'])
        .where('to_address', '=', 'companyadmin@demo.test')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe('failed');
      expect(rows[0]?.error).toEqual(expect.any(String));
      // The account is unharmed.
      const login = await call(broken.app, {
        method: 'POST',
        url: '/api/auth/login',
        body: { email: 'companyadmin@demo.test', password: demoPassword },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
