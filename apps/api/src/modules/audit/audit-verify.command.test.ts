import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createAuditRepository } from './audit.repository.ts';
import { hashOf } from '@krowd/domain/audit/audit-chain.rules';
import { messages } from '@krowd/domain/messages/messages';
import { createAuditLog, signatureOf } from './audit.service.ts';

/**
 * `npm run audit:verify` (docs/decisions/0113) on a database of its own: 0 and the count when the
 * chain is intact, 1 and the event where it breaks once a row is removed past the trigger.
 */

const command = fileURLToPath(new URL('./audit-verify.command.ts', import.meta.url));
const run = promisify(execFile);
let dataDir: string;

/** The key the last two events are signed with (decision 0113, 'Signed events'). */
const signingKey = 'a test signing key of at least thirty-two characters';

/** The command as npm runs it, on the PGlite files of `dataDir`; its exit code and output. */
async function verify(options: { key?: string; args?: string[] } = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.AUDIT_SIGNING_KEY;
  if (options.key) env.AUDIT_SIGNING_KEY = options.key;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', command, ...(options.args ?? [])],
      {
        env,
        cwd: path.resolve(path.dirname(command), '../../../../..'),
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'audit-verify-'));
  await withDatabase(async (db) => {
    await migrateToLatest(db);
    const dependencies = {
      brands: {
        findById: async () => undefined,
        groupById: async () => undefined,
        brandsOfGroup: async () => [],
      },
    };
    const audit = createAuditLog({
      ...dependencies,
      repository: createAuditRepository(db),
      timeZone: 'Europe/London',
      clock: () => new Date('2026-12-02T12:00:00Z'),
    });
    const signed = createAuditLog({
      ...dependencies,
      repository: createAuditRepository(db),
      timeZone: 'Europe/London',
      clock: () => new Date('2026-12-06T12:00:00Z'),
      signingKey,
    });
    // Three events from before a key was set, then two signed.
    for (const [log, name] of [
      [audit, 'First'],
      [audit, 'Second'],
      [audit, 'Third'],
      [signed, 'Fourth'],
      [signed, 'Fifth'],
    ] as const) {
      await db.transaction().execute((trx) =>
        log.record(trx, null, {
          entityType: 'setting',
          entityId: 'timezone',
          action: 'updated',
          brandId: null,
          changes: { name: { before: null, after: name } },
        }),
      );
    }
  });
}, 120_000);

const hashOfEvent = (seq: number) =>
  withDatabase(
    async (db) =>
      (await db.selectFrom('audit_events').select('hash').where('id', '=', seq).executeTakeFirstOrThrow())
        .hash,
  );

/** Removes events past the trigger, as someone owning the table could. */
const removeEvents = (fromSeq: number) =>
  withDatabase(async (db) => {
    await sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`.execute(db);
    await sql`DELETE FROM audit_events WHERE id >= ${fromSeq}`.execute(db);
    await sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change`.execute(db);
  });

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run audit:verify', () => {
  it('exits 0, says how many events it checked and prints the newest to keep as an anchor', async () => {
    const head = await hashOfEvent(5);
    const { code, stdout } = await verify({ key: signingKey });
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      'Audit chain intact: 5 events checked, 2 of them signed.',
      messages.audit.chainHead(5, head),
    ]);
  }, 120_000);

  it('says the signatures were not checked without the key', async () => {
    const { code, stdout } = await verify();
    expect(code).toBe(0);
    expect(stdout).toContain(messages.audit.signaturesNotChecked);
  }, 120_000);

  it('holds an anchor that is still there with its hash, and refuses one that is not well formed', async () => {
    expect((await verify({ args: ['--anchor', `4:${await hashOfEvent(4)}`] })).code).toBe(0);
    const wrong = await verify({ args: ['--anchor', `4:${'ab'.repeat(32)}`] });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toBe('Audit chain broken at event 4: anchorMismatch.');
    const garbled = await verify({ args: ['--anchor', '4:not-a-hash'] });
    expect(garbled.code).toBe(2);
    expect(garbled.stderr.trim()).toBe(messages.audit.anchorInvalid);
  }, 120_000);

  it('finds an event appended by someone without the key: right hash and link, no valid signature', async () => {
    await withDatabase(async (db) => {
      const last = await db
        .selectFrom('audit_events')
        .selectAll()
        .where('id', '=', 5)
        .executeTakeFirstOrThrow();
      const event = {
        seq: 6,
        occurredAt: new Date('2026-12-06T13:00:00Z'),
        actorUserId: null,
        actorEmail: 'forger@example.test',
        audience: 'systemadmin',
        brandId: null,
        groupId: null,
        entityType: 'setting' as const,
        entityId: 'timezone',
        action: 'updated' as const,
        changes: { name: { before: 'Fifth', after: 'Forged' } },
        ip: null,
        userAgent: null,
        prevHash: last.hash,
      };
      const hash = hashOf(event, (text) => createHash('sha256').update(text, 'utf8').digest('hex'));
      await db
        .insertInto('audit_events')
        .values({
          id: 6,
          occurred_at: event.occurredAt,
          actor_user_id: null,
          actor_email: event.actorEmail,
          audience: event.audience,
          brand_id: null,
          group_id: null,
          entity_type: event.entityType,
          entity_id: event.entityId,
          action: event.action,
          changes: JSON.stringify(event.changes),
          ip: null,
          user_agent: null,
          prev_hash: event.prevHash,
          hash,
          signature: signatureOf('another key of at least thirty-two characters!', hash),
        })
        .execute();
    });
    // The chain alone cannot tell it from a real event; its signature can.
    expect((await verify()).code).toBe(0);
    const checked = await verify({ key: signingKey });
    expect(checked.code).toBe(1);
    expect(checked.stderr.trim()).toBe('Audit chain broken at event 6: forged.');
    await removeEvents(6);
  }, 120_000);

  it('finds the newest events removed once an anchor names one of them', async () => {
    const anchor = `5:${await hashOfEvent(5)}`;
    await removeEvents(5);
    expect((await verify()).code).toBe(0);
    const checked = await verify({ args: ['--anchor', anchor] });
    expect(checked.code).toBe(1);
    expect(checked.stderr.trim()).toBe('Audit chain broken at event 5: truncated.');
  }, 120_000);

  it('exits 1 naming the event after a gap once an event is removed past the trigger', async () => {
    await withDatabase(async (db) => {
      await sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change`.execute(db);
      await sql`DELETE FROM audit_events WHERE id = 2`.execute(db);
    });
    const { code, stderr } = await verify();
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Audit chain broken at event 3: gap.');
  }, 120_000);
});
