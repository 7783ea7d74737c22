import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (longest first by the last run's timings, else largest file first), with the fuzz
 * test's shards first: their files are three lines long, so on a fresh clone, with no timings, the
 * longest tests of the API suite would otherwise start last and run on one core at the end.
 */
class FuzzFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const fuzz = (file: TestSpecification) => /fuzz\.shard-\d+\.test\.ts$/.test(file.moduleId);
    return [...sorted.filter(fuzz), ...sorted.filter((file) => !fuzz(file))];
  }
}

/**
 * One worker a core in every suite: Vitest's default leaves one core idle, half the machine on
 * 2 cores (the unit suites took 203 s on one worker, 133 s on two).
 */
const workers = availableParallelism();

/**
 * Coverage, when COVERAGE=1 (CI): measured by V8 as the suites run, written per run of Vitest
 * (named by its --project options, so `npm test`'s two runs keep both) and printed per package by
 * scripts/coverage-summary.mjs. A figure to read, not a threshold to game (docs/style.md).
 */
const runName = process.argv
  .flatMap((arg, at) => (process.argv[at - 1] === '--project' ? [arg] : []))
  .join('+');

/** Three suites: domain (pure rules), api (the real app on a real database), web (components). */
export default defineConfig({
  test: {
    sequence: { sequencer: FuzzFirstSequencer },
    coverage: {
      enabled: process.env.COVERAGE === '1',
      provider: 'v8',
      include: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.fixtures.{ts,tsx}', '**/test/**', '**/*.generated.ts'],
      reporter: ['json-summary'],
      reportsDirectory: `coverage/${runName || 'all'}`,
    },
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['packages/domain/src/validation/test-setup.ts'],
          maxWorkers: workers,
          // A worker's files share its modules, as in the API suite (decision 0047): the domain is
          // pure and its tests stub nothing, so each file loading date-fns, zod and the catalogue
          // afresh was most of the suite's time (53 s of CPU instead of 16; on Node 24, whose
          // loader reads date-fns' package.json slowly, 90 s instead of 14). A domain test that
          // stubs or mocks something restores it (decision 0126).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // Each file runs the real app on its own database, mostly waiting on its own CPU.
          maxWorkers: workers,
          // A worker's files share its modules rather than each loading the app afresh (CI: 195 s
          // instead of 357 s). Each file builds its own app, and restores what it changes
          // (decision 0047).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          maxWorkers: workers,
          // A worker's files share its modules, as in the other suites: each file loading React,
          // Mantine and the contract's schemas afresh was three quarters of the suite's CPU (228 s
          // against 59 s shared). Each file renders through renderWithProviders, which builds its
          // providers anew, and restores the globals and spies it stubs (decision 0126).
          isolate: false,
          // Several findBy waits of up to 10 s each (setup.ts) fit in one test on a loaded machine.
          testTimeout: 40_000,
        },
      },
    ],
  },
});
