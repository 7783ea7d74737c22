import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { scheduleCampaignJobs } from './modules/campaigns/campaigns.jobs.ts';
import { scheduleInvoiceJobs } from './modules/invoices/invoice-run.ts';
import { scheduleReanalysis } from './modules/insights/reviews.service.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { removeAbandonedUploads } from './modules/ingestion/upload-spool.ts';
import {
  databaseIsEmpty,
  demoAccounts,
  demoCardNetworkGuestEmail,
  demoGuestId,
  demoPassword,
  loadDemoData,
} from './demo/demo-data.ts';
import { demoTransactionCount } from './demo/demo-transactions.ts';

/**
 * Starts the product: settings, database (migrated), demo data on an empty database, then the
 * web app and API on one port. SIGINT/SIGTERM close it gracefully (in-flight requests finish).
 */
async function main() {
  // Settings in a .env file beside the command apply, under those already in the environment.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDistDir ??= path.resolve(here, '../../web/dist');

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
  });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  await app.services.settings.ensureDefaults();

  let demoLoaded = false;
  if (config.demoData && (await databaseIsEmpty(database.db))) {
    await loadDemoData(database.db, { timeZone: config.timezone, transactions: demoTransactionCount });
    demoLoaded = true;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // What follows need not delay the first request (issue 17 §6). Uploads a killed server was
  // receiving (a day is far longer than any upload takes, so a new one is never taken).
  await removeAbandonedUploads({ olderThanMs: 24 * 3_600_000, now: new Date() });
  const { jobs } = app.services;
  await scheduleCampaignJobs(jobs, config.timezone);
  await scheduleInvoiceJobs(jobs, config.timezone);
  await scheduleReanalysis(jobs);
  setInterval(
    () => void scheduleCampaignJobs(jobs, config.timezone).catch((e: unknown) => app.log.error(e)),
    3_600_000,
  ).unref();
  setInterval(
    () => void scheduleInvoiceJobs(jobs, config.timezone).catch((e: unknown) => app.log.error(e)),
    3_600_000,
  ).unref();
  jobs.start();

  const where = database.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `Krowd is running at ${config.publicUrl}  (database: ${where})`,
    `API docs: ${config.publicUrl}/api/docs`,
  ];
  if (config.demoData) {
    const guestId = await demoGuestId(database.db);
    lines.push(
      demoLoaded ? 'Demo data loaded.' : 'Demo data already present.',
      `Demo accounts (password ${demoPassword}):`,
      ...demoAccounts.map((account) => `  ${account.email.padEnd(24)} ${account.who}`),
    );
    if (guestId) {
      const link = await app.services.auth.issueLink(guestId, 'guest_login');
      lines.push(
        `Guest onboarding link for guest@demo.test (single use, 7 days):`,
        `  ${link}?type=campaign`,
      );
    }
    const cardNetworkGuestId = await demoGuestId(database.db, demoCardNetworkGuestEmail);
    if (cardNetworkGuestId) {
      const link = await app.services.auth.issueLink(cardNetworkGuestId, 'guest_login', {
        origin: 'card_network',
      });
      lines.push(
        `Card-network guest link for ${demoCardNetworkGuestEmail} (single use, 7 days):`,
        `  ${link}?type=campaign`,
      );
    }
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
