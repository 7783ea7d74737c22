/**
 * npm run bench: each figure next to a baseline measured in the same run, so the ratio means
 * something on a shared, noisy machine. With DATABASE_URL the database work runs on PostgreSQL,
 * otherwise on PGlite. A full run writes bench/results.md (kept in git); a run of chosen sections
 * writes bench/results.partial.md (ignored), so it cannot replace the full run's figures.
 *
 * Sizes (the issue's, on PostgreSQL, by default): BENCH_INGEST_ROWS (5,000,000; a tenth of it is run
 * first, to show memory stays flat, then the whole BENCH_INGEST_REPEATS times, 3 by default),
 * BENCH_DASHBOARD_TRANSACTIONS and BENCH_DETAILS_TRANSACTIONS (10,000,000 each). On PGlite the
 * defaults are 200,000 and 1,000,000: PGlite holds the whole database in this process's memory.
 * BENCH_SECTIONS picks sections (requests, load, projection, campaigns, branches, details, ingestion,
 * storage (PostgreSQL only: bytes on disk a stored transaction, BENCH_STORAGE_ROWS 200,000), dashboard, reviews, analyser, web, start, transactions, concurrent, backtest (BENCH_BACKTEST_ROWS: the
 * brand's transactions last month, 1,000,000 on PostgreSQL, 100,000 on PGlite); BENCH_TRANSACTIONS sets the
 * one-at-a-time run's count, 5,000 by default; BENCH_CONCURRENT_ROWS the large file's rows in the
 * uploads-side-by-side section (1,000,000 on PostgreSQL, 50,000 on PGlite); BENCH_LOAD_SECONDS sets each load run's length, 5 by default;
 * BENCH_REVIEWS sets the reviews' count, 100,000 by default; BENCH_ANALYSER_REVIEWS the labelled
 * texts' count for the analyser's throughput, 20,000 by default);
 * BENCH_APPEND=1 appends them to results.md instead of replacing it (a PGlite run after a
 * PostgreSQL one); BENCH_REUSE_DATABASE=<name> keeps the dashboard's seeded PostgreSQL database
 * between runs (seeding 10 million rows takes a while).
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import { campaignFormSchema } from '../packages/domain/src/campaign/campaign.schema.ts';
import { project } from '../packages/domain/src/projection/projection.rules.ts';
import { demoPassword } from '../apps/api/src/demo/demo-data.ts';
import { benchApp, table, time } from './harness.ts';
import { ingestionSection } from './ingestion.ts';
import { dashboardSection } from './dashboard.ts';
import { detailsSection } from './details.ts';
import { reviewAnalyserSection, reviewsSection } from './reviews.ts';
import { storageSection } from './storage.ts';
import { loadSection } from './load.ts';
import { webSection } from './web.ts';
import { startSection } from './start.ts';
import { transactionsSection } from './transactions.ts';
import { concurrentUploadsSection } from './concurrent-uploads.ts';
import { backtestSection } from './backtest.ts';

const sections: string[] = [];
const chosen = new Set(
  (
    process.env.BENCH_SECTIONS ??
    'requests,load,projection,campaigns,branches,details,ingestion,storage,dashboard,reviews,analyser,web,start,transactions,concurrent,backtest'
  ).split(','),
);
const bench = await benchApp();
const { inject } = bench;
const postgres = bench.engine === 'postgres';
let failed = false;

const login = bench.signIn;

// Requests: what authentication and a tenant check cost beside routing and one SELECT.
if (chosen.has('requests')) {
  const group = await login('groupadmin@demo.test');
  const rows = [
    await time('baseline: GET /api/health', 2000, () => inject({ url: '/api/health' })),
    await time('GET /api/auth/session (signed in)', 2000, () =>
      inject({ url: '/api/auth/session', headers: group.headers }),
    ),
    await time('GET /api/users/:id (group admin, own id)', 2000, () =>
      inject({ url: `/api/users/${group.details._id}`, headers: group.headers }),
    ),
    await time('POST /api/auth/login (argon2id)', 40, () =>
      inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'companyadmin@demo.test', password: demoPassword },
      }),
    ),
  ];
  sections.push(
    table(`Requests (${bench.engine})`, 'Through Fastify inject; the baseline is GET /api/health.', rows),
  );
}

// Load test: the signed-in lists over HTTP, on the demo data (before the sections below add 100,000 rows).
if (chosen.has('load')) {
  const brand = await login('companyadmin@demo.test');
  const firstPage = `page=1&limit=10&filters=${encodeURIComponent('{}')}`;
  const campaignFilter = encodeURIComponent(
    JSON.stringify({ limit: 10, page: 1, sortfield: 'created', direction: 'desc', globalSearch: '' }),
  );
  const section = await loadSection(
    bench.app,
    bench.engine,
    [
      {
        name: 'GET /api/campaigns (current)',
        path: `/api/campaigns?campaignType=current&filter=${campaignFilter}`,
      },
      { name: 'GET /api/merchants (branches)', path: `/api/merchants?${firstPage}` },
      { name: 'GET /api/users', path: `/api/users?${firstPage}` },
      {
        name: 'GET /api/distributors/getInvoiceList/invoice',
        path: `/api/distributors/getInvoiceList/invoice?${firstPage}`,
      },
    ].map((list) => ({ ...list, headers: brand.headers })),
    Number(process.env.BENCH_LOAD_SECONDS ?? 5),
  );
  sections.push(section.text);
  if (section.failed) {
    console.error('The load test met an error or a non-2xx answer.');
    process.exitCode = 1;
  }
}

// Projection: recomputed on every form change, target well under 1 ms.
if (chosen.has('projection')) {
  const brandId = (await login('companyadmin@demo.test')).details.brandId!;
  const { rows: records } = await sql<{
    record: unknown;
  }>`SELECT record FROM projection_records WHERE brand_id = ${brandId}`.execute(bench.database.db);
  const projectionRecord = records[0]!.record;
  const input = {
    customerType: 'existing',
    discountType: 'dv',
    discountAmount: 30,
    discountValue: 5,
    successFee: 10,
  } as const;
  const formBody = {
    name: 'Green Fork27011',
    start_date: '2027-01-01',
    customerType: 'all',
    discountType: 'dp',
    discountPercent: 10,
    successFee: 10,
    brandId,
    type: 'All',
  };
  const rows = [
    await time('baseline: validate the campaign form (zod)', 20_000, () =>
      campaignFormSchema.safeParse(formBody),
    ),
    await time('project(record, form) (dv, existing customers)', 20_000, () =>
      project(projectionRecord, input),
    ),
  ];
  sections.push(
    table('Projection', 'Pure functions in one process; target: projection well under 1 ms.', rows),
  );
}

// Campaign list at 100,000 campaigns: target p95 under 50 ms on PostgreSQL.
if (chosen.has('campaigns')) {
  const db = bench.database.db;
  await sql`
    INSERT INTO campaigns (brand_id, name, status, customer_type, discount_type, discount_percent, success_fee,
      week_days, start_date, opening_time, closing_time, created_at)
    SELECT b.id, b.name || ' bench ' || g, 'Pending', 'all', 'dp', 10 + g % 20, 10,
      '["Monday"]'::jsonb, d, d, d + interval '1 month' - interval '1 millisecond', now() - g * interval '1 minute'
    FROM generate_series(1, 100000) AS g
    CROSS JOIN LATERAL (SELECT (date_trunc('month', now()) + ((g % 24) - 12) * interval '1 month')::date AS d) AS months
    JOIN LATERAL (SELECT id, name FROM brands ORDER BY id OFFSET g % 3 LIMIT 1) AS b ON true
  `.execute(db);
  await sql`ANALYZE campaigns`.execute(db);
  const brand = await login('companyadmin@demo.test');
  const admin = await login('admin@demo.test');
  const list = (headers: Record<string, string>, type: string, extra = '') =>
    inject({ url: `/api/campaigns?campaignType=${type}${extra}`, headers });
  const rows = [
    await time('baseline: GET /api/health', 300, () => inject({ url: '/api/health' })),
    await time('future campaigns, one brand (a third of them)', 300, () => list(brand.headers, 'future')),
    await time('past campaigns, all brands (system admin)', 300, () => list(admin.headers, 'past')),
    await time('future campaigns, search "bench 99"', 300, () =>
      list(
        brand.headers,
        'future',
        `&filter=${encodeURIComponent(JSON.stringify({ globalSearch: 'bench 99' }))}`,
      ),
    ),
  ];
  sections.push(
    table(
      `Campaign list at 100,000 campaigns (${bench.engine})`,
      'GET /api/campaigns through inject, first page of 10 with the total; target p95 under 50 ms on PostgreSQL.',
      rows,
    ),
  );
}

// Branch list at 100,000 branches, searched and sorted: target p95 under 50 ms on PostgreSQL.
if (chosen.has('branches')) {
  const db = bench.database.db;
  await sql`
    INSERT INTO branches (brand_id, name, status, postcode, mastercard_merchant_id, amex_merchant_id, created_at)
    SELECT b.id,
      (ARRAY['Harbour', 'Ember', 'Green', 'Copper', 'Olive', 'Saffron', 'Maple', 'Juniper'])[1 + g % 8] || ' ' ||
      (ARRAY['Kitchen', 'Pizza', 'Fork', 'Grill', 'Table', 'Deli', 'Bakery', 'Bistro'])[1 + (g / 8) % 8] || ' ' ||
      (ARRAY['Leeds', 'York', 'Bath', 'Soho', 'Hove', 'Derby', 'Ely', 'Wells', 'Ripon', 'Truro'])[1 + (g / 64) % 10] || ' ' || g,
      (ARRAY['Pending', 'Approved', 'Active', 'Active', 'Active', 'Rejected', 'Deleted', 'Updated'])[1 + g % 8],
      'LS1 ' || (1 + g % 9) || 'AB',
      lpad((40000000 + g)::text, 8, '0'),
      CASE WHEN g % 3 = 0 THEN '9' || lpad(g::text, 9, '0') END,
      now() - g * interval '1 minute'
    FROM generate_series(1, 100000) AS g
    JOIN LATERAL (SELECT id FROM brands ORDER BY id OFFSET g % 3 LIMIT 1) AS b ON true
  `.execute(db);
  await sql`VACUUM ANALYZE branches`.execute(db);
  const admin = await login('admin@demo.test');
  const group = await login('groupadmin@demo.test');
  const list = (headers: Record<string, string>, filters: object, extra = '') =>
    inject({
      url: `/api/merchants?page=1&limit=10&filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`,
      headers,
    });
  const search = (value: string) => ({ globalSearch: { value, type: 'user' } });
  const byName = (direction: 'asc' | 'desc') => ({ sortField: { sortfield: 'name', direction } });
  const searched = [
    await time('baseline: GET /api/health', 300, () => inject({ url: '/api/health' })),
    await time('all brands, newest first (no search)', 300, () => list(admin.headers, {})),
    await time('all brands, search "Grill York 5" by name A–Z', 300, () =>
      list(admin.headers, { ...search('Grill York 5'), ...byName('asc') }),
    ),
    await time('all brands, search "Saffron" (12,500 of them) by name Z–A', 300, () =>
      list(admin.headers, { ...search('Saffron'), ...byName('desc') }),
    ),
    await time('all brands, search merchant ID "400912" (100 of them) by status', 300, () =>
      list(admin.headers, { ...search('400912'), sortField: { sortfield: 'status', direction: 'desc' } }),
    ),
    await time('group brands (All), search "Bistro Bath" by name A–Z', 300, () =>
      list(group.headers, { ...search('Bistro Bath'), ...byName('asc') }, '&from=onboard'),
    ),
  ];
  // The same search once more without the trigram indexes (migration 0011): what they buy.
  for (const column of ['name', 'mastercard_merchant_id', 'amex_merchant_id', 'zettle_merchant_id'])
    await sql`DROP INDEX IF EXISTS ${sql.ref(`branches_${column}_trgm_idx`)}`.execute(db);
  searched.push(
    await time('without the trigram indexes: search "Grill York 5" by name A–Z', 100, () =>
      list(admin.headers, { ...search('Grill York 5'), ...byName('asc') }),
    ),
  );
  sections.push(
    table(
      `Branch list at 100,000 branches (${bench.engine})`,
      'GET /api/merchants through inject, first page of 10 with the total; search is the name anywhere (ILIKE, trigram index) and merchant IDs from their start; target p95 under 50 ms on PostgreSQL.',
      searched,
    ),
  );
}

await bench.close();

// Transactions one at a time (decision 0109), on a database of its own with the demo data.
if (chosen.has('backtest')) {
  sections.push(
    await backtestSection(Number(process.env.BENCH_BACKTEST_ROWS ?? (postgres ? 1_000_000 : 100_000))),
  );
}

if (chosen.has('transactions')) {
  sections.push(await transactionsSection(Number(process.env.BENCH_TRANSACTIONS ?? 5000)));
}
// Uploads side by side (decision 0114), on a database of its own with the demo data.
if (chosen.has('concurrent')) {
  const rows = Number(process.env.BENCH_CONCURRENT_ROWS ?? (postgres ? 1_000_000 : 50_000));
  sections.push(await concurrentUploadsSection(rows));
}
// Ingestion and the dashboard each get a database of their own (the lists above add 100,000
// campaigns and branches, which no publisher file would meet).
if (chosen.has('ingestion')) {
  const rows = Number(process.env.BENCH_INGEST_ROWS ?? (postgres ? 5_000_000 : 200_000));
  sections.push(await ingestionSection(rows));
}
if (chosen.has('storage')) {
  sections.push(await storageSection(Number(process.env.BENCH_STORAGE_ROWS ?? 200_000)));
}
if (chosen.has('dashboard')) {
  const count = Number(process.env.BENCH_DASHBOARD_TRANSACTIONS ?? (postgres ? 10_000_000 : 1_000_000));
  const section = await dashboardSection(count);
  sections.push(section.text);
  failed ||= !section.equal;
}
if (chosen.has('details')) {
  sections.push(
    await detailsSection(
      Number(process.env.BENCH_DETAILS_TRANSACTIONS ?? (postgres ? 10_000_000 : 1_000_000)),
    ),
  );
}
if (chosen.has('reviews')) {
  sections.push(await reviewsSection(Number(process.env.BENCH_REVIEWS ?? 100_000)));
}
if (chosen.has('analyser')) {
  const section = await reviewAnalyserSection(Number(process.env.BENCH_ANALYSER_REVIEWS ?? 20_000));
  sections.push(section.text);
  if (section.failed) {
    console.error('The review analyser read fewer reviews a second than it must.');
    process.exitCode = 1;
  }
}
if (chosen.has('web')) {
  sections.push(await webSection());
}
if (chosen.has('start')) {
  sections.push(await startSection());
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
const report = [
  '# Benchmarks',
  '',
  `Run ${new Date().toISOString()} on Node ${process.version}, ${machine}, ${postgres ? 'PostgreSQL' : 'PGlite'}. Ratios compare each row's time with its section's baseline, measured in the same run.`,
  '',
  ...sections,
].join('\n');
// BENCH_APPEND: add this run's sections to the file (e.g. a PGlite run after a PostgreSQL one).
const target = new URL(
  process.env.BENCH_RESULTS ?? (process.env.BENCH_SECTIONS ? './results.partial.md' : './results.md'),
  import.meta.url,
);
if (process.env.BENCH_APPEND && existsSync(target)) {
  appendFileSync(
    target,
    [
      '',
      `Appended: run ${new Date().toISOString()} on ${postgres ? 'PostgreSQL' : 'PGlite'}.`,
      '',
      ...sections,
    ].join('\n'),
  );
} else {
  writeFileSync(target, report);
}
console.log(report);
if (failed) {
  console.error('A dashboard answer differs from the GROUP BY over the raw transactions.');
  process.exitCode = 1;
}
