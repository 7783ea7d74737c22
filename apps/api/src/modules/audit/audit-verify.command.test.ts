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
import { createAuditLog } from './audit.service.ts';

/**
 * `npm run audit:verify` (docs/decisions/0113) on a database of its own: 0 and the count when the
 * chain is intact, 1 and the event where it breaks once a row is removed past the trigger.
 */

const command = fileURLToPath(new URL('./audit-verify.command.ts', import.meta.url));
const run = promisify(execFile);
let dataDir: string;

/** The command as npm runs it, on the PGlite files of `dataDir`; its exit code and output. */
async function verify() {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', command], {
      env,
      cwd: path.resolve(path.dirname(command), '../../../../..'),
    });
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
    const audit = createAuditLog({
      repository: createAuditRepository(db),
      brands: {
        findById: async () => undefined,
        groupById: async () => undefined,
        brandsOfGroup: async () => [],
      },
      timeZone: 'Europe/London',
      clock: () => new Date('2026-12-02T12:00:00Z'),
    });
    for (const name of ['First', 'Second', 'Third']) {
      await db.transaction().execute((trx) =>
        audit.record(trx, null, {
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

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run audit:verify', () => {
  it('exits 0 and says how many events it checked when the chain is intact', async () => {
    const { code, stdout } = await verify();
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('Audit chain intact: 3 events checked.');
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
