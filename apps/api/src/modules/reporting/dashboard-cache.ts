import type { FastifyBaseLogger } from 'fastify';
import { createAnswerCache, type AnswerCache } from '../../db/answer-cache.ts';
import type { Database } from '../../db/database.ts';
import { brandsOfTallyWrite } from './reporting.repository.ts';

export type { Computed } from '../../db/answer-cache.ts';

/**
 * Every table a dashboard answer is read from (dashboard.service.ts and what it calls: the reporting
 * store, impressions, campaigns and their edited overviews with their editors' e-mails, brands and
 * groups, branch and publisher names, invoices).
 */
const dashboardTables = [
  'reporting_daily',
  'reporting_daily_cards',
  'impressions',
  'campaigns',
  'campaign_overview_overrides',
  'users',
  'brands',
  'groups',
  'branches',
  'publishers',
  'invoices',
] as const;

/** The channel on which PostgreSQL tells every instance which brands' answers to drop. */
const dashboardChangedChannel = 'dashboard_changed';

/**
 * The dashboard's answers (db/answer-cache.ts), kept per scope and filter. An upload's rows are
 * attributed to their brands by the store's tally (reporting.repository.ts `brandsOfTallyWrite`),
 * so one brand's upload keeps every other brand's answers.
 */
export function createDashboardCache<Answer>(deps: {
  database: Pick<Database, 'committedWrites' | 'signals'>;
  logger: FastifyBaseLogger;
}) {
  return createAnswerCache<Answer>({
    ...deps,
    tables: dashboardTables,
    channel: dashboardChangedChannel,
    attribute: brandsOfTallyWrite,
    maxEntries: 1_000,
  });
}

/**
 * The answers of "why not qualified" (not-qualified.service.ts, docs/decisions/0130): read from the
 * transactions as well, which the store's tally does not cover (an upload of only not-qualified
 * rows writes no tally). A write to transactions names no brand, so it drops every such answer;
 * they have their own cache and channel, so the dashboard's answers stay.
 */
export function createNotQualifiedCache<Answer>(deps: {
  database: Pick<Database, 'committedWrites' | 'signals'>;
  logger: FastifyBaseLogger;
}) {
  return createAnswerCache<Answer>({
    ...deps,
    tables: [...dashboardTables, 'transactions'],
    channel: 'dashboard_reasons_changed',
    attribute: brandsOfTallyWrite,
    maxEntries: 1_000,
  });
}

export type DashboardCache<Answer> = AnswerCache<Answer>;
