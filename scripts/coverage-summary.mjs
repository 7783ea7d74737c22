#!/usr/bin/env node
/**
 * Prints the coverage the suites measured (COVERAGE=1, vitest.config.ts), one line a package and
 * a total, from every run's coverage/<run>/coverage-summary.json. A source file measured by two
 * runs (the domain, which the web and API suites also load) counts once, at the run that covered
 * most of its lines. Prints what it found; fails only when nothing was measured.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.cwd();
const dir = join(root, 'coverage');
const runs = existsSync(dir)
  ? readdirSync(dir).filter((run) => existsSync(join(dir, run, 'coverage-summary.json')))
  : [];
if (runs.length === 0) {
  console.error('coverage-summary: no coverage/<run>/coverage-summary.json (run the suites with COVERAGE=1)');
  process.exit(1);
}

const kinds = ['lines', 'statements', 'functions', 'branches'];
/** Per source file, the best-covered measurement of it over the runs. */
const files = new Map();
for (const run of runs) {
  const summary = JSON.parse(readFileSync(join(dir, run, 'coverage-summary.json'), 'utf8'));
  for (const [path, figures] of Object.entries(summary)) {
    if (path === 'total') continue;
    const known = files.get(path);
    if (!known || figures.lines.covered > known.lines.covered) files.set(path, figures);
  }
}

/** apps/api, apps/web, packages/domain: the first two parts of the path. */
const packageOf = (path) => relative(root, path).split('/').slice(0, 2).join('/');
const empty = () => Object.fromEntries(kinds.map((kind) => [kind, { total: 0, covered: 0 }]));
const byPackage = new Map();
const total = empty();
for (const [path, figures] of files) {
  const name = packageOf(path);
  if (!byPackage.has(name)) byPackage.set(name, empty());
  for (const sum of [byPackage.get(name), total]) {
    for (const kind of kinds) {
      sum[kind].total += figures[kind].total;
      sum[kind].covered += figures[kind].covered;
    }
  }
}

const percent = ({ total: all, covered }) =>
  all === 0 ? '   n/a' : `${((100 * covered) / all).toFixed(1)}%`.padStart(6);
console.log(`Coverage (runs: ${runs.join(', ')})`);
console.log(`${'package'.padEnd(18)}${kinds.map((kind) => kind.padStart(12)).join('')}`);
for (const [name, sum] of [...byPackage].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${name.padEnd(18)}${kinds.map((kind) => percent(sum[kind]).padStart(12)).join('')}`);
}
console.log(`${'total'.padEnd(18)}${kinds.map((kind) => percent(total[kind]).padStart(12)).join('')}`);
