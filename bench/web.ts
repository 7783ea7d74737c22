import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { demoPassword, loadDemoData } from '../apps/api/src/demo/demo-data.ts';
import { demoTransactionCount } from '../apps/api/src/demo/demo-transactions.ts';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import {
  firstVisit,
  loginTargetBytes,
  transferredBytes,
  type LoadedResource,
} from '../e2e/support/first-visit.ts';

/** Lighthouse mobile performance scores, per page. */
const lighthouseTargets = [
  { page: '/login', signedIn: false, minimum: 90 },
  { page: '/user/dashboard', signedIn: true, minimum: 80 },
] as const;
const lighthouseRuns = 3;

const root = fileURLToPath(new URL('..', import.meta.url));

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The resources by size; `target` adds the verdict against the target. */
function resourceTable(
  title: string,
  resources: LoadedResource[],
  target: boolean,
): { text: string; total: number } {
  const body = resources.reduce((sum, r) => sum + r.bodyBytes, 0);
  const total = transferredBytes(resources);
  const sorted = [...resources].sort((a, b) => b.bodyBytes - a.bodyBytes);
  const text = [
    `### ${title}: ${kb(total)} KB transferred (${kb(body)} KB bodies + ${kb(total - body)} KB headers)` +
      (target
        ? `, target ≤ ${kb(loginTargetBytes)} KB: ${total <= loginTargetBytes ? 'met' : 'NOT met'}`
        : ''),
    '',
    '| resource | encoding | body KB | headers KB |',
    '|---|---|---:|---:|',
    ...sorted.map((r) => `| ${r.url} | ${r.encoding} | ${kb(r.bodyBytes)} | ${kb(r.headerBytes)} |`),
    '',
  ].join('\n');
  return { text, total };
}

/**
 * Debian's Chromium with the launch flags of the browser journeys, listening for DevTools on a
 * port it picks (Lighthouse connects to it) and with a profile of its own, which keeps the
 * session cookie between the sign-in and Lighthouse's runs.
 */
async function launchDebuggableChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'krowd-lighthouse-'));
  const child: ChildProcess = spawn(
    chromiumLaunchOptions.executablePath,
    [...chromiumLaunchOptions.args, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      // Chromium's helper processes may still be writing its cache for a moment after it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    },
  };
}

/** Signs the demo brand admin in through /login in the browser's own profile, as a person would. */
async function signIn(port: number, origin: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill('companyadmin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  // Signed in: the app leaves /login for the account's first page.
  await page.waitForURL((url) => url.pathname.startsWith('/user/'));
  await page.close();
  // Connected, not launched: this only disconnects, and the browser keeps the cookie.
  await browser.close();
}

interface LighthouseRun {
  version: string;
  /** Lighthouse's code when the run failed (a trace it could not read, say): no score then. */
  error: string | undefined;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

/** One Lighthouse run: the default (mobile) config and its simulated throttling, performance only. */
async function audit(port: number, url: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    version: result.lhr.lighthouseVersion,
    error: runtimeError?.code,
    score: Math.round((categories.performance?.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
  };
}

/**
 * Lighthouse: each page three times in the same Chromium, /login signed out, then
 * the dashboard after signing in; every run is printed, with its verdict against the page's target.
 */
async function lighthouseTable(origin: string): Promise<string> {
  const loadBefore = os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
  const chromiumProcess = await launchDebuggableChromium();
  const rows: string[] = [];
  let version = '';
  try {
    for (const target of lighthouseTargets) {
      if (target.signedIn) await signIn(chromiumProcess.port, origin);
      for (let run = 1; run <= lighthouseRuns; run += 1) {
        const r = await audit(chromiumProcess.port, `${origin}${target.page}`);
        version = r.version;
        rows.push(
          r.error
            ? `| ${target.page} | ${run} | – | – | – | – | – | – | ≥ ${target.minimum}: NOT met (Lighthouse error ${r.error}) |`
            : `| ${target.page} | ${run} | ${r.score} | ${(r.fcp / 1000).toFixed(2)} | ${(r.lcp / 1000).toFixed(2)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.si / 1000).toFixed(2)} | ≥ ${target.minimum}: ${r.score >= target.minimum ? 'met' : 'NOT met'} |`,
        );
      }
    }
  } finally {
    await chromiumProcess.close();
  }
  return [
    '### Lighthouse, mobile',
    '',
    `Lighthouse ${version} (its default mobile config: a mid-range phone, simulated slow 4G and 4× CPU slowdown), performance only, ${lighthouseRuns} runs a page in Debian's Chromium, cache emptied before each; /user/dashboard signed in as the demo brand admin. Load average before the runs: ${loadBefore}; after: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}.`,
    '',
    '| page | run | score | FCP s | LCP s | TBT ms | CLS | SI s | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
  ].join('\n');
}

/**
 * Web: builds the web app into a folder of its own (an e2e run's apps/web/dist is
 * left alone), serves it from the real API app (demo data, so the dashboard has figures) on a free
 * loopback port, and sums what Debian's Chromium transfers for /login, once asking for brotli and
 * gzip (what browsers ask for) and once for gzip only; the target, 170 KB, applies to the first.
 * Then Lighthouse scores /login and the signed-in dashboard.
 */
export async function webSection(): Promise<string> {
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'krowd-web-bench-'));
  execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: distDir });
  const database = await openDatabase({ dataDir: 'memory' });
  await migrateToLatest(database.db);
  // The demo transactions too, as `npm start` loads them: the dashboard shows figures, as a user sees it.
  await loadDemoData(database.db, { timeZone: config.timezone, transactions: demoTransactionCount });
  const app = await buildApp({ config, database, logger: false });
  await app.services.settings.ensureDefaults();
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const brotli = resourceTable(
      '/login, Accept-Encoding: br, gzip',
      await firstVisit(browser, `${address}/login`, 'br, gzip'),
      true,
    );
    const gzip = resourceTable(
      '/login, Accept-Encoding: gzip',
      await firstVisit(browser, `${address}/login`, 'gzip'),
      false,
    );
    const scores = await lighthouseTable(address);
    return [
      '## Web: /login on a first visit, and Lighthouse',
      '',
      'Every response Chromium receives for /login with an empty cache until the network is idle, built by `vite build` and served by the API app (precompressed assets). Target: ≤ 170 KB compressed, brotli counting (browsers ask for it); gzip beside it.',
      '',
      brotli.text,
      gzip.text,
      scores,
    ].join('\n');
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(distDir, { recursive: true, force: true });
  }
}
