import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
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
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
