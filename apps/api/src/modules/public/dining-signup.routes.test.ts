import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { jobsOf as jobsOfIn, stoppedAndAnotherInstance } from '../../test/stopped-instance.ts';
import { call, type App, type TestApp } from '../../test/test-app.ts';
import { diningSignupJob, diningWelcomeMailJob } from './dining-signup.ts';

/**
 * The dining sign-up's work after its answer is kept in the job queue (docs/decisions/0112): an
 * instance that answers it and stops (its job runner stopped here, as if it died right after
 * answering) leaves it in the jobs table; another instance over the same database makes the
 * account and the lead, and the welcome mail's own job sends it.
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

describe('the dining sign-up, through the job queue', () => {
  it('is done by another instance when the one that answered stopped first, the welcome mail by its own job', async () => {
    const email = `left-${Date.now()}@example.test`;
    const form = {
      name: 'Ana Lopez',
      brandName: `Casa Ana ${Date.now()}`,
      legalName: 'Casa Ana Ltd',
      email,
      phone: '',
      website: '',
      from: 'amexdiningsignup',
    };

    const answer = await call(stopped, { method: 'POST', url: '/api/auth/onBoardAmexBrand', body: form });

    expect(answer.statusCode).toBe(201);
    expect(await jobsOf(diningSignupJob)).toEqual([
      expect.objectContaining({ done: false, payload: expect.objectContaining({ email }) }),
    ]);
    const userOf = () =>
      testApp.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(await userOf()).toBeUndefined();

    await other.services.auth.settled();

    expect(await userOf()).toBeDefined();
    expect(await jobsOf(diningSignupJob)).toEqual([expect.objectContaining({ done: true, payload: {} })]);
    expect(await jobsOf(diningWelcomeMailJob)).toEqual([
      expect.objectContaining({ attempts: 1, done: true, payload: {} }),
    ]);
    const welcome = await testApp.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(welcome.subject).toBe(messages.cardNetwork.mail.registrantSubject);
    const token = /\/guestuser\/([A-Za-z0-9_-]{43})/.exec(welcome.text_body)![1];
    const guest = await call(other, { url: `/api/users/checkGuestUser?token=${token}` });
    expect(guest.statusCode).toBe(200);
    expect(guest.json().details).toMatchObject({ email, source: 'cardNetwork' });
  });
});
