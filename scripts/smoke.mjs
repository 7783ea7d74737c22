// A smoke run of the built product on the Node that runs this script (CI: Node 24; the suites ran
// on Node 20): starts apps/api/dist/server.js on a fresh PGlite database with the demo data, on a
// free port, then signs a demo user in, reads a list and the contract, pulls the offers feed with a
// demo publisher key, and stops it with SIGTERM, which must end it with exit code 0
// (docs/decisions/0102-ci-one-api-run.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'krowd-smoke-'));
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  // As `npm start` runs it: the demo data loads on a first start outside production.
  env: {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

function fail(message) {
  console.error(`smoke: ${message}`);
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

// Starting loads the demo data: minutes on a busy machine. This bounds a start that hangs.
const startLimit = setTimeout(() => fail('the server did not start within 10 minutes'), 600_000);
const base = await new Promise((resolve) => {
  let output = '';
  server.stdout.on('data', (chunk) => {
    output += chunk.toString();
    const running = /Krowd is running at (http:\/\/\S+)/.exec(output);
    const loaded = output.includes('Demo accounts');
    if (running && loaded) resolve(running[1].replace('localhost', '127.0.0.1'));
  });
  server.on('exit', (code) => fail(`the server exited (${code}) before it was running:\n${output}`));
});
clearTimeout(startLimit);
server.removeAllListeners('exit');

async function call(pathname, init = {}) {
  const response = await fetch(`${base}${pathname}`, init);
  const body = await response.json().catch(() => undefined);
  if (!response.ok)
    fail(`${init.method ?? 'GET'} ${pathname} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const health = await call('/api/health');
const login = await call('/api/auth/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'brandadmin@demo.test', password: 'Demo@12345' }),
});
if (!login.accessToken) fail(`the demo brand admin got no access token: ${JSON.stringify(login)}`);
const campaigns = await call('/api/campaigns?campaignType=past&limit=5', {
  headers: { authorization: `Bearer ${login.accessToken}` },
});
const contract = await call('/api/openapi.json');
const offers = await call('/api/publisher/offers', { headers: { 'x-api-key': 'demo-atr-key' } });

const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
server.kill('SIGTERM');
const stopLimit = setTimeout(() => fail('the server did not stop within 60 s of SIGTERM'), 60_000);
const { code, signal } = await exited;
clearTimeout(stopLimit);
rmSync(dataDir, { recursive: true, force: true });
if (code !== 0) fail(`SIGTERM ended the server with ${code ?? signal}, not 0`);

console.log(
  `smoke on Node ${process.versions.node}: health ${JSON.stringify(health)}, ` +
    `${Object.keys(contract.paths).length} paths in the contract, ` +
    `${JSON.stringify(campaigns).length} bytes of past campaigns, ${offers.offers.length} offers in the feed, ` +
    'stopped with exit code 0',
);
