import { demoMerchants } from '../apps/api/src/demo/demo-transactions.ts';
import { benchApp, time, type Row } from './harness.ts';
import { loadAverage } from './load.ts';

/**
 * Calls run side by side in the throughput run: a publisher's system sending as purchases clear.
 * The target itself sets it (Little's law): 1,000 calls a second that each take ~30 ms are ~30 in
 * flight at any moment, so a sender of that rate keeps about 32 calls open.
 */
const concurrency = 32;

/**
 * Transactions one at a time (docs/decisions/0109): one cleared purchase per call through
 * POST /api/publisher/transactions/cleared with a live demo key, at a demo MID, beside the
 * baseline GET /api/health in the same run; then `count` cleared purchases, `concurrency` at a
 * time, for the throughput and p99. Target (PostgreSQL): ≥ 1,000 cleared transactions a second,
 * p99 ≤ 50 ms. Clearings side by side are group-committed (cleared-batches.ts): those arriving while
 * the publisher's batch is stored are stored together next, one upload and one set of locks a batch.
 * On a database of its own with the demo data (the lists' sections add 100,000 campaigns and branches).
 */
export async function transactionsSection(count: number): Promise<string> {
  const bench = await benchApp();
  try {
    return await measure(bench, count);
  } finally {
    await bench.close();
  }
}

async function measure(bench: Awaited<ReturnType<typeof benchApp>>, count: number): Promise<string> {
  const merchant = (await demoMerchants(bench.database.db)).find((row) => row.publisher === 'ATR');
  if (!merchant) throw new Error('the demo data has no ATR merchant');
  let next = 0;
  const cleared = () => {
    next += 1;
    return bench.inject({
      method: 'POST',
      url: '/api/publisher/transactions/cleared',
      headers: { 'x-api-key': 'demo-atr-key' },
      payload: {
        transaction_id: `BENCH-ONE-${next}`,
        // Purchases a minute apart, all in the past, on a few hundred cards.
        datetime: new Date(Date.now() - 30 * 86_400_000 + next * 60_000).toISOString(),
        amount: '24.00',
        currency: 'GBP',
        mid: merchant.mid,
        card_token: `bench-one-card-${next % 500}`,
        card_last4: '4242',
      },
    });
  };
  const rows: Row[] = [
    await time('baseline: GET /api/health', 500, () => bench.inject({ url: '/api/health' })),
    await time('POST /api/publisher/transactions/cleared, one at a time', 500, cleared),
  ];

  const latencies: number[] = [];
  const started = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < count) {
        sent += 1;
        const t0 = performance.now();
        await cleared();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  const perSecond = latencies.length / seconds;
  const baseline = rows[0]!;
  return [
    `## Transactions one at a time (${bench.engine})`,
    '',
    'POST /api/publisher/transactions/cleared through inject, each a one-row upload qualified by the engine; the baseline is GET /api/health. Target on PostgreSQL: ≥ 1,000 cleared transactions/s, p99 ≤ 50 ms.',
    '',
    '| measured | per second | p50 ms | p95 ms | × baseline (time) |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(3)} | ${r.p95.toFixed(3)} | ${(baseline.perSecond / r.perSecond).toFixed(2)} |`,
    ),
    '',
    `${latencies.length} cleared transactions, ${concurrency} at a time: ${perSecond.toFixed(0)}/s, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms (${perSecond >= 1000 && at(0.99) <= 50 ? 'meets' : 'misses'} the target); load average after ${loadAverage()}.`,
    '',
  ].join('\n');
}
