import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A second `npm start`, the build being current, answers its health check within this. */
export const startTargetMs = 3000;
const runs = 3;

const root = fileURLToPath(new URL('..', import.meta.url));

/** A loopback port nobody listens on now (never 3000, which a developer's server may hold). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Stops a started command and everything it started (its process group), and waits for its end. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/**
 * Milliseconds from spawning `command` until GET /api/health answers 200 on its port; the server is
 * then stopped. PGlite in `dataDir` (DATABASE_URL is left out, so a PostgreSQL bench run does not
 * point the server at its database), on a free loopback port.
 */
async function timeToHealthy(command: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd: root, env, stdio: 'ignore', detached: true });
  try {
    while (!(await healthy(port))) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000)
        throw new Error(`${command.join(' ')}: not healthy in 2 min`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

function timeProcess(command: string[]): number {
  const started = performance.now();
  spawnSync(command[0]!, command.slice(1), { cwd: root, stdio: 'ignore' });
  return performance.now() - started;
}

/**
 * Start: brings the build up to date (scripts/build-if-stale.mjs, untimed), starts
 * the server once on a temporary DATA_DIR to create its database, then times, three runs each and
 * interleaved: an empty Node process (the floor), the built server alone (`node
 * apps/api/dist/server.js`, no staleness check) and `npm start` (npm, the check that skips the
 * build, then the server), each until its health check answers. The target is on `npm start`.
 */
export async function startSection(): Promise<string> {
  const build = spawnSync('node', ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The build failed.');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'krowd-start-bench-'));
  const server = ['node', '--max-semi-space-size=64', 'apps/api/dist/server.js'];
  const loadBefore = os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
  const rows: string[] = [];
  try {
    const first = await timeToHealthy(server, dataDir);
    for (let run = 1; run <= runs; run += 1) {
      const node = timeProcess(['node', '-e', '']);
      const alone = await timeToHealthy(server, dataDir);
      const npmStart = await timeToHealthy(['npm', 'start'], dataDir);
      rows.push(
        `| ${run} | ${node.toFixed(0)} | ${alone.toFixed(0)} | ${npmStart.toFixed(0)} | ${(npmStart - alone).toFixed(0)} | < ${startTargetMs}: ${npmStart < startTargetMs ? 'met' : 'NOT met'} |`,
      );
    }
    return [
      '## Start: a second `npm start` with a current build',
      '',
      `Milliseconds from spawning the command until GET /api/health answers 200, then stopped; PGlite on a temporary DATA_DIR whose database the first start made (${first.toFixed(0)} ms, migrations and demo data included, not counted). Baselines in the same run: an empty Node process and the built server alone. Target: \`npm start\` under ${startTargetMs / 1000} s. Load average before the runs: ${loadBefore}; after: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}.`,
      '',
      "| run | baseline: `node -e ''` ms | baseline: server alone ms | `npm start` ms | npm start − server ms | target |",
      '|---:|---:|---:|---:|---:|---|',
      ...rows,
      '',
    ].join('\n');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
