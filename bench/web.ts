import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';

/** Issue 17 §4: everything /login loads, compressed, on a first visit. */
export const loginTargetBytes = 170 * 1024;

const root = fileURLToPath(new URL('..', import.meta.url));

interface Resource {
  url: string;
  encoding: string;
  bodyBytes: number;
  headerBytes: number;
}

/**
 * Opens `url` in a fresh browser context (empty cache) asking for `acceptEncoding` and lists every
 * response the page loads until the network is idle: the encoded body as sent and its headers.
 */
async function load(browser: Browser, url: string, acceptEncoding: string): Promise<Resource[]> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': acceptEncoding } });
  const page = await context.newPage();
  const responses: Promise<Resource>[] = [];
  page.on('requestfinished', (request) => {
    responses.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return {
          url: request.url().replace(/^https?:\/\/[^/]+/, ''),
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          bodyBytes: sizes.responseBodySize,
          headerBytes: sizes.responseHeadersSize,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').waitFor();
  const resources = await Promise.all(responses);
  await context.close();
  return resources;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The resources by size; `target` adds the verdict against the target. */
function resourceTable(
  title: string,
  resources: Resource[],
  target: boolean,
): { text: string; total: number } {
  const body = resources.reduce((sum, r) => sum + r.bodyBytes, 0);
  const headers = resources.reduce((sum, r) => sum + r.headerBytes, 0);
  const total = body + headers;
  const sorted = [...resources].sort((a, b) => b.bodyBytes - a.bodyBytes);
  const text = [
    `### ${title}: ${kb(total)} KB transferred (${kb(body)} KB bodies + ${kb(headers)} KB headers)` +
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
 * Web (issue 17 §4): builds the web app into a folder of its own (an e2e run's apps/web/dist is
 * left alone), serves it from the real API app on a free loopback port, and sums what Debian's
 * Chromium transfers for /login, once asking for brotli and gzip (what browsers ask for) and once
 * for gzip only. The target, 170 KB, applies to the first.
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
  const app = await buildApp({ config, database, logger: false });
  await app.services.settings.ensureDefaults();
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const brotli = resourceTable(
      '/login, Accept-Encoding: br, gzip',
      await load(browser, `${address}/login`, 'br, gzip'),
      true,
    );
    const gzip = resourceTable(
      '/login, Accept-Encoding: gzip',
      await load(browser, `${address}/login`, 'gzip'),
      false,
    );
    return [
      '## Web: /login on a first visit',
      '',
      'Every response Chromium receives for /login with an empty cache until the network is idle, built by `vite build` and served by the API app (precompressed assets). Target (issue 17 §4): ≤ 170 KB compressed, brotli counting (browsers ask for it); gzip beside it.',
      '',
      brotli.text,
      gzip.text,
    ].join('\n');
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(distDir, { recursive: true, force: true });
  }
}
