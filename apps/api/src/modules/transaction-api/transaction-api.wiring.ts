import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { authorisationSweepEveryMs } from '@krowd/domain/publisher/transaction-lifecycle.rules';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import type { TransactionIngestion } from '../ingestion/ingestion.transactions.ts';
import { transactionApiRoutes } from './transaction-api.routes.ts';
import { createTransactionApiService, type TransactionApiEvents } from './transaction-api.service.ts';

/** The recurring job that expires authorisations never cleared (docs/decisions/0109). */
export const authorisationSweepJob = 'transactions.expireAuthorisations';

/** Keeps the sweep running, as one job row whatever the number of instances (server.ts). */
export async function scheduleAuthorisationSweep(jobs: JobQueue) {
  await jobs.recur(authorisationSweepJob, authorisationSweepEveryMs);
}

/**
 * The single-transaction API (docs/decisions/0109): its routes and the authorisations' sweep.
 * Cleared transactions and refunds go through the ingestion app.ts hands in, so they qualify,
 * count and fire their events exactly as file rows do.
 */
export async function registerTransactionApi(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    jobs: JobQueue;
    ingestion: TransactionIngestion;
    events: TransactionApiEvents;
    clock: () => Date;
  },
) {
  const service = createTransactionApiService(deps);
  deps.jobs.handle(authorisationSweepJob, async () => {
    await service.expireDue();
  });
  await api.register(transactionApiRoutes, { service });
  return { service };
}
