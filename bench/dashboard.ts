import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/api/src/db/database.generated.ts';
import { demoPassword } from '../apps/api/src/demo/demo-data.ts';
import { seedDashboardTransactions, storeCounts } from './dashboard-seed.ts';
import { benchApp, time } from './harness.ts';
import { loadAverage, runsBesideHealth, runsHeader, type LoadTarget } from './load.ts';

/** The dashboard call at 10 connections over HTTP. */
const dashboardTarget: LoadTarget = { perSecond: 500, p99Ms: 100 };

/** A dashboard filter as the raw-rows baseline reads it. */
export interface RawFilter {
  startDate: string;
  endDate: string;
  brandIds: string[];
  publisherId?: string;
  branchId?: string;
  customerTypes?: string[];
}

/**
 * The dashboard's statistics straight from the raw transactions: one plain GROUP BY per card (for
 * the cards that bought and repeat customers) over the qualified rows and refunds of the filter.
 */
export async function rawStatistics(db: Kysely<DB>, filter: RawFilter) {
  const conditions = [
    sql`t.outcome <> 'notQualified'`,
    sql`t.local_datetime >= ${filter.startDate}::date`,
    sql`t.local_datetime < ${filter.endDate}::date + 1`,
    sql`t.brand_id = ANY (${filter.brandIds}::uuid[])`,
  ];
  if (filter.publisherId) conditions.push(sql`t.publisher_id = ${filter.publisherId}::uuid`);
  if (filter.branchId) conditions.push(sql`t.branch_id = ${filter.branchId}::uuid`);
  if (filter.customerTypes) conditions.push(sql`t.customer_type = ANY (${filter.customerTypes}::text[])`);
  const { rows } = await sql<Record<string, unknown>>`
    SELECT count(*) FILTER (WHERE purchases > 0) AS paying_cards, count(*) FILTER (WHERE purchases >= 2) AS repeat,
      coalesce(sum(purchases), 0) AS conversions, coalesce(sum(spend), 0) AS revenue,
      coalesce(sum(cashback), 0) AS cashback, coalesce(sum(fee), 0) AS fee
    FROM (
      SELECT t.card_token, count(*) FILTER (WHERE t.outcome = 'qualified') AS purchases,
        sum(t.amount_pence) AS spend, sum(t.cashback_pence) AS cashback, sum(t.success_fee_pence) AS fee
      FROM transactions t WHERE ${sql.join(conditions, sql` AND `)}
      GROUP BY t.card_token
    ) cards`.execute(db);
  const row = rows[0]!;
  return {
    paying_cards: Number(row.paying_cards),
    conversions: Number(row.conversions),
    revenue: Number(row.revenue),
    totalCashback: Number(row.cashback),
    totalSuccessFee: Number(row.fee),
    repeat_customers: Number(row.repeat),
  };
}

interface Case {
  name: string;
  /** The dashboard's conditions_body. */
  conditions: Record<string, unknown>;
  raw: RawFilter;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The results.md section: a fresh database with the demo data and `count` seeded transactions;
 * `POST /api/dashboard/client` (every part: statistics, insights, performance, demographic) for
 * three filters, each beside the same statistics from a GROUP BY over the raw transactions, which
 * must be equal.
 */
export async function dashboardSection(count: number): Promise<{ text: string; equal: boolean }> {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  const bench = await benchApp({ reuse });
  try {
    const { db } = bench.database;
    const stored = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const seed =
      reuse && Number(stored?.n) >= count
        ? await storeCounts(db)
        : await seedDashboardTransactions(db, { count, timeZone: bench.config.timezone });
    const login = async (email: string) => {
      const response = await bench.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: demoPassword },
      });
      const body = response.json() as { accessToken: string };
      return { authorization: `Bearer ${body.accessToken}` };
    };
    const clientAdmin = await login('clientadmin@demo.test');
    const group = await db.selectFrom('groups').select('id').executeTakeFirstOrThrow();
    const groupBrands = (
      await db.selectFrom('brands').select('id').where('group_id', '=', group.id).execute()
    ).map((brand) => brand.id);
    // The busiest brand and, of it, the busiest branch: the hardest single-brand filters.
    const busiest = await sql<{ brand_id: string; branch_id: string }>`
      SELECT brand_id, branch_id FROM reporting_daily
      GROUP BY brand_id, branch_id ORDER BY sum(conversions) DESC LIMIT 1`.execute(db);
    const { brand_id: brandId, branch_id: branchId } = busiest.rows[0]!;
    const atr = await db
      .selectFrom('publishers')
      .select('id')
      .where('code', '=', 'ATR')
      .executeTakeFirstOrThrow();
    const yesterday = new Date(Date.now() - 86_400_000);
    const daysBack = (days: number) => isoDay(new Date(yesterday.getTime() - (days - 1) * 86_400_000));
    const end = isoDay(yesterday);
    const cases: Case[] = [
      {
        name: 'group (its brands), last 30 days',
        conditions: { group_id: group.id, txn_date_time: [daysBack(30), end] },
        raw: { startDate: daysBack(30), endDate: end, brandIds: groupBrands },
      },
      {
        name: 'one brand + publisher ATR, last 12 months',
        conditions: { brand_id: brandId, data_source: 'ATR', txn_date_time: [daysBack(365), end] },
        raw: { startDate: daysBack(365), endDate: end, brandIds: [brandId], publisherId: atr.id },
      },
      {
        name: 'one brand + branch + new customers, last 90 days',
        conditions: {
          brand_id: brandId,
          kmid: branchId,
          customer_type_wrt_account: 'NEW USER',
          txn_date_time: [daysBack(90), end],
        },
        raw: {
          startDate: daysBack(90),
          endDate: end,
          brandIds: [brandId],
          branchId,
          customerTypes: ['new'],
        },
      },
    ];

    const iterations = Number(process.env.BENCH_DASHBOARD_ITERATIONS ?? 100);
    const rawIterations = Number(process.env.BENCH_RAW_ITERATIONS ?? 5);
    // A write to a table the dashboard reads empties its cache (reporting/dashboard-cache.ts), as
    // any campaign change does; this one changes no row.
    const emptyCache = () => sql`UPDATE campaigns SET name = name WHERE false`.execute(db);
    const lines: string[] = [];
    let equal = true;
    for (const entry of cases) {
      const request = () =>
        bench.inject({
          method: 'POST',
          url: '/api/dashboard/client',
          headers: clientAdmin,
          payload: { conditions: entry.conditions },
        });
      await emptyCache();
      const computed = await request();
      const kept = await request();
      const keptSame = kept.body === computed.body;
      equal &&= keptSame;
      const { dashboard: answer } = computed.json() as {
        dashboard: {
          statistics: { name: string; value: unknown }[];
          insights: { name: string; value: unknown }[];
        };
      };
      const valueOf = (name: string) =>
        [...answer.statistics, ...answer.insights].find((item) => item.name === name)?.value;
      const figures = {
        // Reach is cardholders shown the offer, from impressions (0035); the cards that bought are paying_cards.
        paying_cards: valueOf('paying_cards'),
        conversions: valueOf('conversions'),
        revenue: valueOf('revenue'),
        totalCashback: valueOf('totalCashback'),
        totalSuccessFee: valueOf('totalSuccessFee'),
        repeat_customers: valueOf('repeat_customers'),
      };
      const raw = await rawStatistics(db, entry.raw);
      const same = JSON.stringify(figures) === JSON.stringify(raw);
      equal &&= same;
      const timed = await time(
        entry.name,
        iterations,
        async () => {
          await emptyCache();
          return request();
        },
        5,
      );
      const timedKept = await time(entry.name, iterations, request, 5);
      const baseline = await time(
        `GROUP BY: ${entry.name}`,
        rawIterations,
        () => rawStatistics(db, entry.raw),
        1,
      );
      lines.push(
        `| ${entry.name} | ${timed.p50.toFixed(1)} | ${timed.p95.toFixed(1)} | ${timedKept.p50.toFixed(2)} | ${timedKept.p95.toFixed(2)} | ${baseline.p50.toFixed(0)} | ${baseline.p95.toFixed(0)} | ${(baseline.p50 / timed.p50).toFixed(1)} | ${same ? 'yes' : `**no**: ${JSON.stringify(figures)} vs ${JSON.stringify(raw)}`} | ${keptSame ? 'yes' : '**no**'} | ${raw.conversions.toLocaleString('en-GB')} / ${raw.paying_cards.toLocaleString('en-GB')} |`,
      );
    }

    // Over HTTP: the dashboard call as the browser makes it (the last 30 days), beside
    // GET /api/health in the same run.
    const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
    const loadAtStart = loadAverage();
    const load = await runsBesideHealth(
      bench.app,
      [
        {
          name: 'POST /api/dashboard/client (client admin, last 30 days)',
          path: '/api/dashboard/client',
          method: 'POST',
          body: { conditions: {} },
          headers: clientAdmin,
        },
        {
          name: 'POST /api/dashboard/client (the group, last 30 days)',
          path: '/api/dashboard/client',
          method: 'POST',
          body: { conditions: { group_id: group.id } },
          headers: clientAdmin,
        },
      ],
      [10],
      loadSeconds,
      dashboardTarget,
    );
    if (load.failed) {
      console.error('The dashboard load test met an error or a non-2xx answer.');
      process.exitCode = 1;
    }
    const format = (n: number) => n.toLocaleString('en-GB');
    const text = [
      `## Dashboard at ${format(seed.transactions)} transactions (${bench.engine})`,
      '',
      `POST /api/dashboard/client through inject as the client admin, every part of the answer (statistics, insights, weekly performance, distribution), ${iterations} requests after 5 warm-ups; beside it the same statistics (paying cards, conversions, revenue, cashback, fee, repeat customers) from one GROUP BY over the raw transactions, ${rawIterations} runs after 1 warm-up, which must be equal. Data: ${format(seed.transactions)} transactions over the year to yesterday ${seed.seconds > 0 ? `in ${seed.uploads} uploads (bench/dashboard.ts: set-based SQL, the reporting store summed from each upload's rows in ${seed.storeSeconds.toFixed(0)} s of the ${seed.seconds.toFixed(0)} s seeding)` : "(bench/dashboard.ts: set-based SQL, the reporting store summed from each upload's rows; seeded by an earlier run of this benchmark and kept with BENCH_REUSE_DATABASE)"}; the store holds ${format(seed.reportingDailyRows)} daily rows whose card lists name ${format(seed.cards)} cards in ${format(seed.listedPurchases)} purchases. Targets: p95 100 ms on PostgreSQL, 300 ms on PGlite, computed. 'Computed' is each request after a write that empties the answers kept (a campaigns UPDATE changing no row, as a campaign change or an upload would); 'kept' is the same request answered from them (reporting/dashboard-cache.ts), whose answer must be the computed one to the byte.`,
      '',
      '| filter | computed p50 ms | computed p95 ms | kept p50 ms | kept p95 ms | GROUP BY p50 ms | GROUP BY p95 ms | GROUP BY ÷ computed (p50) | answers equal | kept = computed | conversions / paying cards |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|---|---:|',
      ...lines,
      '',
      `### The dashboard call over HTTP`,
      '',
      `The server on 127.0.0.1 hit over HTTP by autocannon (in a worker thread) as the client admin, ${loadSeconds} s a run at 10 connections, every run shown (after one unreported second each to warm up), beside GET /api/health in the same run. Target: ≥ ${dashboardTarget.perSecond} req/s and p99 ≤ ${dashboardTarget.p99Ms} ms, with no error and no non-2xx answer. Load average (1 / 5 / 15 min) at the start ${loadAtStart}, at the end ${loadAverage()}.`,
      '',
      ...runsHeader,
      ...load.rows,
      '',
    ].join('\n');
    return { text, equal };
  } finally {
    await bench.close();
  }
}
