import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { createSettlementFilesRepository } from './settlement-files.repository.ts';
import { createSettlementFiles } from './settlement-files.service.ts';
import { publisherSettlementRoutes, settlementFilesRoutes } from './settlements.routes.ts';
import { createSettlements, type SettlementEvents } from './settlements.service.ts';

/** The recurring job that makes the publishers' settlement files of closed periods (decision 0107). */
export const settlementsJob = 'settlements.generate';
/**
 * How often it looks: a day's file is made within this of the day's close. Each round reads one
 * row a publisher when nothing is due.
 */
export const settlementsEveryMs = 15 * 60_000;

/** Keeps the job running, as one job row whatever the number of instances (server.ts). */
export async function scheduleSettlements(jobs: JobQueue) {
  await jobs.recur(settlementsJob, settlementsEveryMs);
}

/**
 * The publishers' settlement files (docs/decisions/0107): the job that makes them, each with its
 * settlement.ready event, and the routes that list and download them (web app and publisher key).
 */
export async function registerSettlements(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    jobs: JobQueue;
    events: SettlementEvents;
    timeZone: string;
    clock: () => Date;
  },
) {
  const { db, jobs, events, timeZone, clock } = deps;
  const settlements = createSettlements({ db, events, timeZone, clock });
  // A lane of its own: a first run makes up to 35 files a publisher, which the main lane's other
  // jobs (mails, exports, webhook fan-outs) should not wait behind.
  jobs.handle(
    settlementsJob,
    async () => {
      const made = await settlements.generateDue();
      if (made.daily + made.monthly > 0) api.log.info(made, 'settlement files made');
    },
    { concurrency: 1 },
  );
  const files = createSettlementFiles({ files: createSettlementFilesRepository(db) });
  await api.register(settlementFilesRoutes, { files });
  await api.register(publisherSettlementRoutes, { files });
  return { settlements, files };
}
