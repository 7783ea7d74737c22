import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/api/src/db/database.generated.ts';
import { demoPassword } from '../apps/api/src/demo/demo-data.ts';
import { encodeTransactionDetailsCursor } from '../apps/api/src/modules/invoices/transaction-details-cursor.ts';
import { seedDashboardTransactions } from './dashboard-seed.ts';
import { benchApp } from './harness.ts';

/**
 * Transaction Details: GET dashboard/getInvoice/{id}?type=detailed&transaction=true
 * a page at a time on the largest campaign month of the dashboard benchmark's data (bench/
 * dashboard.ts), its first, middle and last page of 50 through inject as the client admin, each in
 * three runs, every run printed. Beside them in the same run: GET /api/health, and the former read
 * of the whole month (every row, ordered by instant) without migration 0028's index, as before it;
 * the index is dropped inside a transaction that is rolled back, so a kept database keeps it.
 */
interface Run {
  name: string;
  run: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

async function runs(name: string, iterations: number, task: () => Promise<unknown>): Promise<Run[]> {
  for (let i = 0; i < Math.min(20, iterations); i += 1) await task();
  const measured: Run[] = [];
  for (let run = 1; run <= 3; run += 1) {
    const times: number[] = [];
    const started = performance.now();
    for (let i = 0; i < iterations; i += 1) {
      const t0 = performance.now();
      await task();
      times.push(performance.now() - t0);
    }
    const total = performance.now() - started;
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    measured.push({
      name,
      run,
      perSecond: (iterations / total) * 1000,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      max: times.at(-1)!,
    });
  }
  return measured;
}

/** The month's rows in page order, as the repository reads them (for EXPLAIN and the cursors). */
function monthRows(db: Kysely<DB>, month: { campaignId: string; start: string; end: string }) {
  return sql`FROM transactions t
    WHERE t.campaign_id = ${month.campaignId}::uuid AND t.outcome <> 'notQualified'
      AND t.local_datetime >= ${month.start}::timestamp AND t.local_datetime < ${month.end}::timestamp`;
}

/**
 * The plan's node types with their index and any filter left after the index, outermost first:
 * e.g. 'Limit → Index Only Scan (transactions_campaign_month_idx)'.
 */
async function planOf(db: Kysely<DB>, query: ReturnType<typeof sql>) {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) ${query}`.execute(db);
  const raw = rows[0]!['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const nodes: string[] = [];
  const walk = (node: PlanNode) => {
    const notes = [node['Index Name'], node.Filter && `filter ${node.Filter}`].filter(Boolean);
    nodes.push(notes.length > 0 ? `${node['Node Type']} (${notes.join('; ')})` : node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(parsed[0].Plan);
  return nodes.join(' → ');
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

export async function detailsSection(count: number): Promise<string> {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  const bench = await benchApp({ reuse });
  try {
    const { db } = bench.database;
    const stored = () =>
      db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    if (!reuse || (await stored()) < count) {
      await seedDashboardTransactions(db, { count, timeZone: bench.config.timezone });
    }
    const transactions = await stored();
    // The largest campaign month: each benchmark campaign's rows fall in its own month.
    const largest = await sql<{ campaign_id: string; start_date: string; rows: number }>`
      SELECT r.campaign_id, c.start_date::text, sum(r.conversions + r.refunds)::int AS rows
      FROM reporting_daily r JOIN campaigns c ON c.id = r.campaign_id
      WHERE r.day >= c.start_date AND r.day < c.start_date + interval '1 month'
      GROUP BY r.campaign_id, c.start_date ORDER BY rows DESC LIMIT 1`.execute(db);
    const { campaign_id: campaignId, start_date: start, rows: monthSize } = largest.rows[0]!;
    const [year, month] = start.split('-').map(Number) as [number, number];
    const end = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    const monthOf = { campaignId, start, end };

    const keyAt = async (offset: number) => {
      const { rows } = await sql<{ at: string; id: string }>`
        SELECT to_char(t.local_datetime, 'YYYY-MM-DD"T"HH24:MI:SS.US') AS at, t.id ${monthRows(db, monthOf)}
        ORDER BY t.local_datetime, t.id OFFSET ${offset} LIMIT 1`.execute(db);
      return rows[0]!;
    };
    const middleKey = await keyAt(Math.floor(monthSize / 2));
    const middle = encodeTransactionDetailsCursor({ localDateTime: middleKey.at, id: middleKey.id });
    const lastKey = await keyAt(monthSize - 26);
    const beforeLast = encodeTransactionDetailsCursor({ localDateTime: lastKey.at, id: lastKey.id });

    const login = await bench.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'clientadmin@demo.test', password: demoPassword },
    });
    const headers = { authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` };
    const url = `/api/dashboard/getInvoice/${campaignId}?type=detailed&transaction=true&month=${month}&year=${year}`;
    const page = (after?: string) => bench.inject({ url: after ? `${url}&after=${after}` : url, headers });
    const first = (await page()).json() as { total: number; pdfData: { detailedList: unknown[] } };
    const firstBytes = (await page()).rawPayload.length;

    // The middle page's query as the repository sends it: the cursor must be a bound of the index scan.
    const pagePlan = await planOf(
      db,
      sql`SELECT to_char(t.local_datetime, 'YYYY-MM-DD HH24:MI') AS date, t.postcode, t.card_last4,
          t.amount_pence, t.cashback_pence, to_char(t.local_datetime, 'YYYY-MM-DD"T"HH24:MI:SS.US'), t.id
        ${monthRows(db, monthOf)}
          AND (t.local_datetime, t.id) > (${middleKey.at}::timestamp, ${middleKey.id}::uuid)
        ORDER BY t.local_datetime, t.id LIMIT 51`,
    );
    const iterations = Number(process.env.BENCH_DETAILS_ITERATIONS ?? 200);
    const measured = [
      ...(await runs('baseline: GET /api/health', iterations, () => bench.inject({ url: '/api/health' }))),
      ...(await runs('first page of 50', iterations, () => page())),
      ...(await runs('middle page of 50', iterations, () => page(middle))),
      ...(await runs('last page (25)', iterations, () => page(beforeLast))),
    ];

    // Before: the month's every row, ordered by instant, without the index (rolled back after).
    const wholeMonth = sql`SELECT to_char(t.local_datetime, 'YYYY-MM-DD HH24:MI') AS date, t.postcode,
        t.card_last4, t.amount_pence, t.cashback_pence ${monthRows(db, monthOf)} ORDER BY t.occurred_at, t.id`;
    const before = await db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      try {
        await sql`DROP INDEX transactions_campaign_month_idx`.execute(connection);
        const plan = await planOf(connection, wholeMonth);
        const bytes = JSON.stringify((await wholeMonth.execute(connection)).rows).length;
        const timed = await runs('before: the whole month, no index (database only)', 5, () =>
          wholeMonth.execute(connection),
        );
        return { plan, bytes, timed };
      } finally {
        await sql`ROLLBACK`.execute(connection);
      }
    });

    const indexed = pagePlan.includes('transactions_campaign_month_idx') && !pagePlan.includes('Sort');
    const format = (n: number) => n.toLocaleString('en-GB');
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    return [
      `## Transaction Details at ${format(monthSize)} rows in a campaign month (${bench.engine})`,
      '',
      `GET /api/dashboard/getInvoice/{id}?type=detailed&transaction=true through inject as the client admin on the largest campaign month of ${format(transactions)} seeded transactions (bench/dashboard.ts), a page of 50 (${kb(firstBytes)}; the answer says total ${format(first.total)}), ${iterations} requests a run after 20 warm-ups, three runs each, every run shown. Before: the former read of the whole month (${kb(before.bytes)} of rows as JSON) without migration 0028's index, 5 queries a run, the database's part only. Target: p99 ≤ 50 ms at any month size.`,
      '',
      `Plan of the middle page: ${pagePlan}${indexed ? '' : ' (**not the index, or a sort**)'}. Plan before: ${before.plan}.`,
      '',
      '| measured | run | per second | p50 ms | p95 ms | p99 ms | max ms |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...[...measured, ...before.timed].map(
        (r) =>
          `| ${r.name} | ${r.run} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(2)} |`,
      ),
      '',
    ].join('\n');
  } finally {
    await bench.close();
  }
}
