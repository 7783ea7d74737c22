import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { demoAdminTotpSecret, demoPassword, loadDemoData } from '../apps/api/src/demo/demo-data.ts';
import { totpCodeAt } from '../apps/api/src/modules/auth/multi-factor.ts';

export interface Row {
  name: string;
  perSecond: number;
  p50: number;
  p95: number;
}

/** Times one thing `iterations` times after a warm-up (50 runs at most); every figure is in milliseconds. */
export async function time(
  name: string,
  iterations: number,
  run: () => Promise<unknown> | unknown,
  warmUp = Math.min(50, iterations),
): Promise<Row> {
  for (let i = 0; i < warmUp; i += 1) await run();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { name, perSecond: (iterations / total) * 1000, p50: at(0.5), p95: at(0.95) };
}

export function table(title: string, note: string, rows: Row[]): string {
  const baseline = rows[0]!;
  return [
    `## ${title}`,
    '',
    note,
    '',
    '| measured | per second | p50 ms | p95 ms | × baseline (time) |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(3)} | ${r.p95.toFixed(3)} | ${(baseline.perSecond / r.perSecond).toFixed(2)} |`,
    ),
    '',
  ].join('\n');
}

/**
 * The real app on a database of its own with the demo data: PGlite in memory, or (with
 * DATABASE_URL) a fresh PostgreSQL database that `close()` drops. `reuse` (PostgreSQL only, a
 * development aid): a named database kept between runs, created with the demo data the first time.
 */
export async function benchApp(options: { reuse?: string } = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_IP: '100000000',
    // The one-at-a-time section sends thousands of calls a minute with one key.
    PUBLISHER_KEY_CALLS_PER_MINUTE: '100000000',
  });
  const adminUrl = process.env.DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  let fresh = true;
  if (adminUrl) {
    const name = options.reuse ?? `krowd_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    fresh = exists.rowCount === 0;
    if (fresh) await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory', poolMax: 4 });
    drop = async () => {
      if (options.reuse) return;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  } else {
    database = await openDatabase({ dataDir: 'memory' });
  }
  await migrateToLatest(database.db);
  if (fresh) await loadDemoData(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.services.settings.ensureDefaults();
  const inject = async (request: InjectOptions) => {
    const response = await app.inject(request);
    if (response.statusCode >= 400)
      throw new Error(`${request.url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  /** Signs in through the API; the demo system admin's second step with the code of its secret. */
  const signIn = async (email: string) => {
    let response = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: demoPassword },
    });
    const first = response.json() as { mfaRequired?: true; challenge?: string };
    if (first.mfaRequired && first.challenge) {
      // A code is taken once, so the step last used is forgotten.
      await sql`UPDATE user_multi_factor SET last_used_step = NULL`.execute(database.db);
      response = await inject({
        method: 'POST',
        url: '/api/auth/login/mfa',
        payload: { challenge: first.challenge, code: totpCodeAt(demoAdminTotpSecret, new Date()) },
      });
    }
    const body = response.json() as { accessToken: string; details: { _id: string; brandId: string | null } };
    return { headers: { authorization: `Bearer ${body.accessToken}` }, details: body.details };
  };
  return {
    app,
    config,
    database,
    engine: database.engine,
    inject,
    signIn,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
