import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { jobsOf as jobsOfIn, stoppedAndAnotherInstance } from '../../test/stopped-instance.ts';
import { call, type App, type TestApp } from '../../test/test-app.ts';
import { recoveryMailJob, signupJob, verifyEmailMailJob } from './after-answer-work.ts';

/**
 * The work after sign-up's and forgot password's answers is kept in the job queue (docs/decisions/
 * 0112): an instance that answers and stops before doing it leaves it in the jobs table, and
 * another instance over the same database does it; the mails are sent by the jobs. Here the
 * instance that answers has its job runner stopped (as if it died right after answering), so
 * nothing of the work is done before the other instance runs the jobs.
 */
let testApp: TestApp;
let stopped: App;
let other: App;

beforeAll(async () => {
  ({ testApp, stopped, other } = await stoppedAndAnotherInstance());
});

afterAll(async () => {
  await testApp?.close();
});

const jobsOf = (kind: string) => jobsOfIn(testApp.db, kind);

const mailsTo = (to: string) =>
  testApp.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();

describe('the work after an answer, through the job queue', () => {
  it("does a sign-up another instance answered: the account, then the confirmation mail by the mail's own job", async () => {
    const email = `left-${Date.now()}@example.test`;
    const password = 'Str0ng!Pass-left';

    const answer = await call(stopped, {
      method: 'POST',
      url: '/api/users/signup',
      body: { firstName: 'Ada', lastName: 'Lovelace', email, password, confirmPassword: password },
    });

    expect(answer.statusCode).toBe(201);
    const [queued] = await jobsOf(signupJob).then((jobs) =>
      jobs.filter((job) => JSON.stringify(job.payload).includes(email)),
    );
    // The password is in the payload only as its hash.
    expect(queued).toMatchObject({
      attempts: 0,
      done: false,
      payload: { email, passwordHash: expect.any(String) },
    });
    expect(JSON.stringify(queued!.payload)).not.toContain(password);
    expect(await mailsTo(email)).toEqual([]);

    await other.services.auth.settled();

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(messages.mail.verifyEmailSubject);
    expect((await jobsOf(verifyEmailMailJob)).at(-1)).toMatchObject({ attempts: 1, done: true, payload: {} });
    // Done, the sign-up's payload (its name, address and password hash) is erased.
    expect((await jobsOf(signupJob)).filter((job) => JSON.stringify(job.payload).includes(email))).toEqual(
      [],
    );
    const token = /\/verifyemail\/([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1];
    const confirmed = await call(other, { method: 'POST', url: '/api/auth/confirmEmail', body: { token } });
    expect(confirmed.statusCode).toBe(200);
    const login = await call(other, { method: 'POST', url: '/api/auth/login', body: { email, password } });
    expect(login.statusCode).toBe(200);
  });

  it('sends the recovery mail of a forgot password another instance answered', async () => {
    const answer = await call(stopped, {
      method: 'POST',
      url: `/api/auth/forgotPassword?email=${encodeURIComponent('brandadmin@demo.test')}`,
    });

    expect(answer.statusCode).toBe(200);
    const before = await mailsTo('brandadmin@demo.test');
    expect((await jobsOf(recoveryMailJob)).at(-1)).toMatchObject({
      done: false,
      payload: { email: 'brandadmin@demo.test' },
    });

    await other.services.auth.settled();

    const after = await mailsTo('brandadmin@demo.test');
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.subject).toBe(messages.mail.recoverSubject);
    expect((await jobsOf(recoveryMailJob)).at(-1)).toMatchObject({ attempts: 1, done: true, payload: {} });
  });
});
