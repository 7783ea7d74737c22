import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { openDatabase, type Database } from '../db/database.ts';
import type { DB } from '../db/database.generated.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { demoPassword, loadDemoData } from '../demo/demo-data.ts';
import { invoiceRunJob } from '../modules/invoices/invoice-run.ts';
import { invoiceRunLockKey } from '../modules/invoices/invoice-run.repository.ts';
import { createSettingsRepository } from '../modules/settings/settings.repository.ts';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

/**
 * Serving through database faults (docs/decisions.md 'Serving through database faults'). The
 * product's own server runs in a process of its own on a private PostgreSQL cluster, which the
 * test stops (fast: sessions rolled back and disconnected; immediate: the server aborted) and
 * starts again: during an upload, during reads and during a background job. The process must stay
 * up, answer 503 (never 500) while the database is away, serve again once it returns (waited for,
 * not timed: a loaded machine is slow), and afterwards hold exactly what a second server holds that
 * did the same work with no fault.
 *
 * The cluster is this test's own (initdb in a temporary folder, a free port), so it runs whatever
 * DATABASE_URL says, wherever PostgreSQL's binaries are installed: in CI, whose one run of the API
 * suite sets DATABASE_URL, as on a developer's machine.
 */

const binaries = postgresBinaries();
const runHere = binaries !== null;

const header =
  'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher,original_transaction_id';

let cluster: PrivatePostgres;
let tmp: string;
let faulted: Server;
let baseline: Server;
let upload: string;
let uploadRows = 0;

interface Server {
  name: string;
  process: ServerProcess;
  database: Database;
  token: string;
  tmpdir: string;
}

async function createDatabase(name: string, template?: string) {
  const admin = new pg.Client({ connectionString: cluster.urlFor('postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
}

/** 10,000 September and October purchases at the demo brands' approved branches, a tenth refunded. */
async function uploadFile(db: Kysely<DB>): Promise<{ text: string; rows: number }> {
  const branches = await db
    .selectFrom('branches')
    .select(['mastercard_merchant_id', 'amex_merchant_id', 'zettle_merchant_id'])
    .where('status', 'in', ['Active', 'Approved'])
    .orderBy('id')
    .execute();
  const mids = branches.flatMap((branch) =>
    [branch.mastercard_merchant_id, branch.amex_merchant_id, branch.zettle_merchant_id].filter(
      (mid): mid is string => Boolean(mid),
    ),
  );
  expect(mids.length).toBeGreaterThan(3);
  const lines = [header];
  const purchases = 9_000;
  for (let i = 0; i < purchases; i += 1) {
    const day = 1 + (i % 30);
    const month = i % 2 === 0 ? '09' : '10';
    const hour = String(8 + (i % 14)).padStart(2, '0');
    const pence = 800 + ((i * 7919) % 7200);
    lines.push(
      `FAULT-${i},2026-${month}-${String(day).padStart(2, '0')}T${hour}:15:00-04:00,${(pence / 100).toFixed(2)},GBP,` +
        `${mids[i % mids.length]},fault-card-${i % 1_500},${String(1000 + (i % 9000)).padStart(4, '0')},LS1 4AP,ATR,`,
    );
  }
  for (let i = 0; i < 1_000; i += 1) {
    const original = i * 9;
    const month = original % 2 === 0 ? '09' : '10';
    const pence = 800 + ((original * 7919) % 7200);
    lines.push(
      `FAULT-R${i},2026-${month}-30T23:00:00-04:00,-${(Math.floor(pence / 2) / 100).toFixed(2)},GBP,` +
        `${mids[original % mids.length]},fault-card-${original % 1_500},${String(1000 + (original % 9000)).padStart(4, '0')},LS1 4AP,ATR,FAULT-${original}`,
    );
  }
  return { text: lines.join('\n'), rows: lines.length - 1 };
}

async function startServer(name: string): Promise<Server> {
  const tmpdir = await mkdtemp(path.join(tmp, `${name}-tmp-`));
  const process = await startServerProcess({
    DATABASE_URL: cluster.urlFor(name),
    DATABASE_POOL_MAX: '4',
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
    JOB_POLL_SECONDS: '0.2',
    // Room for the running upload to finish on a loaded machine; the default is 25 s.
    SHUTDOWN_GRACE_SECONDS: '60',
    TMPDIR: tmpdir,
  });
  const database = await openDatabase({ databaseUrl: cluster.urlFor(name), dataDir: 'memory', poolMax: 2 });
  const login = await fetch(`${process.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'clientadmin@demo.test', password: demoPassword }),
  });
  expect(login.status).toBe(200);
  const token = /krowd_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error(`no session cookie in ${login.headers.get('set-cookie')}`);
  // The jobs the server queues at its start run before the test's work, on both servers alike.
  await until(`${name}'s start-up jobs`, async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM jobs WHERE done_at IS NULL AND run_at <= now()`.execute(database.db);
    return rows[0]!.n === 0;
  });
  return { name, process, database, token, tmpdir };
}

function send(server: Server, route: string, init: RequestInit = {}) {
  return fetch(`${server.process.url}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${server.token}`, ...init.headers },
  });
}

const ingest = (server: Server) =>
  send(server, '/api/transactions/ingest', {
    method: 'POST',
    headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    body: upload,
  });

/** The temporary folders of the uploads a server is receiving (upload-spool.ts). */
const uploadsBeingReceived = async (server: Server) =>
  (await readdir(server.tmpdir)).filter((name) => name.startsWith('krowd-upload-'));

/**
 * Until this server's /api/health says the database answers (30 s at most). How soon is not
 * asserted: a test on a loaded machine cannot time it (the benchmarks measure speed).
 */
async function servesAgain(server: Server): Promise<void> {
  // Generous: on a loaded machine PostgreSQL's recovery and the pool's reconnect take their time;
  // how soon it serves is not what this test checks.
  await until(
    `${server.name} to serve again`,
    async () => {
      const response = await fetch(`${server.process.url}/api/health`).catch(() => null);
      return response?.status === 200;
    },
    120_000,
  );
}

/** Whether a connection of the server listens for the other instances' signals. */
async function listening(database: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: cluster.urlFor('postgres') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'`,
      [database],
    );
    return rows[0]!.n > 0;
  } finally {
    await admin.end();
  }
}

/** Waits until a backend of `database` waits for an advisory lock (a job blocked on purpose). */
async function backendWaitingOnLock(database: string) {
  const admin = new pg.Client({ connectionString: cluster.urlFor('postgres') });
  await admin.connect();
  try {
    await until(
      'the invoice run to wait for its lock',
      async () => {
        const { rows } = await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event = 'advisory'`,
          [database],
        );
        return rows[0]!.n > 0;
      },
      120_000,
    );
  } finally {
    await admin.end();
  }
}

/** What the two servers must hold alike: stored rows, the reporting store, invoices and jobs. */
/**
 * The cards of a stored card list (4-byte big-endian card numbers), by their tokens, sorted. A
 * card's number is a sequence's: an upload stopped by the fault had drawn numbers it never kept,
 * so the same card has another number on the faulted server than on the baseline.
 */
function sortedCardTokens(list: Uint8Array, tokenOf: Map<number, string>): string[] {
  const view = new DataView(list.buffer, list.byteOffset, list.byteLength);
  const tokens: string[] = [];
  for (let at = 0; at + 3 < list.byteLength; at += 4) tokens.push(tokenOf.get(view.getUint32(at)) ?? '?');
  return tokens.sort();
}

async function holdings(db: Kysely<DB>) {
  const rows = async (text: string) => (await sql.raw<Record<string, unknown>>(text).execute(db)).rows;
  const tokenOf = new Map(
    (await db.selectFrom('cards').select(['id', 'token']).execute()).map((card) => [card.id, card.token]),
  );
  return {
    transactions: await rows(`
      SELECT publisher_transaction_id, outcome, reason, campaign_id, branch_id, brand_id, amount_pence,
        refunded_pence, cashback_pence, success_fee_pence, customer_type, offer_type,
        (SELECT token FROM cards c WHERE c.id = card_id) AS card,
        original_transaction_id IS NOT NULL AS refund, terms::text
      FROM transactions ORDER BY publisher_transaction_id`),
    reporting: await rows(`
      SELECT day, brand_id, branch_id, publisher_id, campaign_id, customer_type, offer_type, conversions,
        refunds, spend_pence, cashback_pence, success_fee_pence, min_spend_pence, max_spend_pence
      FROM reporting_daily ORDER BY 1, 2, 3, 4, 5, 6, 7`),
    // A row's card list is a multiset (card-lists.ts), appended in whatever order the writes came,
    // which a retried upload may change: compared as its cards' tokens, sorted.
    reportingCards: (
      await rows(`
      SELECT day, brand_id, branch_id, publisher_id, campaign_id, customer_type, offer_type, cards
      FROM reporting_daily_cards ORDER BY 1, 2, 3, 4, 5, 6, 7`)
    ).map(({ cards, ...row }) => ({ ...row, cards: sortedCardTokens(cards as Uint8Array, tokenOf) })),
    invoices: await rows(`
      SELECT i.invoice_number, i.brand_id, i.year, i.month, i.cashback_pence, i.success_fee_pence,
        i.admin_charge_pence, i.amount_pence, i.collection_method, i.issued_on, i.due_date, i.payment_status,
        (SELECT count(*)::int FROM invoice_transactions x WHERE x.invoice_id = i.id) AS transactions
      FROM invoices i ORDER BY invoice_number`),
    creditNotes: await rows(`
      SELECT credit_note_number, brand_id, amount_pence, issued_on FROM credit_notes ORDER BY 1`),
    ingestionLogs: await rows(`
      SELECT channel, transaction_count, unmatched_count, gmv_pence FROM ingestion_logs ORDER BY created_at`),
    openJobs: await rows(`SELECT kind FROM jobs WHERE done_at IS NULL AND run_at <= now() ORDER BY kind`),
  };
}

describe.runIf(runHere)('serving through database faults', () => {
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'krowd-faults-'));
    cluster = await startPrivatePostgres();
    await createDatabase('seed');
    const seed = await openDatabase({ databaseUrl: cluster.urlFor('seed'), dataDir: 'memory', poolMax: 2 });
    try {
      await migrateToLatest(seed.db);
      await createSettingsRepository(seed.db).ensureDefaults();
      await loadDemoData(seed.db);
      ({ text: upload, rows: uploadRows } = await uploadFile(seed.db));
    } finally {
      await seed.close();
    }
    await createDatabase('faulted', 'seed');
    await createDatabase('baseline', 'seed');
    [faulted, baseline] = await Promise.all([startServer('faulted'), startServer('baseline')]);
  }, 240_000);

  afterAll(async () => {
    for (const server of [faulted, baseline]) {
      await server?.process.kill();
      await server?.database.close();
    }
    await cluster?.destroy();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }, 60_000);

  it('an upload whose database stops under it answers 503 (nothing stored), and the same file is stored after the return', async () => {
    // The stop lands while the upload's rows are being written: once its ingestion has a connection
    // in a transaction.
    const answer = ingest(faulted);
    const admin = new pg.Client({ connectionString: cluster.urlFor('postgres') });
    await admin.connect();
    try {
      await until('the upload to be written', async () => {
        const { rows } = await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = 'faulted' AND state IN ('active', 'idle in transaction') AND query ILIKE '%transactions%'`,
        );
        return rows[0]!.n > 0;
      });
    } finally {
      await admin.end();
    }
    await cluster.stop('fast');

    const refused = await answer;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      code: 'service_unavailable',
      errorMessage: messages.ingestion.databaseUnavailable,
    });
    expect(faulted.process.running()).toBe(true);

    // While the database is away: the readiness check says so, the liveness check does not, and a
    // signed-in user is told the service is unavailable, not that they are signed out.
    const health = await fetch(`${faulted.process.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect((await fetch(`${faulted.process.url}/api/health/live`)).status).toBe(200);
    const session = await send(faulted, '/api/auth/session');
    expect(session.status).toBe(503);
    expect(await session.json()).toEqual({
      code: 'service_unavailable',
      errorMessage: messages.common.serviceUnavailable,
    });
    expect((await send(faulted, '/api/campaigns?campaignType=current&filter=%7B%7D')).status).toBe(503);

    await cluster.start();
    await servesAgain(faulted);
    const session2 = await send(faulted, '/api/auth/session');
    expect(session2.status).toBe(200);
    expect(await session2.json()).toMatchObject({ details: { email: 'clientadmin@demo.test' } });

    for (const server of [faulted, baseline]) {
      const stored = await ingest(server);
      expect(stored.status, server.name).toBe(200);
      expect(await stored.json()).toMatchObject({ received: uploadRows, inserted: uploadRows, rejected: 0 });
    }
    // The upload's temporary folder went with its failure.
    expect(await uploadsBeingReceived(faulted)).toEqual([]);
  }, 180_000);

  it('reads while the database aborts answer 200 or 503, never 500, and the process carries on', async () => {
    const statuses: number[] = [];
    let reading = true;
    const reader = async () => {
      while (reading) {
        for (const route of [
          '/api/campaigns?campaignType=current&filter=%7B%7D',
          '/api/merchants',
          '/api/auth/session',
        ]) {
          const response = await send(faulted, route).catch(() => null);
          if (response) {
            statuses.push(response.status);
            await response.arrayBuffer();
          }
        }
      }
    };
    const readers = [reader(), reader(), reader(), reader()];
    await until('some reads to be answered', () => statuses.length >= 20);
    await cluster.stop('immediate');
    await until('reads to be refused', () => statuses.includes(503));
    await cluster.start();
    await servesAgain(faulted);
    const after = statuses.length;
    await until('reads to be answered again', () => statuses.slice(after).includes(200));
    reading = false;
    await Promise.all(readers);

    expect(faulted.process.running()).toBe(true);
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
    // The instances' signals are listened to again, so the caches keep answers again.
    await until('the LISTEN connection to be back', () => listening('faulted'));
  }, 120_000);

  it('a background job the database stops under runs to its end once it returns, as with no fault', async () => {
    // The job is held at its lock by this test's own session, then the database stops.
    const holder = new pg.Client({ connectionString: cluster.urlFor('faulted') });
    await holder.connect();
    holder.on('error', () => {});
    await holder.query('SELECT pg_advisory_lock($1)', [invoiceRunLockKey]);
    for (const server of [faulted, baseline]) {
      await sql`INSERT INTO jobs (kind) VALUES (${invoiceRunJob})`.execute(server.database.db);
    }
    await backendWaitingOnLock('faulted');
    await cluster.stop('fast');
    await holder.end().catch(() => {});
    await cluster.start();
    await servesAgain(faulted);

    for (const server of [faulted, baseline]) {
      await until(
        `${server.name}'s invoice run`,
        async () => {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM jobs WHERE kind = ${invoiceRunJob} AND done_at IS NULL`.execute(
            server.database.db,
          );
          return rows[0]!.n === 0;
        },
        // The month's invoice run itself takes 10–40 s while the rest of the suite runs beside it.
        180_000,
      );
    }
    expect(faulted.process.running()).toBe(true);

    const [withFaults, without] = await Promise.all([
      holdings(faulted.database.db),
      holdings(baseline.database.db),
    ]);
    // What the servers did is not nothing: the file's rows, its share of the store, its invoices.
    expect(without.transactions).toHaveLength(uploadRows);
    expect(without.reporting.length).toBeGreaterThan(0);
    expect(without.invoices.length).toBeGreaterThan(0);
    expect(withFaults).toEqual(without);

    // The dashboard's figures for the months of the file are the same too.
    const figures = async (server: Server) => {
      const response = await send(server, '/api/dashboard/client', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ conditions: { txn_date_time: ['2026-09-01', '2026-10-31'] } }),
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { statistics: unknown; insights: unknown };
      return { statistics: answer.statistics, insights: answer.insights };
    };
    expect(await figures(faulted)).toEqual(await figures(baseline));
  }, 420_000);

  it('stops on SIGTERM once its running request is answered, and exits 0', async () => {
    // A request under way: an upload whose body is still arriving.
    const url = new URL(`${baseline.process.url}/api/transactions/ingest`);
    const http = await import('node:http');
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: url.pathname,
      headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    const [head, ...rest] = upload.split('\n');
    request.write(`${head}\n${rest.slice(0, 100).join('\n')}\n`);
    await until('the upload to be received', async () => (await uploadsBeingReceived(baseline)).length > 0);

    baseline.process.child.kill('SIGTERM');
    await until('new connections to be refused', async () => {
      const response = await fetch(`${baseline.process.url}/api/health/live`).catch(() => null);
      return response === null || response.status === 503;
    });
    request.end(rest.slice(100, 200).join('\n'));

    const { status, body } = await answered;
    expect(status, body).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ received: 200, duplicates: 200 });
    expect(await baseline.process.exited).toBe(0);
  }, 150_000);
});
