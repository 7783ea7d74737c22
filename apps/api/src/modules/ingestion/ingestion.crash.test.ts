import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { loadDemoData } from '../../demo/demo-data.ts';
import { databaseUrlFor, withAdmin } from '../../test/postgres-admin.ts';

/**
 * Each file is one transaction, so an API process killed (SIGKILL, no clean-up)
 * while a publisher's file is being stored leaves none of that file's rows and no ingestion log.
 * The API runs in a child process (crash-child.ts) on a database of this test's own: a copy of the
 * run's template on PostgreSQL, or a PGlite directory reopened here after the kill.
 */

const childScript = fileURLToPath(new URL('../../test/crash-child.ts', import.meta.url));
const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const rowCount = 200_000;
const prefix = `crash-${randomBytes(4).toString('hex')}-`;

let child: ChildProcess | undefined;
let port = 0;
let env: Record<string, string> = {};
let reopen: () => Promise<Database>;
/** The child's temporary directory: a killed upload leaves its temporary file there. */
let childTemp = '';
let logsBefore = 0;
/** What the child printed: `port=N`, then `writing` once an upload's first rows are written. */
let childOutput = '';
let cleanUp: () => Promise<void> = async () => {};

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `${inject('templateDatabase')}_crash_${randomBytes(4).toString('hex')}`;
    await withAdmin(databaseUrl, (admin) =>
      admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`),
    );
    const url = databaseUrlFor(databaseUrl, name);
    env = { CRASH_DATABASE_URL: url };
    reopen = () => openDatabase({ databaseUrl: url, dataDir: 'memory', poolMax: 2 });
    cleanUp = () =>
      withAdmin(databaseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => {},
      );
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'krowd-crash-'));
    const snapshot = inject('pgliteSnapshot');
    env = { CRASH_DATA_DIR: dir };
    reopen = () => openDatabase({ dataDir: dir });
    // The directory starts as this run's template; the child then opens it as it is.
    const seeded = await openDatabase({
      dataDir: dir,
      ...(snapshot ? { loadDataDir: new Blob([await readFile(snapshot)]) } : {}),
    });
    if (!snapshot) {
      await migrateToLatest(seeded.db);
      await loadDemoData(seeded.db);
    }
    await seeded.close();
    cleanUp = () => rm(dir, { recursive: true, force: true });
  }
  const database = await reopen();
  try {
    logsBefore = await countLogs(database.db);
  } finally {
    await database.close();
  }
  childTemp = await mkdtemp(path.join(os.tmpdir(), 'krowd-crash-tmp-'));
  child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: { ...process.env, ...env, DATABASE_URL: '', TMPDIR: childTemp },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  port = await new Promise<number>((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      childOutput += chunk.toString();
      const match = /port=(\d+)/.exec(childOutput);
      if (match) resolve(Number(match[1]));
    });
    child!.on('exit', (code) => reject(new Error(`the API process exited early (${code})`)));
  });
}, 120_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await cleanUp();
  if (childTemp) await rm(childTemp, { recursive: true, force: true });
});

/** Row i of a file too big to store before the kill: unknown MIDs are stored too. */
const row = (i: number) =>
  `${prefix}${i},2026-06-10T12:00:00+01:00,12.50,GBP,CRASH-MID-${i % 7},card-${i % 5000},${String(i % 10_000).padStart(4, '0')},E1 6AN,ATR`;

describe('a process killed mid-file', () => {
  it('leaves none of the file’s rows and no ingestion log', async () => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/transactions/ingest',
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    });
    request.on('error', () => {});
    request.write(`${header}\n`);
    // The whole file (the server keeps it in a temporary file first), then wait until the server
    // is writing its rows, then kill it without warning.
    for (let i = 0; i < rowCount; i += 1000) {
      request.write(Array.from({ length: 1000 }, (_, j) => row(i + j)).join('\n') + '\n');
    }
    request.end();
    await waitUntilWriting();
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGKILL');
    await exited;
    child = undefined;
    request.destroy();

    const database = await reopen();
    try {
      expect({ rows: await countRows(database.db), logs: await countLogs(database.db) }).toEqual({
        rows: 0,
        logs: logsBefore,
      });
    } finally {
      await database.close();
    }
  }, 120_000);
});

async function countRows(db: Database['db']): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM transactions WHERE publisher_transaction_id LIKE ${`${prefix}%`}
  `.execute(db);
  return rows[0]!.n;
}

async function countLogs(db: Database['db']): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ingestion_logs`.execute(db);
  return rows[0]!.n;
}

/** Until the child says an upload's first rows are in the database (crash-child.ts). */
async function waitUntilWriting(): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    if (childOutput.includes('writing')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the API never began writing the file');
}
