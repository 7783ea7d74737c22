/**
 * npm run bench: measures request handling through the real app on PGlite, each figure next to a
 * baseline measured in the same process (GET /api/health: routing, headers and one SELECT 1), so
 * the ratio means something on a shared, noisy machine. Writes bench/results.md.
 */
import { writeFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { demoPassword, loadDemoData } from '../apps/api/src/demo/demo-data.ts';

type Request = InjectOptions;

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_IP: '1000000' });
const database = await openDatabase({ dataDir: 'memory' });
await migrateToLatest(database.db);
await loadDemoData(database.db);
const app = await buildApp({ config, database, logger: false });
await app.services.settings.ensureDefaults();

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'groupadmin@demo.test', password: demoPassword },
});
const { accessToken, details } = login.json() as { accessToken: string; details: { _id: string } };
const auth = { authorization: `Bearer ${accessToken}` };

async function measure(name: string, request: Request, iterations: number) {
  for (let i = 0; i < Math.min(50, iterations); i += 1) await app.inject(request);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) {
    const t0 = performance.now();
    const response = await app.inject(request);
    times.push(performance.now() - t0);
    if (response.statusCode >= 400) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { name, perSecond: (iterations / total) * 1000, p50: at(0.5), p95: at(0.95) };
}

const rows = [
  await measure('baseline: GET /api/health', { method: 'GET', url: '/api/health' }, 2000),
  await measure(
    'GET /api/auth/session (signed in)',
    { method: 'GET', url: '/api/auth/session', headers: auth },
    2000,
  ),
  await measure(
    'GET /api/users/:id (group admin, own id)',
    { method: 'GET', url: `/api/users/${details._id}`, headers: auth },
    2000,
  ),
  await measure(
    'POST /api/auth/login (argon2id)',
    {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'companyadmin@demo.test', password: demoPassword },
    },
    40,
  ),
];
const baseline = rows[0]!;
const lines = [
  '# Benchmarks',
  '',
  `Run ${new Date().toISOString()} on Node ${process.version}, PGlite in memory, requests through Fastify's inject.`,
  "Each row is compared with the baseline measured in the same run (ratio = its time per request ÷ the baseline's).",
  '',
  '| request | req/s | p50 ms | p95 ms | × baseline |',
  '|---|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${(baseline.perSecond / r.perSecond).toFixed(2)} |`,
  ),
  '',
];
writeFileSync(new URL('./results.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
await app.close();
await database.close();
