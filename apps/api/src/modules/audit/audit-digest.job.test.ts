import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditDigestJob } from './audit-digest.ts';
import { scheduleAuditDigest } from './audit.wiring.ts';

/**
 * The daily digest (docs/decisions/0113, 'Anchored outside the database') runs from the job queue
 * on the demo's database: every active system admin's outbox gets the newest event's number and
 * hash. With AUDIT_SIGNING_KEY set, every event the app records is signed.
 */
let testApp: TestApp;
const signingKey = 'the signing key of this test, 32 characters or more';

beforeAll(async () => {
  testApp = await createTestApp({ env: { AUDIT_SIGNING_KEY: signingKey } });
  // Two changes recorded by the app's own audit log (the demo's load records none).
  for (const after of ['Europe/London', 'America/New_York']) {
    await testApp.db.transaction().execute((trx) =>
      testApp.app.services.audit.record(trx, null, {
        entityType: 'setting',
        entityId: 'timezone',
        action: 'updated',
        brandId: null,
        changes: { value: { before: null, after } },
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('the audit digest job', () => {
  it('is scheduled once a day and mails the system admins the head of the chain', async () => {
    const { db } = testApp;
    await scheduleAuditDigest(testApp.app.services.jobs);
    const job = await db
      .selectFrom('jobs')
      .select('dedupe_key')
      .where('kind', '=', auditDigestJob)
      .executeTakeFirstOrThrow();
    expect(job.dedupe_key).toBe(`every:${auditDigestJob}`);
    const head = await db
      .selectFrom('audit_events')
      .select(['id', 'hash'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const admins = await db
      .selectFrom('users')
      .select('email')
      .where('entity_type', '=', 'systemadmin')
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .execute();
    expect(admins.length).toBeGreaterThan(0);

    await testApp.app.services.jobs.runDue();

    const mails = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', '=', messages.audit.digestSubject)
      .execute();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(admins.map((admin) => admin.email).sort());
    for (const mail of mails) expect(mail.text_body).toContain(`--anchor ${head.id}:${head.hash}`);
  }, 60_000);

  it('signs every event with AUDIT_SIGNING_KEY, and the chain verifies with it from the first', async () => {
    const { db } = testApp;
    const unsigned = await db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('signature', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(unsigned.count)).toBe(0);
    const verified = await testApp.app.services.audit.verify();
    expect(verified.broken).toBeNull();
    expect(verified.signed).toBe(verified.checked);
    expect(verified.checked).toBe(2);
  }, 60_000);
});
