import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { createSettingsRepository } from '../settings/settings.repository.ts';
import { createBranchDirectoryRepository } from './branch-directory.repository.ts';
import { createBranchesRepository } from './branches.repository.ts';
import { branchesRoutes } from './branches.routes.ts';
import { createBranchesService } from './branches.service.ts';
import { createMidHealthAlertsRepository } from './mid-health-alerts.repository.ts';
import { createMidHealthAlerts, midHealthAlertsEveryMs, midHealthAlertsJob } from './mid-health-alerts.ts';

/** Keeps the MID health check running, as one job row whatever the number of instances (server.ts). */
export async function scheduleMidHealthAlerts(jobs: JobQueue) {
  await jobs.recur(midHealthAlertsJob, midHealthAlertsEveryMs);
}

/**
 * The branch routes over their repositories, and the MID health check's job (decision 0115); the
 * branches' repository is handed on to onboarding.
 */
export async function registerBranches(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    brands: BrandsRepository;
    settings: Pick<ReturnType<typeof createSettingsRepository>, 'read'>;
    config: Pick<Config, 'timezone' | 'publicUrl'>;
    jobs: JobQueue;
    mailer: Pick<Mailer, 'send'>;
    clock: () => Date;
    audit?: AuditRecorder;
  },
) {
  const branches = createBranchesRepository(deps.db);
  const directory = createBranchDirectoryRepository(deps.db);
  const service = createBranchesService({ ...deps, branches, directory, timeZone: deps.config.timezone });
  await api.register(branchesRoutes, { branches, brands: deps.brands, service });
  const alerts = createMidHealthAlerts({
    ...deps,
    branches,
    alerts: createMidHealthAlertsRepository(deps.db),
    timeZone: deps.config.timezone,
    publicUrl: deps.config.publicUrl,
  });
  deps.jobs.handle(midHealthAlertsJob, async () => {
    const done = await alerts.run();
    if (done.told + done.recovered > 0) api.log.info(done, 'MID health alerts');
  });
  return { branches };
}
