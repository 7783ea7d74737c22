// `npm start` builds the web app and the API only when their sources changed since the last build:
// a second start serves at once. Two fingerprints of the input files are written beside
// the build: one over each file's path, size and modification time, which a start compares first
// (a walk of the folders, no file read), and one over each file's path and content (SHA-256), read
// only when the first differs, so a checkout that only touched the times does not rebuild. A
// different content fingerprint rebuilds both.
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

function statsFingerprint(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    const { size, mtimeMs } = statSync(path.join(root, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex');
}

function contentFingerprint(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

/** The stamp's lines: `content <hash>` and `stats <hash>`; a stamp of another form matches nothing. */
function readStamp() {
  if (!existsSync(stampFile)) return {};
  const lines = readFileSync(stampFile, 'utf8').split('\n');
  return Object.fromEntries(lines.map((line) => line.split(' ')).filter((pair) => pair.length === 2));
}

const files = inputs.flatMap(filesOf).sort();
const stats = statsFingerprint(files);
const stamp = readStamp();
const built = outputs.every((output) => existsSync(path.join(root, output)));
if (built && stamp.stats === stats) {
  console.log('The built app is current: starting without a rebuild.');
} else {
  const content = contentFingerprint(files);
  if (built && stamp.content === content) {
    console.log('The built app is current: starting without a rebuild.');
  } else {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, `content ${content}\nstats ${stats}\n`);
}
