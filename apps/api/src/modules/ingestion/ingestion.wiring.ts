import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import { consoleUploadRoutes } from './console-upload.routes.ts';
import { createIngestionRepository } from './ingestion.repository.ts';
import { ingestionRoutes } from './ingestion.routes.ts';
import { createIngestionService } from './ingestion.service.ts';
import { createTransactionIngestion } from './ingestion.transactions.ts';
import type { ReportingStore } from './reporting-store.ts';
import type { UploadSettings } from './upload-settings.ts';
import { createTransactionsRepository } from './transactions.repository.ts';
import { transactionsRoutes } from './transactions.routes.ts';

/**
 * The publishers' and the console's transaction uploads and the ingestion logs: their services and
 * routes. The reporting store an upload writes to is handed in by app.ts, so ingestion imports
 * nothing of reporting; the transactions repository and the ingestion are answered for the
 * modules that read or run them (the simulator, the overview's docs upload).
 */
export async function registerIngestion(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    brands: BrandsRepository;
    reporting: ReportingStore;
    timeZone: string;
    clock: () => Date;
    /** The webhooks' one job an upload adds (decision 0097). */
    webhooks?: { transactionsUploaded(trx: Transaction<DB>, ingestionLogId: string): Promise<void> };
    /**
     * Ends the offers whose budget an upload used up (decision 0100) and tells the brands of the
     * pacing thresholds it crossed (decision 0120), in its transaction.
     */
    offers?: {
      budgetsUsedUp(trx: Transaction<DB>, campaignIds: readonly string[]): Promise<unknown>;
      budgetsReached?: UploadSettings['onBudgetsReached'];
    };
  },
) {
  const { db, brands, reporting, timeZone, clock, webhooks, offers } = deps;
  await api.register(ingestionRoutes, {
    service: createIngestionService({ ingestion: createIngestionRepository(db), brands }),
  });
  const transactions = createTransactionsRepository(db);
  const ingestion = createTransactionIngestion({
    db,
    transactions,
    reporting,
    timeZone,
    clock,
    onStored: webhooks ? (trx, logId) => webhooks.transactionsUploaded(trx, logId) : undefined,
    onBudgetsUsedUp: offers ? (trx, campaignIds) => offers.budgetsUsedUp(trx, campaignIds) : undefined,
    onBudgetsReached: offers?.budgetsReached,
  });
  await api.register(transactionsRoutes, { ingestion });
  await api.register(consoleUploadRoutes, { transactions, ingestion });
  return { transactions, ingestion };
}
