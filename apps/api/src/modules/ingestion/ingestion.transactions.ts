import type { Kysely } from 'kysely';
import {
  transactionRowSchema,
  type IngestError,
  type TransactionRow,
} from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import {
  cardHistoryOf,
  qualifyTransaction,
  type BranchMatch,
  type CardHistory,
  type QualificationCampaign,
} from '@krowd/domain/qualification/qualification.rules';
import type { IsoMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import type { DB } from '../../db/schema.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import {
  cardKey,
  type NewTransaction,
  type Publisher,
  type StagedRow,
  type StoredPurchase,
  type TransactionsRepository,
} from './transactions.repository.ts';

/**
 * Ingesting a publisher's transactions file (brief §6, issue 5 §1): every row validated, the valid
 * ones staged as they stream in, then qualified by the engine (packages/domain qualification) in
 * time order and stored with their outcome. The whole upload is one database transaction: a file
 * with a bad row stores nothing (unless partial), and a crash mid-file leaves nothing behind.
 */

/** One item of the file: its fields by column name, or why it could not be read. */
export type IngestItem = { line: number; fields: Record<string, unknown> } | { line: number; error: string };

export interface IngestResult {
  received: number;
  inserted: number;
  duplicates: number;
  unmatched: number;
  rejected: number;
  errors: IngestError[];
}

/** A file with bad rows, refused whole: nothing was stored. */
export class IngestRefused extends Error {
  constructor(readonly result: IngestResult) {
    super(messages.ingestion.fileHasErrors);
    this.name = 'IngestRefused';
  }
}

/** Errors listed in an answer; `rejected` counts them all. */
export const maxListedErrors = 1000;
/** Rows staged in one statement, and qualified per page. */
const batchSize = 500;
/** Publishers send a file a day: the next one is expected a day after an upload. */
const ingestionIntervalMs = 24 * 60 * 60 * 1000;

interface BrandContext {
  campaigns: QualificationCampaign[];
  months: IsoMonth[];
}

export function createTransactionIngestion(deps: {
  db: Kysely<DB>;
  transactions: TransactionsRepository;
  timeZone: string;
  clock: () => Date;
}) {
  const { db, transactions: repo, timeZone, clock } = deps;
  const reporting = createReportingRepository(db);

  return {
    /**
     * Stores the file's transactions for the publisher. Throws IngestRefused when a row is bad and
     * `partial` is off; with `partial`, the good rows are stored and the bad ones listed.
     */
    async ingest(
      publisher: Publisher,
      items: AsyncIterable<IngestItem>,
      options: {
        partial: boolean;
        channel: 'api' | 'console';
        /** A console upload's file name and uploader, kept on its ingestion log. */
        upload?: { fileName: string | null; userId: string };
      },
    ): Promise<IngestResult> {
      return db.transaction().execute(async (trx) => {
        const result: IngestResult = {
          received: 0,
          inserted: 0,
          duplicates: 0,
          unmatched: 0,
          rejected: 0,
          errors: [],
        };
        const reject = (line: number, message: string) => {
          if (result.errors.length < maxListedErrors) result.errors.push({ line, message });
        };

        await repo.createStaging(trx);
        let batch: { line: number; row: TransactionRow }[] = [];
        const flush = async () => {
          const repeats = await repo.stage(trx, batch);
          for (const [line, first] of repeats) {
            result.rejected += 1;
            reject(line, messages.ingestion.transactionIdRepeated(first));
          }
          batch = [];
        };
        for await (const item of items) {
          result.received += 1;
          if ('error' in item) {
            result.rejected += 1;
            reject(item.line, item.error);
            continue;
          }
          const parsed = transactionRowSchema.safeParse(item.fields);
          if (!parsed.success) {
            result.rejected += 1;
            for (const message of new Set(parsed.error.issues.map((issue) => issue.message))) {
              reject(item.line, message);
            }
            continue;
          }
          if (parsed.data.publisher.toLowerCase() !== publisher.code.toLowerCase()) {
            result.rejected += 1;
            reject(item.line, messages.ingestion.publisherMismatch(publisher.code));
            continue;
          }
          batch.push({ line: item.line, row: parsed.data });
          if (batch.length >= batchSize) await flush();
        }
        await flush();
        result.errors.sort((a, b) => a.line - b.line);
        if (result.rejected > 0 && !options.partial) throw new IngestRefused(result);

        await repo.lockIngestion(trx);
        const uploadedAt = clock();
        const logId = await repo.createLog(trx, publisher.id, options.channel, uploadedAt, options.upload);
        const branches = new Map<string, BranchMatch | null>();
        const brands = new Map<string, BrandContext>();
        const totals = {
          gmvPence: 0,
          lastAt: null as Date | null,
          brands: new Map<string, { gmvPence: number; count: number; lastAt: Date }>(),
        };

        const branchOf = async (mid: string) => {
          if (!branches.has(mid)) branches.set(mid, await repo.branchOfMid(trx, mid));
          return branches.get(mid)!;
        };
        const brandOf = async (brandId: string) => {
          if (!brands.has(brandId)) brands.set(brandId, await repo.brandCampaigns(trx, brandId));
          return brands.get(brandId)!;
        };

        // Rows are stored a page at a time; a refund first stores what came before it, so that
        // its original (which may be in the same page) is found with what was refunded of it.
        let pending: NewTransaction[] = [];
        const flushPending = async () => {
          await repo.insertTransactions(trx, pending);
          pending = [];
        };

        const store = async (
          row: StagedRow,
          branch: BranchMatch | null,
          purchases: Map<string, { datetime: string; amountPence: number }[]>,
        ) => {
          const brand = branch ? await brandOf(branch.brandId) : null;
          let history: CardHistory = { lastPurchaseAt: null, averageSpendPence: null };
          let original: StoredPurchase | null = null;
          if (branch && row.amountPence > 0) {
            const key = cardKey(branch.brandId, row.cardToken);
            const earlier = purchases.get(key) ?? [];
            history = cardHistoryOf(earlier, row.datetime, timeZone);
            // Later rows of this card see this purchase in their history.
            purchases.set(key, [...earlier, { datetime: row.datetime, amountPence: row.amountPence }]);
          } else if (branch && row.amountPence < 0) {
            await flushPending();
            original = row.originalTransactionId
              ? await repo.purchaseById(trx, publisher.id, row.originalTransactionId)
              : await repo.refundedPurchase(
                  trx,
                  branch.brandId,
                  row.cardToken,
                  row.occurredAt,
                  -row.amountPence,
                );
          }
          const outcome = qualifyTransaction({
            transaction: {
              publisher: publisher.code,
              transactionId: row.transactionId,
              datetime: row.datetime,
              amountPence: row.amountPence,
              mid: row.mid,
              cardToken: row.cardToken,
              cardLast4: row.cardLast4,
              postcode: row.postcode,
            },
            branch,
            campaigns: brand?.campaigns ?? [],
            history,
            brandCampaignMonths: brand?.months ?? [],
            original,
            timeZone,
          });
          if (outcome.outcome !== 'notQualified') {
            const campaign = brand!.campaigns.find((candidate) => candidate.id === outcome.campaignId)!;
            campaign.budgetSpentPence += outcome.cashbackPence + outcome.successFeePence;
          }
          pending.push({
            publisherId: publisher.id,
            logId,
            row,
            branch,
            originalId: original?.id ?? null,
            outcome,
            timeZone,
          });
          if (original) await repo.addRefunded(trx, original.id, -row.amountPence);

          result.inserted += 1;
          totals.gmvPence += row.amountPence;
          if (!totals.lastAt || row.occurredAt > totals.lastAt) totals.lastAt = row.occurredAt;
          if (!branch) {
            result.unmatched += 1;
            return;
          }
          const share = totals.brands.get(branch.brandId) ?? {
            gmvPence: 0,
            count: 0,
            lastAt: row.occurredAt,
          };
          share.gmvPence += row.amountPence;
          share.count += 1;
          if (row.occurredAt > share.lastAt) share.lastAt = row.occurredAt;
          totals.brands.set(branch.brandId, share);
        };

        let after: StagedRow | null = null;
        for (;;) {
          const page = await repo.stagedPage(trx, publisher.id, after, batchSize);
          if (page.length === 0) break;
          const rows = page.filter((row) => !row.duplicate);
          result.duplicates += page.length - rows.length;
          const branchOfRow = new Map<StagedRow, BranchMatch | null>();
          const cards = new Map<string, { brandId: string; cardToken: string }>();
          for (const row of rows) {
            const branch = await branchOf(row.mid);
            branchOfRow.set(row, branch);
            if (branch && row.amountPence > 0) {
              cards.set(cardKey(branch.brandId, row.cardToken), {
                brandId: branch.brandId,
                cardToken: row.cardToken,
              });
            }
          }
          const purchases = await repo.cardPurchases(trx, [...cards.values()], page[0]!.occurredAt);
          for (const row of rows) await store(row, branchOfRow.get(row)!, purchases);
          await flushPending();
          after = page.at(-1)!;
        }

        // The reporting store, in this same transaction (reporting.repository.ts).
        await reporting.recordUpload(trx, logId);
        await repo.finishLog(trx, logId, {
          gmvPence: totals.gmvPence,
          count: result.inserted,
          unmatched: result.unmatched,
          lastAt: totals.lastAt,
          nextAt: new Date(uploadedAt.getTime() + ingestionIntervalMs),
          brands: totals.brands,
        });
        return result;
      });
    },
  };
}

export type TransactionIngestion = ReturnType<typeof createTransactionIngestion>;
