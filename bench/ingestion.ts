import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import {
  transactionColumns,
  transactionRowSchema,
} from '../packages/domain/src/ingestion/transaction-file.schema.ts';
import type { Database } from '../apps/api/src/db/database.ts';
import {
  demoMerchants,
  demoPublisherTransactions,
  type DemoMerchant,
  type DemoTransactionRow,
} from '../apps/api/src/demo/demo-transactions.ts';
import {
  createTransactionIngestion,
  defaultPageSize,
  type IngestResult,
} from '../apps/api/src/modules/ingestion/ingestion.transactions.ts';
import { createTransactionsRepository } from '../apps/api/src/modules/ingestion/transactions.repository.ts';
import { csvItems, withFileOf } from '../apps/api/src/modules/ingestion/transaction-file.ts';
import { createReportingRepository } from '../apps/api/src/modules/reporting/reporting.repository.ts';
import { benchApp } from './harness.ts';

/**
 * The ingestion benchmark: one publisher's file of `rows` demo transactions (demo-transactions.ts: a
 * year in time order, about 2% refunds naming their original, 1% unknown MIDs, a card pool per brand
 * with regulars), written to a CSV file first (not timed), then read from disk in 64 kB chunks by
 * the publisher route's own body handling (withFileOf: the body kept in a temporary file, then read
 * by the CSV reader) into the ingestion service, as `POST /api/transactions/ingest` does once
 * Fastify hands it the body stream. Memory is sampled every
 * 50 ms: the process's resident set and V8's heap.
 */
export interface IngestionRun {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  peakHeapMb: number;
  /**
   * The largest heap left just after a full garbage collection: what the upload holds alive. One
   * is forced every tenth of the file (as a page is written), besides those V8 runs of itself.
   */
  peakLiveHeapMb: number;
  /** Resident set before the upload started (the app, the database engine, the demo data). */
  startRssMb: number;
  /** The heap left after a full collection before the upload started (earlier runs' leftovers included). */
  startHeapMb: number;
  /** CPU seconds of this process (PGlite runs in it) and, on a local PostgreSQL, of its server processes for the database. */
  nodeCpuSeconds: number;
  databaseCpuSeconds: number | null;
  result: IngestResult;
  /** With stacking: the qualified purchases paid by the twins and by the campaigns they copy. */
  paid?: { twins: number; originals: number };
}

/**
 * CPU seconds used so far by the PostgreSQL server processes serving this database, from /proc
 * (the server is on this machine in the benchmark's setup); null on PGlite or when unreadable.
 */
async function serverCpu(database: Database): Promise<number | null> {
  if (database.engine !== 'postgres') return null;
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(database.db);
  const ticks = 100;
  let total = 0;
  try {
    for (const { pid } of rows) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    }
  } catch {
    return null;
  }
  return total;
}

// The collector, callable here without starting Node with --expose-gc.
setFlagsFromString('--expose-gc');
const fullCollection = runInNewContext('gc') as () => void;

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const header = [...transactionColumns, 'original_transaction_id'] as const;

async function* csvBytes(rows: Iterable<DemoTransactionRow>): AsyncGenerator<Buffer> {
  let text = `${header.join(',')}\n`;
  for (const row of rows) {
    text += `${header.map((column) => quote(row[column] ?? '')).join(',')}\n`;
    if (text.length >= 65_536) {
      yield Buffer.from(text);
      text = '';
    }
  }
  if (text !== '') yield Buffer.from(text);
}

export async function benchIngestion(
  database: Database,
  options: {
    rows: number;
    publisher?: string;
    seed?: number;
    timeZone?: string;
    /** Profiling: wraps the repository (e.g. to time its calls). */
    wrap?: <T extends object>(repository: T) => T;
    /** The merchants the file's rows are at (all the demo's by default). */
    merchants?: (merchant: DemoMerchant) => boolean;
    /**
     * Caps on every campaign (decision 0116): 3 rewarded transactions per card, 1 a day, £100
     * rewarded spend a week, £5 cashback a transaction, so every purchase counts its card's rewards.
     */
    caps?: boolean;
    /**
     * Stacking (decision 0105): every campaign gets a twin of the same brand, month and branches
     * offering one point more (created after it), so every purchase has two live campaigns to
     * choose between and the one that gives the cardholder most pays.
     */
    stacking?: boolean;
  },
): Promise<IngestionRun> {
  const { db } = database;
  if (options.stacking) await addStackingTwins(database);
  if (options.caps) {
    await db
      .updateTable('campaigns')
      .set({
        max_transactions_per_card: 3,
        max_transactions_per_interval: 1,
        max_spend_per_interval_pence: 10_000,
        cap_interval: 'week',
        max_cashback_pence: 500,
      })
      .execute();
  }
  const code = options.publisher ?? 'ATR';
  const publisher = await db
    .selectFrom('publishers')
    .select(['id', 'code'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const merchants = (await demoMerchants(db)).filter(options.merchants ?? (() => true));
  const now = new Date();
  const rows = demoPublisherTransactions(code, options.rows, {
    merchants,
    count: options.rows,
    now,
    seed: options.seed ?? 5,
    idPrefix: `B${options.rows.toString(36)}${now.getTime().toString(36)}`,
  });
  // A full collection forced every tenth of the file's pages, so a short run's live heap is
  // measured too (V8 may run none of itself in it).
  const pagesBetweenCollections = Math.max(1, Math.ceil(options.rows / defaultPageSize / 10));
  let pagesWritten = 0;
  let peakLiveHeap = 0;
  const repository = createTransactionsRepository(db);
  const counted: typeof repository = {
    ...repository,
    async insertTransactions(trx, rows) {
      pagesWritten += 1;
      if (pagesWritten % pagesBetweenCollections === 0) {
        fullCollection();
        peakLiveHeap = Math.max(peakLiveHeap, process.memoryUsage().heapUsed);
      }
      return repository.insertTransactions(trx, rows);
    },
  };
  const ingestion = createTransactionIngestion({
    db,
    transactions: (options.wrap ?? ((repository) => repository))(counted),
    reporting: createReportingRepository(db),
    timeZone: options.timeZone ?? 'Europe/London',
    clock: () => new Date(),
  });

  // The file is written first (not timed), then read from disk as a socket would deliver it.
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'krowd-ingest-')), 'transactions.csv');
  const out = createWriteStream(file);
  for await (const chunk of csvBytes(rows)) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');

  fullCollection();
  const startHeap = process.memoryUsage().heapUsed;
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 50);
  // The heap in use as each full collection ends is what was alive then (the peaks above include
  // garbage not yet collected).
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        peakLiveHeap = Math.max(peakLiveHeap, process.memoryUsage().heapUsed);
      }
    }
  });
  collections.observe({ entryTypes: ['gc'] });
  const databaseCpu = await serverCpu(database);
  const nodeCpu = process.cpuUsage();
  const started = performance.now();
  try {
    // As the route does: the body kept in a temporary file as it arrives, then ingested from it.
    const stream = createReadStream(file, { highWaterMark: 65_536 });
    const result = await withFileOf(stream, (source) =>
      ingestion.ingest(publisher, source, { partial: false, channel: 'api' }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(nodeCpu);
    const databaseCpuAfter = await serverCpu(database);
    const usage = process.memoryUsage();
    const paid = options.stacking ? await paidBy(database) : undefined;
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
    return {
      rows: result.received,
      seconds,
      rowsPerSecond: result.received / seconds,
      peakRssMb: peakRss / 1e6,
      peakHeapMb: peakHeap / 1e6,
      peakLiveHeapMb: peakLiveHeap / 1e6,
      startRssMb: startRss / 1e6,
      startHeapMb: startHeap / 1e6,
      nodeCpuSeconds: (cpu.user + cpu.system) / 1e6,
      databaseCpuSeconds:
        databaseCpu === null || databaseCpuAfter === null ? null : databaseCpuAfter - databaseCpu,
      result,
      ...(paid ? { paid } : {}),
    };
  } finally {
    clearInterval(sampler);
    collections.disconnect();
    rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Qualified purchases by payer: a twin (see addStackingTwins) or a campaign it copies. */
async function paidBy(database: Database): Promise<{ twins: number; originals: number }> {
  const rows = await database.db
    .selectFrom('transactions')
    .innerJoin('campaigns', 'campaigns.id', 'transactions.campaign_id')
    .where('transactions.outcome', '=', 'qualified')
    .select([sql<boolean>`campaigns.name like '% (twin)'`.as('twin'), sql<string>`count(*)`.as('count')])
    .groupBy(sql`campaigns.name like '% (twin)'`)
    .execute();
  const count = (twin: boolean) => Number(rows.find((row) => row.twin === twin)?.count ?? 0);
  return { twins: count(true), originals: count(false) };
}

/** A twin of every campaign (see `stacking` above), with its branches, in one transaction. */
async function addStackingTwins(database: Database): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const campaigns = await trx.selectFrom('campaigns').selectAll().execute();
    const branches = await trx.selectFrom('campaign_branches').selectAll().execute();
    for (const { id, ...campaign } of campaigns) {
      const twin = await trx
        .insertInto('campaigns')
        .values({
          ...campaign,
          name: `${campaign.name} (twin)`,
          discount_percent: campaign.discount_percent === null ? null : campaign.discount_percent + 1,
          week_days: JSON.stringify(campaign.week_days),
          promo_code: campaign.promo_code === null ? null : JSON.stringify(campaign.promo_code),
          templates: JSON.stringify(campaign.templates),
          recurring: false,
          is_primary_campaign: false,
          primary_campaign_id: null,
          created_at: new Date(campaign.created_at.getTime() + 1000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const own = branches.filter((branch) => branch.campaign_id === id);
      if (own.length > 0) {
        await trx
          .insertInto('campaign_branches')
          .values(own.map((branch) => ({ ...branch, campaign_id: twin.id })))
          .execute();
      }
    }
  });
}

/** The baseline: the same file read and validated only (CSV reader and row schema, no database). */
async function readOnly(rows: number): Promise<{ seconds: number; rowsPerSecond: number }> {
  const generated = demoPublisherTransactions('ATR', rows, {
    merchants: [
      { publisher: 'ATR', brandId: 'b', mid: '10000001', postcode: 'LS1 1AB', averageSpendPence: 2400 },
    ],
    count: rows,
    now: new Date(),
    seed: 5,
  });
  const started = performance.now();
  let valid = 0;
  for await (const piece of csvItems(csvBytes(generated))) {
    for (const item of piece) {
      if ('fields' in item && transactionRowSchema.safeParse(item.fields).success) valid += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (valid !== rows) throw new Error(`read ${valid} valid rows of ${rows}`);
  return { seconds, rowsPerSecond: rows / seconds };
}

const mb = (value: number) => value.toFixed(0);

/** Every full-size run at least this fast, on PostgreSQL. */
const targetRowsPerSecond = 50_000;
/** Every full-size run's live heap within this multiple of the tenth's. */
const liveHeapAllowance = 1.5;
/** Full-size runs, one after another (each must meet the target, not the best). */
const fullSizeRuns = Number(process.env.BENCH_INGEST_REPEATS ?? 3);

/**
 * The results.md section: a tenth of the file, then the whole file `fullSizeRuns` times, each on a
 * fresh database, every run printed with whether it meets the target.
 */
export async function ingestionSection(rows: number): Promise<string> {
  const loadBefore = os.loadavg();
  const tenth = Math.max(1000, Math.round(rows / 10));
  // The last full-size run with caps on every campaign (decision 0116), beside the runs without.
  const sizes = [tenth, ...Array.from({ length: fullSizeRuns + 1 }, () => rows)];
  const runs: IngestionRun[] = [];
  let engine = '';
  for (const [index, size] of sizes.entries()) {
    const bench = await benchApp();
    engine = bench.engine;
    try {
      const last = index === sizes.length - 1;
      runs.push(
        await benchIngestion(bench.database, {
          rows: size,
          timeZone: bench.config.timezone,
          caps: last,
          stacking: last,
        }),
      );
    } finally {
      await bench.close();
    }
  }
  const baseline = await readOnly(tenth);
  const format = (n: number) => n.toLocaleString('en-GB');
  const heapLimit = runs[0]!.peakLiveHeapMb * liveHeapAllowance;
  const verdict = (run: IngestionRun, index: number) => {
    if (index === 0) return `live heap limit for the rest: ${mb(heapLimit)} MB`;
    const fastEnough = run.rowsPerSecond >= targetRowsPerSecond;
    const flat = run.peakLiveHeapMb <= heapLimit;
    return fastEnough && flat
      ? 'met'
      : `not met (${[fastEnough ? '' : 'rows/s', flat ? '' : 'live heap'].filter(Boolean).join(', ')})`;
  };
  return [
    `## Ingestion of one publisher's file (${engine})`,
    '',
    "The demo generator's rows for ATR (a year in time order, 2% refunds naming their original, 1% unknown MIDs, regulars among the cards) as CSV through the publisher route's body handling (kept in a temporary file) and reader into the ingestion service: validated and qualified as read (the file is in time order, so no staging), stored with their outcome, refunds applied, the reporting store and ingestion log written, all in one database transaction. Memory is the process's peak resident set and V8 heap, sampled every 50 ms (garbage included), and the largest heap left alive after a full garbage collection ('live heap', one forced every tenth of the file); 'before' is the heap and resident set with the app and demo data loaded, before the upload. Every run is listed, in the order run, each on a fresh database.",
    '',
    "The last run has caps on every campaign (decision 0116: 3 rewarded transactions per card, 1 a day, £100 rewarded spend a week, £5 cashback a transaction), so every purchase counts its card's rewards loaded with its history, and stacking: every campaign has a twin of the same brand, month and branches offering one point more, so every purchase chooses between two live campaigns (decision 0105); the runs before it, of the same file, have neither.",
    '',
    `Target: every full-size run at least ${format(targetRowsPerSecond)} rows/s on PostgreSQL, with its live heap within ${liveHeapAllowance}× the tenth-size run's.`,
    '',
    '| run | file rows | seconds | rows/s | peak RSS MB | peak heap MB | live heap MB | heap before MB | RSS before MB | Node CPU s | database CPU s | stored | unknown MID | target |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    `| | baseline: read and validate only, ${format(tenth)} rows | ${baseline.seconds.toFixed(1)} | ${format(Math.round(baseline.rowsPerSecond))} | | | | | | | | | | |`,
    ...runs.map(
      (run, index) =>
        `| ${index + 1}${index === runs.length - 1 ? ' (caps and stacking on)' : ''} | ${format(run.rows)} | ${run.seconds.toFixed(1)} | ${format(Math.round(run.rowsPerSecond))} | ${mb(run.peakRssMb)} | ${mb(run.peakHeapMb)} | ${mb(run.peakLiveHeapMb)} | ${mb(run.startHeapMb)} | ${mb(run.startRssMb)} | ${run.nodeCpuSeconds.toFixed(1)} | ${run.databaseCpuSeconds === null ? 'in Node (PGlite)' : run.databaseCpuSeconds.toFixed(1)} | ${format(run.result.inserted)} | ${format(run.result.unmatched)} | ${verdict(run, index)} |`,
    ),
    '',
    ...runs.flatMap((run) =>
      run.paid
        ? [
            `Stacking in the last run: ${format(run.paid.twins)} qualified purchases paid by a twin (one point more) and ${format(run.paid.originals)} by the campaign it copies (equal offers, so the earlier created pays).`,
            '',
          ]
        : [],
    ),
    `Load average (1 / 5 / 15 min) at the start ${loadBefore.map((value) => value.toFixed(2)).join(' / ')}, at the end ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}.`,
    '',
  ].join('\n');
}
