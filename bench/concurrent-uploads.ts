import { demoApiKeyOf } from '../apps/api/src/demo/demo-publishers.ts';
import { demoMerchants, type DemoMerchant } from '../apps/api/src/demo/demo-transactions.ts';
import { benchApp, time } from './harness.ts';
import { benchIngestion } from './ingestion.ts';

/**
 * Uploads side by side (docs/decisions/0114): a 20-row upload and a single cleared transaction of
 * one publisher at one brand, answered alone, then while a large file of another publisher ingests
 * at every other brand, then (one call) at a brand the large file also reaches, which waits for
 * it: the brand's lock is held for the whole upload. Target (PostgreSQL): p99 ≤ 1 s during the large
 * upload. PGlite has one connection, so there every call waits for the large upload.
 */
export async function concurrentUploadsSection(largeRows: number): Promise<string> {
  const bench = await benchApp();
  try {
    return await measure(bench, largeRows);
  } finally {
    await bench.close();
  }
}

/** Latency quantiles of the calls, in milliseconds. */
function quantiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN };
}

async function measure(bench: Awaited<ReturnType<typeof benchApp>>, largeRows: number): Promise<string> {
  const merchants = await demoMerchants(bench.database.db);
  // The small calls' publisher and brand (a publisher other than the large file's), and a merchant
  // of a third publisher at a brand the large file reaches too (a publisher's upload waiting for a
  // brand holds its publisher's lock, which would hold up the small calls as well).
  const largeBrands = new Set(
    merchants.filter((merchant) => merchant.publisher === 'ATR').map((merchant) => merchant.brandId),
  );
  const others = merchants.filter((merchant) => merchant.publisher !== 'ATR');
  const pairs = others.flatMap((first) =>
    others
      .filter(
        (second) =>
          second.publisher !== first.publisher &&
          second.brandId !== first.brandId &&
          largeBrands.has(second.brandId),
      )
      .map((second) => [first, second] as const),
  );
  const [small, shared] = pairs[0] ?? [others[0], undefined];
  if (!small) throw new Error('the demo data has no merchant of a publisher other than ATR');
  const key = demoApiKeyOf(small.publisher);
  let next = 0;
  const rowAt = (merchant: DemoMerchant) => {
    next += 1;
    return {
      transaction_id: `BENCH-SIDE-${next}`,
      datetime: new Date(Date.now() - 20 * 86_400_000 + next * 1_000).toISOString(),
      amount: '31.00',
      currency: 'GBP',
      mid: merchant.mid,
      card_token: `bench-side-card-${next % 300}`,
      card_last4: '4242',
      postcode: merchant.postcode,
      publisher: small.publisher,
    };
  };
  const upload = (merchant: DemoMerchant) =>
    bench.inject({
      method: 'POST',
      url: '/api/transactions/ingest',
      headers: { 'x-api-key': demoApiKeyOf(merchant.publisher), 'content-type': 'application/json' },
      payload: JSON.stringify(
        Array.from({ length: 20 }, () => ({ ...rowAt(merchant), publisher: merchant.publisher })),
      ),
    });
  const cleared = (merchant: DemoMerchant) => {
    const { publisher: _publisher, ...row } = rowAt(merchant);
    return bench.inject({
      method: 'POST',
      url: '/api/publisher/transactions/cleared',
      headers: { 'x-api-key': key },
      payload: row,
    });
  };
  const timed = async (run: () => Promise<unknown>, latencies: number[]) => {
    const started = performance.now();
    await run();
    latencies.push(performance.now() - started);
  };

  const baseline = await time('baseline: GET /api/health', 500, () => bench.inject({ url: '/api/health' }));
  const aloneUploads: number[] = [];
  const aloneCleared: number[] = [];
  for (let index = 0; index < 50; index += 1) {
    await timed(() => upload(small), aloneUploads);
    await timed(() => cleared(small), aloneCleared);
  }

  // The large file: ATR's rows at every brand but the small calls' one.
  let largeDone = false;
  const large = benchIngestion(bench.database, {
    rows: largeRows,
    publisher: 'ATR',
    merchants: (merchant) => merchant.brandId !== small.brandId,
    seed: 11,
  }).finally(() => (largeDone = true));
  // Let it write its file and take its locks before the calls start.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const duringUploads: number[] = [];
  const duringCleared: number[] = [];
  let sharedWait: number | null = null;
  let sharedSent = false;
  while (!largeDone) {
    await timed(() => upload(small), duringUploads);
    if (largeDone) break;
    await timed(() => cleared(small), duringCleared);
    if (!sharedSent && shared && duringUploads.length >= 5) {
      sharedSent = true;
      // Not awaited here: it waits for the large upload's brand lock.
      const started = performance.now();
      void upload(shared).then(() => (sharedWait = performance.now() - started));
    }
  }
  const largeRun = await large;
  await new Promise((resolve) => setTimeout(resolve, 100));

  const line = (name: string, latencies: number[]) => {
    const q = quantiles(latencies);
    return `| ${name} | ${q.count} | ${q.p50.toFixed(1)} | ${q.p99.toFixed(1)} | ${q.max.toFixed(1)} |`;
  };
  const during = quantiles([...duringUploads, ...duringCleared]);
  return [
    `## Uploads side by side (${bench.engine})`,
    '',
    `A 20-row upload (POST /api/transactions/ingest) and a single cleared transaction of ${small.publisher} at one brand, alone and while ATR's ${largeRun.rows.toLocaleString('en-GB')}-row file ingests at every other brand (${largeRun.rowsPerSecond.toFixed(0)} rows/s, ${largeRun.seconds.toFixed(1)} s). Baseline GET /api/health: p50 ${baseline.p50.toFixed(3)} ms. Target on PostgreSQL: p99 ≤ 1,000 ms during the large upload.`,
    '',
    '| calls | count | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    line('20-row upload, alone', aloneUploads),
    line('single cleared transaction, alone', aloneCleared),
    line('20-row upload, during the large upload', duringUploads),
    line('single cleared transaction, during the large upload', duringCleared),
    '',
    `During the large upload: p99 ${during.p99.toFixed(1)} ms (${during.count > 0 && during.p99 <= 1_000 ? 'meets' : 'misses'} the target).`,
    sharedWait === null
      ? 'A 20-row upload at a brand the large file also reaches was not sent (the large upload ended first, or there is no such brand).'
      : `A 20-row upload at a brand the large file also reaches waited ${(sharedWait as number).toFixed(0)} ms: a brand's lock is held for the whole upload (decision 0114, what is left).`,
    '',
  ].join('\n');
}
