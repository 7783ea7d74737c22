import type { FastifyInstance } from 'fastify';
import type { DashboardAnswer } from '@krowd/domain/dashboard/dashboard.schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createDashboardCache, createNotQualifiedCache } from './dashboard-cache.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createExportRepository } from './export.repository.ts';
import { exportRoutes } from './export.routes.ts';
import { createExportService, exportJob, exportPurgeJob } from './export.service.ts';
import type { DashboardInvoices, DashboardOverview } from './dashboard-parts.ts';
import { createReportingRepository } from './reporting.repository.ts';
import { createPendingRewardsRepository } from './pending-rewards.repository.ts';
import { createNotQualifiedRepository } from './not-qualified.repository.ts';
import { notQualifiedRoutes } from './not-qualified.routes.ts';
import { createNotQualifiedService } from './not-qualified.service.ts';
import type { NotQualifiedAnswer } from '@krowd/domain/dashboard/not-qualified.schema';

/**
 * The dashboard and its export: their services, jobs, routes and kept answers (dashboard-cache.ts). What they read of the overview
 * and invoices modules is handed in by app.ts, so reporting imports neither.
 */
export async function registerReporting(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    brands: BrandsRepository;
    jobs: JobQueue;
    mailer: Mailer;
    database: Pick<Database, 'committedWrites' | 'signals' | 'reads'>;
    overview: DashboardOverview;
    invoices: DashboardInvoices;
    publicUrl: string;
    timeZone: string;
    clock: () => Date;
  },
) {
  const { db, brands, jobs, mailer, database, overview, invoices, publicUrl, timeZone, clock } = deps;
  const cache = createDashboardCache<DashboardAnswer>({ database, logger: api.log });
  await cache.start();
  api.addHook('onClose', () => cache.stop());
  const reasonsCache = createNotQualifiedCache<NotQualifiedAnswer>({ database, logger: api.log });
  await reasonsCache.start();
  api.addHook('onClose', () => reasonsCache.stop());
  // The dashboard's and the export's reads may be served by a streaming replica that has replayed
  // every write committed before them (decision 0128); their writes take `db`'s transactions.
  const reporting = createReportingRepository(database.reads);
  await api.register(dashboardRoutes, {
    service: createDashboardService({
      reporting,
      pendingRewards: createPendingRewardsRepository(database.reads),
      brands,
      timeZone,
      clock,
      cache,
      overview,
      invoices,
    }),
  });
  // "Why not qualified" reads the replica too, and keeps its answers as the dashboard does.
  await api.register(notQualifiedRoutes, {
    service: createNotQualifiedService({
      notQualified: createNotQualifiedRepository(database.reads),
      reporting,
      brands,
      invoices,
      overview,
      timeZone,
      clock,
      cache: reasonsCache,
    }),
  });
  const dashboardExports = createExportService({
    db,
    exports: createExportRepository(db),
    brands,
    reporting,
    jobs,
    mailer,
    publicUrl,
    timeZone,
    clock,
    invoices,
    overview,
  });
  jobs.handle(exportJob, (payload) => dashboardExports.run(payload));
  jobs.handle(exportPurgeJob, async () => {
    await dashboardExports.purge();
  });
  await api.register(exportRoutes, { service: dashboardExports });
}
