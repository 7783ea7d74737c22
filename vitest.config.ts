import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Three suites: domain (pure rules), api (the real app on a real database), web (components). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['packages/domain/src/validation/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // Each file runs the real app on its own database, mostly waiting on its own CPU: one
          // worker a core (Vitest's default leaves one core idle, half the machine on 2 cores).
          maxWorkers: availableParallelism(),
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
          // Several findBy waits of up to 4 s each (setup.ts) fit in one test on a loaded machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
