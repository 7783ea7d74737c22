import type { Transaction } from 'kysely';
import type { BudgetAlertThreshold } from '@krowd/domain/qualification/budget-pacing.rules';
import type { DB } from '../../db/database.generated.ts';
import type { IngestionLocks } from './ingestion-locks.ts';
import type { ReportingStore } from './reporting-store.ts';
import type { Publisher, TransactionsRepository } from './transactions.repository.ts';

/** What an upload (upload-qualification.ts) is given, and what it answers. */

/** What the upload's rows are stored for, and how much it holds in memory. */
export interface UploadSettings {
  trx: Transaction<DB>;
  /** The upload's locks: each brand's is taken when the brand is first met. */
  locks: IngestionLocks;
  repo: TransactionsRepository;
  reporting: ReportingStore;
  publisher: Publisher;
  timeZone: string;
  uploadedAt: Date;
  channel: 'api' | 'console';
  upload?: { fileName: string | null; userId: string };
  cardCacheLimits: { maxCards: number; maxEntries: number };
  tallyLimits: { cards: number; cells: number };
  /** Told once the upload's rows are stored, in its transaction: the webhooks' one job (decision 0097). */
  onStored?: (trx: Transaction<DB>, ingestionLogId: string) => Promise<void>;
  /** Told in its transaction of the campaigns whose budget the upload used up: their offers end (decision 0100). */
  onBudgetsUsedUp?: (trx: Transaction<DB>, campaignIds: readonly string[]) => Promise<unknown>;
  /** Told in its transaction of the pacing thresholds its campaigns crossed: the brand's mails (decision 0120). */
  onBudgetsReached?: (trx: Transaction<DB>, reached: readonly BudgetReached[]) => Promise<unknown>;
}

/** A campaign whose spending an upload brought to a threshold of its budget (budget-watch.ts). */
export interface BudgetReached {
  campaignId: string;
  threshold: BudgetAlertThreshold;
}

/** How an upload's rows were stored. */
export interface UploadCounts {
  inserted: number;
  duplicates: number;
  unmatched: number;
}
