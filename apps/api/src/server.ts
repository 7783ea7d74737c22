import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { scheduleCampaignJobs, scheduleOfferSweep } from './modules/campaigns/campaigns.jobs.ts';
import { scheduleAuthorisationSweep } from './modules/transaction-api/transaction-api.wiring.ts';
import { scheduleSettlements } from './modules/settlements/settlements.wiring.ts';
import { scheduleMidHealthAlerts } from './modules/branches/branches.wiring.ts';
import { scheduleAuditDigest } from './modules/audit/audit.wiring.ts';
import { scheduleInvoiceJobs } from './modules/invoices/invoice-run.ts';
import { scheduleReanalysis } from './modules/insights/reviews.service.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { migrateAsOwner } from './db/serving-role.ts';
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
 * web app and API on one port. SIGINT/SIGTERM close it gracefully (running requests and jobs finish).
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
    pooling: config.databasePooling,
    readUrl: config.databaseReadUrl,
  });
  // With DATABASE_MIGRATION_URL the schema's owner migrates and the app serves as a role that owns
  // nothing (decision 0113): its audit log is then append-only by privilege, not by trigger alone.
  if (config.databaseMigrationUrl) await migrateAsOwner(config.databaseMigrationUrl, database);
  else await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  await app.services.settings.ensureDefaults();

  let demoLoaded = false;
  if (config.demoData && (await databaseIsEmpty(database.db))) {
    await loadDemoData(database.db, {
      timeZone: config.timezone,
      transactions: demoTransactionCount,
      seller: config.invoiceSeller,
    });
    demoLoaded = true;
  }

  // A supervisor's stop (docs/decisions.md 'Serving through database faults'): new requests are
  // answered 503 and new connections refused, running requests and the running job finish, then the
  // database is closed and the process exits 0; past the grace period it exits 1 anyway.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      { signal, graceMs: config.shutdownGraceMs },
      'shutting down: finishing running requests and jobs',
    );
    const force = setTimeout(() => {
      app.log.error(
        { graceMs: config.shutdownGraceMs },
        'shutdown: grace period over, exiting with work unfinished',
      );
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A promise nobody awaited that failed (work after an answer, say) is a bug to log, not a reason
  // to drop every request in flight: the state that matters is in the database.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  await app.listen({ host: config.host, port: config.port });
  // PORT=0 takes a free port (tests, a supervisor's socket activation): say which.
  const { port } = app.server.address() as AddressInfo;
  const shownUrl = config.port === 0 ? `http://${config.host}:${port}` : config.publicUrl;
  // What follows need not delay the first request. Uploads a killed server was
  // receiving (a day is far longer than any upload takes, so a new one is never taken).
  await removeAbandonedUploads({ olderThanMs: 24 * 3_600_000, now: new Date() });
  const { jobs } = app.services;
  await scheduleCampaignJobs(jobs, config.timezone);
  await scheduleOfferSweep(jobs);
  await scheduleAuthorisationSweep(jobs);
  await scheduleSettlements(jobs);
  await scheduleMidHealthAlerts(jobs);
  await scheduleAuditDigest(jobs);
  await scheduleInvoiceJobs(jobs, config.timezone);
  await scheduleReanalysis(jobs);
  setInterval(() => {
    void scheduleCampaignJobs(jobs, config.timezone).catch((e: unknown) => app.log.error(e));
    void scheduleOfferSweep(jobs).catch((e: unknown) => app.log.error(e));
    void scheduleAuthorisationSweep(jobs).catch((e: unknown) => app.log.error(e));
    void scheduleSettlements(jobs).catch((e: unknown) => app.log.error(e));
  }, 3_600_000).unref();
  setInterval(
    () => void scheduleInvoiceJobs(jobs, config.timezone).catch((e: unknown) => app.log.error(e)),
    3_600_000,
  ).unref();
  jobs.start();

  const where = database.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `Krowd is running at ${shownUrl}  (database: ${where})`,
    `API docs: ${shownUrl}/api/docs`,
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
        `  ${link.replace(config.publicUrl, shownUrl)}?type=campaign`,
      );
    }
    const cardNetworkGuestId = await demoGuestId(database.db, demoCardNetworkGuestEmail);
    if (cardNetworkGuestId) {
      const link = await app.services.auth.issueLink(cardNetworkGuestId, 'guest_login', {
        origin: 'card_network',
      });
      lines.push(
        `Card-network guest link for ${demoCardNetworkGuestEmail} (single use, 7 days):`,
        `  ${link.replace(config.publicUrl, shownUrl)}?type=campaign`,
      );
    }
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
