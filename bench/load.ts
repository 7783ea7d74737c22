import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

/** What every signed-in list must reach, at 10 and at 50 connections. */
export const listTargets = { perSecond: 1500, p99Ms: 50, shareOfHealth: 0.4 } as const;

/** What a measured endpoint must reach; a share of health's rate only when given. */
export interface LoadTarget {
  perSecond: number;
  p99Ms: number;
  shareOfHealth?: number;
}

interface Run {
  name: string;
  connections: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface Endpoint {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** GET unless given; a body is sent as JSON. */
  method?: 'GET' | 'POST';
  body?: unknown;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' / ');

/** What a browser says it accepts: answers of 1 KB or more come compressed (plugins/compression.ts). */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };

async function hit(origin: string, endpoint: Endpoint, connections: number, seconds: number): Promise<Run> {
  const result = await autocannon({
    url: `${origin}${endpoint.path}`,
    method: endpoint.method ?? 'GET',
    headers:
      endpoint.body === undefined
        ? { ...browserHeaders, ...endpoint.headers }
        : { ...browserHeaders, ...endpoint.headers, 'content-type': 'application/json' },
    ...(endpoint.body === undefined ? {} : { body: JSON.stringify(endpoint.body) }),
    connections,
    duration: seconds,
    // The client in a thread of its own, so it does not share the server's event loop.
    workers: 1,
  });
  return {
    name: endpoint.name,
    connections,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Timeouts are counted among autocannon's errors; both are reported, neither allowed.
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * Each endpoint beside GET /api/health (the baseline) at each number of connections, on the app
 * listening on loopback: one unreported second each first, so the first measured run is not the
 * one that warms the JIT. Answers the table's rows (every run) and whether any run met an error or
 * a non-2xx answer.
 */
export async function runsBesideHealth(
  app: FastifyInstance,
  endpoints: Endpoint[],
  connectionCounts: readonly number[],
  seconds: number,
  target: LoadTarget,
): Promise<{ rows: string[]; failed: boolean }> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const health: Endpoint = { name: 'baseline: GET /api/health', path: '/api/health' };
  for (const endpoint of [health, ...endpoints]) await hit(origin, endpoint, connectionCounts[0]!, 1);
  const rows: string[] = [];
  let failed = false;
  for (const connections of connectionCounts) {
    const baseline = await hit(origin, health, connections, seconds);
    const runs = [baseline];
    for (const endpoint of endpoints) runs.push(await hit(origin, endpoint, connections, seconds));
    for (const run of runs) {
      const share = run.perSecond / baseline.perSecond;
      const clean = run.errors === 0 && run.non2xx === 0;
      failed ||= !clean;
      const meets =
        run === baseline
          ? '—'
          : clean &&
              run.perSecond >= target.perSecond &&
              run.p99 <= target.p99Ms &&
              share >= (target.shareOfHealth ?? 0)
            ? 'yes'
            : 'no';
      rows.push(
        `| ${run.name} | ${connections} | ${run.perSecond.toFixed(0)} | ${run.p50} | ${run.p99} | ${run.errors} | ${run.non2xx} | ${(share * 100).toFixed(0)}% | ${meets} |`,
      );
    }
  }
  return { rows, failed };
}

/** The header of the table `runsBesideHealth`'s rows go in. */
export const runsHeader = [
  '| measured | connections | req/s | p50 ms | p99 ms | errors | non-2xx | of health | target met |',
  '|---|---:|---:|---:|---:|---:|---:|---:|:-:|',
];

/**
 * The load test: the real server on loopback, hit over HTTP by autocannon, first
 * GET /api/health (the baseline), then each signed-in list, at 10 and then 50 connections. Every
 * run is printed; one error or non-2xx answer fails the section.
 */
export async function loadSection(
  app: FastifyInstance,
  engine: string,
  lists: Endpoint[],
  seconds: number,
): Promise<{ text: string; failed: boolean }> {
  const loadAtStart = loadAverage();
  const { rows, failed } = await runsBesideHealth(app, lists, [10, 50], seconds, listTargets);
  const text = [
    `## Load test of the signed-in lists (${engine})`,
    '',
    `The server on 127.0.0.1 hit over HTTP by autocannon (in a worker thread, accepting gzip and brotli as a browser does), ${seconds} s a run, every run shown (after one unreported second each to warm up); each list beside GET /api/health at the same connections. Target: ≥ ${listTargets.perSecond} req/s, p99 ≤ ${listTargets.p99Ms} ms and ≥ ${listTargets.shareOfHealth * 100}% of health's rate, with no error and no non-2xx answer. Load average (1 / 5 / 15 min) at the start ${loadAtStart}, at the end ${loadAverage()}.`,
    '',
    ...runsHeader,
    ...rows,
    '',
  ].join('\n');
  return { text, failed };
}
