// `npm start` builds the web app and the API only when their sources changed since the last build:
// a second start serves at once (issue 17 §6). The sources' fingerprint (a SHA-256 over the path
// and content of every input file) is written beside the build; any difference rebuilds both.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const stampFile = path.join(root, 'apps/api/dist/build-stamp.txt');
const outputs = ['apps/api/dist/server.js', 'apps/web/dist/index.html'];
/** What the two builds read: sources, configs and the locked dependency versions. */
const inputs = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain',
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/api/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
];
const skipped = new Set(['node_modules', 'dist']);

function filesOf(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !skipped.has(entry.name))
    .flatMap((entry) => filesOf(path.join(relative, entry.name)));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const current = fingerprint();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
if (built === current && outputs.every((output) => existsSync(path.join(root, output)))) {
  console.log('The built app is current: starting without a rebuild.');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}
