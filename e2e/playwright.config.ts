import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { freePortPair } from './support/free-port.ts';

// Chosen once here; global setup and the workers read the same value from the environment.
process.env.E2E_PORT ??= freePortPair();

/** Browser journeys against the built product, served by servers that global-setup starts. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // Generous: a journey that passes takes what it takes, and a shared machine may be several times
  // slower than an idle one (CI has run the suite at 2–9× its idle times).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${process.env.E2E_PORT}`,
    screenshot: 'only-on-failure',
    // Recording a trace snapshots the page at every step: with it the suite took 6.2 minutes on an
    // idle machine, without it 3.5. E2E_TRACE=1 records one for each failing journey.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: chromiumLaunchOptions,
    // No transitions (the theme respects it): a dialog is checked as it finally looks, not mid-fade.
    reducedMotion: 'reduce',
  },
});
