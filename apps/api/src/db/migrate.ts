import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import * as foundation from './migrations/0001-foundation.ts';
import * as campaigns from './migrations/0002-campaigns.ts';
import * as branchDirectory from './migrations/0003-branch-directory.ts';
import * as campaignListIndexes from './migrations/0004-campaign-list-indexes.ts';
import * as internalDemoUser from './migrations/0005-internal-demo-user.ts';
import * as assets from './migrations/0006-assets.ts';
import * as usersAdmin from './migrations/0007-users-admin.ts';
import * as profileBanks from './migrations/0008-profile-banks.ts';
import * as sessionOrigin from './migrations/0009-session-origin.ts';
import * as invoicesIngestionLogs from './migrations/0010-invoices-ingestion-logs.ts';
import * as branchNameTrigram from './migrations/0011-branch-name-trigram.ts';
import * as transactions from './migrations/0012-transactions.ts';
import * as reportingAggregates from './migrations/0013-reporting-aggregates.ts';
import * as invoiceTransactions from './migrations/0014-invoice-transactions.ts';
import * as campaignOverview from './migrations/0015-campaign-overview.ts';
import * as dashboardExports from './migrations/0016-dashboard-exports.ts';
import * as reportingReadIndexes from './migrations/0017-reporting-read-indexes.ts';
import * as reportingCardLists from './migrations/0018-reporting-card-lists.ts';
import * as transactionsIngestionSpeed from './migrations/0019-transactions-ingestion-speed.ts';
import * as ingestionCardNumbers from './migrations/0020-ingestion-card-numbers.ts';
import * as payments from './migrations/0021-payments.ts';
import * as cardNetworkLeads from './migrations/0022-card-network-leads.ts';
import * as socialAnalytics from './migrations/0023-social-analytics.ts';
import * as signInHardening from './migrations/0024-sign-in-hardening.ts';
import * as multiFactor from './migrations/0025-multi-factor.ts';
import * as bankBrandLinks from './migrations/0026-bank-brand-links.ts';
import * as creditNotes from './migrations/0027-credit-notes.ts';
import * as transactionDetailsIndex from './migrations/0028-transaction-details-index.ts';
import * as transactionsRefundUpdates from './migrations/0029-transactions-refund-updates.ts';
import * as gaplessDocumentNumbers from './migrations/0030-gapless-document-numbers.ts';
import * as cardNetworkLeadDigest from './migrations/0031-card-network-lead-digest.ts';
import * as knownDevices from './migrations/0032-known-devices.ts';
import * as branchMerchantIdProposals from './migrations/0033-branch-merchant-id-proposals.ts';
import * as idempotencyKeys from './migrations/0034-idempotency-keys.ts';
import * as publisherAccounts from './migrations/0036-publisher-accounts.ts';
import * as publisherApiKeys from './migrations/0037-publisher-api-keys.ts';
import * as publisherTestTransactions from './migrations/0038-publisher-test-transactions.ts';
import * as dashboardExportMailed from './migrations/0041-dashboard-export-mailed.ts';
import * as clientLists from './migrations/0042-client-lists.ts';
import * as webhooks from './migrations/0044-webhooks.ts';
import * as offerLifecycle from './migrations/0045-offer-lifecycle.ts';
import * as idempotencyEffects from './migrations/0046-idempotency-effects.ts';
import * as settlementFiles from './migrations/0047-settlement-files.ts';
import * as claims from './migrations/0048-claims.ts';
import * as transactionAuthorisations from './migrations/0049-transaction-authorisations.ts';
import * as settlementDailyIndex from './migrations/0050-settlement-daily-index.ts';
import * as jobClaimTokens from './migrations/0051-job-claim-tokens.ts';
import * as auditEvents from './migrations/0052-audit-events.ts';
import * as cardNumbersSequence from './migrations/0053-card-numbers-sequence.ts';
import * as midActivity from './migrations/0054-mid-activity.ts';
import * as midHealthNotices from './migrations/0055-mid-health-notices.ts';
import * as campaignCaps from './migrations/0056-campaign-caps.ts';
import * as refundRewardIndexes from './migrations/0057-refund-reward-indexes.ts';
import * as unloggedRateLimitCounters from './migrations/0058-unlogged-rate-limit-counters.ts';
import * as budgetAlerts from './migrations/0059-budget-alerts.ts';
import * as capReasonParams from './migrations/0060-cap-reason-params.ts';
import * as testTransactionCaps from './migrations/0061-test-transaction-caps.ts';
import * as backtestMonthIndex from './migrations/0062-backtest-month-index.ts';
import * as notQualifiedReasons from './migrations/0063-not-qualified-reasons.ts';
import * as holdouts from './migrations/0064-holdouts.ts';
import * as auditSignatures from './migrations/0071-audit-signatures.ts';

/**
 * Ordered, forward-only migrations, imported statically so the built server carries them.
 * Add a file under migrations/ and list it here; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-campaigns': campaigns,
  '0003-branch-directory': branchDirectory,
  '0004-campaign-list-indexes': campaignListIndexes,
  '0005-internal-demo-user': internalDemoUser,
  '0006-assets': assets,
  '0007-users-admin': usersAdmin,
  '0008-profile-banks': profileBanks,
  '0009-session-origin': sessionOrigin,
  '0010-invoices-ingestion-logs': invoicesIngestionLogs,
  '0011-branch-name-trigram': branchNameTrigram,
  '0012-transactions': transactions,
  '0013-reporting-aggregates': reportingAggregates,
  '0014-invoice-transactions': invoiceTransactions,
  '0015-campaign-overview': campaignOverview,
  '0016-dashboard-exports': dashboardExports,
  '0017-reporting-read-indexes': reportingReadIndexes,
  '0018-reporting-card-lists': reportingCardLists,
  '0019-transactions-ingestion-speed': transactionsIngestionSpeed,
  '0020-ingestion-card-numbers': ingestionCardNumbers,
  '0021-payments': payments,
  '0022-card-network-leads': cardNetworkLeads,
  '0023-social-analytics': socialAnalytics,
  '0024-sign-in-hardening': signInHardening,
  '0025-multi-factor': multiFactor,
  '0026-bank-brand-links': bankBrandLinks,
  '0027-credit-notes': creditNotes,
  '0028-transaction-details-index': transactionDetailsIndex,
  '0029-transactions-refund-updates': transactionsRefundUpdates,
  '0030-gapless-document-numbers': gaplessDocumentNumbers,
  '0031-card-network-lead-digest': cardNetworkLeadDigest,
  '0032-known-devices': knownDevices,
  '0033-branch-merchant-id-proposals': branchMerchantIdProposals,
  '0034-idempotency-keys': idempotencyKeys,
  '0036-publisher-accounts': publisherAccounts,
  '0037-publisher-api-keys': publisherApiKeys,
  '0038-publisher-test-transactions': publisherTestTransactions,
  '0041-dashboard-export-mailed': dashboardExportMailed,
  '0042-client-lists': clientLists,
  '0044-webhooks': webhooks,
  '0045-offer-lifecycle': offerLifecycle,
  '0046-idempotency-effects': idempotencyEffects,
  '0047-settlement-files': settlementFiles,
  '0048-claims': claims,
  '0049-transaction-authorisations': transactionAuthorisations,
  '0050-settlement-daily-index': settlementDailyIndex,
  '0051-job-claim-tokens': jobClaimTokens,
  '0052-audit-events': auditEvents,
  '0053-card-numbers-sequence': cardNumbersSequence,
  '0054-mid-activity': midActivity,
  '0055-mid-health-notices': midHealthNotices,
  '0056-campaign-caps': campaignCaps,
  '0057-refund-reward-indexes': refundRewardIndexes,
  '0058-unlogged-rate-limit-counters': unloggedRateLimitCounters,
  '0059-budget-alerts': budgetAlerts,
  '0060-cap-reason-params': capReasonParams,
  '0061-test-transaction-caps': testTransactionCaps,
  '0062-backtest-month-index': backtestMonthIndex,
  '0063-not-qualified-reasons': notQualifiedReasons,
  '0064-holdouts': holdouts,
  '0071-audit-signatures': auditSignatures,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
type AnyDb = Kysely<any>;

/**
 * Whether the database has run exactly the listed migrations: two small reads, where the Migrator
 * would introspect every table and take its lock first. A start on a current database (most
 * starts) needs nothing more; any other state goes through the Migrator.
 */
async function isCurrent(db: AnyDb): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const applied = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').orderBy('name').execute();
  const listed = Object.keys(migrations).sort();
  return applied.length === listed.length && applied.every((row, i) => row.name === listed[i]);
}

/** Runs the migrations the database has not run yet; the names of those it ran. */
export async function migrateToLatest(db: AnyDb): Promise<string[]> {
  if (await isCurrent(db)) return [];
  // Migration numbers are reserved per piece of work (docs/decisions.md), so a lower number may
  // land after a higher one already ran: it runs then, in its turn.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Runs the migrations up to `name`, that one included: a migration's test builds the schema as it
 * stood before it, writes rows in the old shape, then runs it (migrations/*.test.ts).
 */
export async function migrateUpTo(db: AnyDb, name: string): Promise<string[]> {
  if (!Object.hasOwn(migrations, name)) throw new Error(`no migration ${name}`);
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
