import type { Kysely, Transaction } from 'kysely';
import {
  readWellFormedRow,
  transactionRowSchema,
  type IngestError,
  type TransactionRow,
} from '@krowd/domain/ingestion/transaction-file.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { midsOf, underIngestionLocks, type IngestionLocks } from './ingestion-locks.ts';
import type { ReportingStore } from './reporting-store.ts';
import { inTimeOrder, instantOf, stagedRowOf, withProgress } from './staged-rows.ts';
import type { StagedRow } from './staging.repository.ts';
import type { Publisher, TransactionsRepository } from './transactions.repository.ts';
import { UploadQualification } from './upload-qualification.ts';
import type { UploadCounts, UploadSettings } from './upload-settings.ts';

/**
 * Ingesting a publisher's transactions file (brief §6): every row validated, then
 * qualified by the engine (packages/domain qualification) in time order and stored with its
 * outcome. The whole upload is one database transaction: a file with a bad row stores nothing
 * (unless partial), and a crash mid-file leaves nothing behind.
 *
 * Two ways through the file, with the same outcome (ingestion.in-file-order.test.ts):
 * - In file order, the usual way (publishers send a day's transactions in time order): rows are
 *   qualified and stored a page at a time as they are read, each page put in time order.
 * - Through a staging table, for any other file: the valid rows are staged as they are read, the
 *   transaction ids an earlier line already had are set aside, and the rest is read back in time
 *   order. A file goes this way when a page starts before the one before it ends, when one of its
 *   transaction ids is already stored or repeated, or when it has a bad row and is not partial
 *   (the staging way lists every problem, repeated ids included): the first way is then undone
 *   (to a savepoint) and the file read again from its start.
 */

/** One item of the file: its fields by column name, or why it could not be read. */
export type IngestItem = { line: number; fields: Record<string, unknown> } | { line: number; error: string };

/**
 * The file's items from its start, each time it is called (ingestion may read a file twice), a
 * piece of the file at a time.
 */
export type IngestSource = () => AsyncIterable<IngestItem[]>;

/** The file needs the staging table after all (see above). */
class StagingNeeded extends Error {
  constructor() {
    super('the file is read again through the staging table');
    this.name = 'StagingNeeded';
  }
}

/** A transaction id already stored for the publisher (the unique key of 0012). */
const isRepeatedTransactionId = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === '23505';

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
/** Rows staged in one statement. */
const batchSize = 5000;
/** Rows qualified and stored per page. */
export const defaultPageSize = 2500;
/**
 * How far after the upload's own time a row may be dated: a publisher's clock a little ahead of
 * ours. Anything later has not happened yet, so it is refused with its line.
 */
export const allowedClockSkewMs = 5 * 60_000;
/**
 * Card histories held across pages (card-history-cache.ts): at most ~300 MB, the key map included
 * (the 5-million-row benchmark's 1.2 million cards all fit).
 */
const cardCacheLimits = { maxCards: 1_500_000, maxEntries: 6_000_000 };
/**
 * The reporting store's share summed before it is written (the domain's reporting-tally.ts): up to 250,000 card
 * numbers or 12,500 cells, about what a 500,000-row file sums whole (~10 MB of heap), so a larger
 * file's tally holds no more (live heap flat).
 */
const defaultTallyLimits = { cards: 250_000, cells: 12_500 };

/** How far an upload is: rows of the file read, rows run through the qualification engine. */
export interface IngestProgress {
  rowsRead: number;
  rowsQualified: number;
}

export interface IngestOptions {
  partial: boolean;
  /**
   * Told before each page is qualified (the console's progress lines, ingest-progress.ts). When its
   * signal aborts (the uploader cancelled), the next page throws and the transaction rolls back.
   */
  progress?: { onPage: (progress: IngestProgress) => void; signal: AbortSignal };
  channel: 'api' | 'console';
  /** A console upload's file name and uploader, kept on its ingestion log. */
  upload?: { fileName: string | null; userId: string };
  /**
   * An enclosing database transaction (the overview docs upload stores transactions and
   * impressions together): the upload then commits or rolls back with it.
   */
  trx?: Transaction<DB>;
  /** Run in the upload's transaction: the Idempotency-Key's record of it (decision 0104). */
  markEffect?: (trx: Transaction<DB>) => Promise<void>;
}

const emptyResult = (): IngestResult => ({
  received: 0,
  inserted: 0,
  duplicates: 0,
  unmatched: 0,
  rejected: 0,
  errors: [],
});

/** Lists an error of the file, up to `maxListedErrors` (`rejected` counts them all). */
function listError(result: IngestResult, line: number, message: string) {
  if (result.errors.length < maxListedErrors) result.errors.push({ line, message });
}

export function createTransactionIngestion(deps: {
  db: Kysely<DB>;
  transactions: TransactionsRepository;
  reporting: ReportingStore;
  timeZone: string;
  clock: () => Date;
  /** Rows qualified and stored per page (tests make pages small to cross their boundaries). */
  pageSize?: number;
  /** How many card histories stay in memory across pages (tests make it small). */
  cardCacheLimits?: { maxCards: number; maxEntries: number };
  /** How much of the reporting store is summed before it is written (tests make it small). */
  tallyLimits?: { cards: number; cells: number };
  /** Told in the upload's transaction once its rows are stored (the webhooks' events). */
  onStored?: UploadSettings['onStored'];
  /** Told in the upload's transaction of the budgets it used up (the offers' end, decision 0100). */
  onBudgetsUsedUp?: UploadSettings['onBudgetsUsedUp'];
  /** Told in the upload's transaction of the pacing thresholds it crossed (the mails, decision 0120). */
  onBudgetsReached?: UploadSettings['onBudgetsReached'];
}) {
  const { db, transactions: repo, reporting, timeZone, clock } = deps;
  const pageSize = deps.pageSize ?? defaultPageSize;
  const tallyLimits = deps.tallyLimits ?? defaultTallyLimits;

  /** The row an item holds when it is valid for the publisher; otherwise null, its errors listed. */
  function validRow(
    item: IngestItem,
    publisher: Publisher,
    result: IngestResult,
    notAfterMs: number,
  ): TransactionRow | null {
    if ('error' in item) {
      result.rejected += 1;
      listError(result, item.line, item.error);
      return null;
    }
    // The usual row directly; anything unusual through the schema, which names its problems.
    let row = readWellFormedRow(item.fields);
    if (!row) {
      const parsed = transactionRowSchema.safeParse(item.fields);
      if (!parsed.success) {
        result.rejected += 1;
        for (const message of new Set(parsed.error.issues.map((issue) => issue.message))) {
          listError(result, item.line, message);
        }
        return null;
      }
      row = parsed.data;
    }
    if (row.publisher !== publisher.code && row.publisher.toLowerCase() !== publisher.code.toLowerCase()) {
      result.rejected += 1;
      listError(result, item.line, messages.ingestion.publisherMismatch(publisher.code));
      return null;
    }
    if (instantOf(row.datetime) > notAfterMs) {
      result.rejected += 1;
      listError(result, item.line, messages.ingestion.datetimeInFuture);
      return null;
    }
    return row;
  }

  /**
   * The file a page at a time as it is read, each page in time order (then file order): throws
   * StagingNeeded when a page starts before the one before it ends, or at a bad row when the file is
   * not partial.
   */
  function inFileOrderPages(
    pieces: AsyncIterator<IngestItem[]>,
    publisher: Publisher,
    result: IngestResult,
    partial: boolean,
    notAfterMs: number,
  ) {
    let lastOfPrevious: StagedRow | null = null;
    let piece: IngestItem[] = [];
    let nextInPiece = 0;
    return async (): Promise<StagedRow[]> => {
      const page: StagedRow[] = [];
      let sorted = true;
      while (page.length < pageSize) {
        if (nextInPiece === piece.length) {
          const next = await pieces.next();
          if (next.done) break;
          piece = next.value;
          nextInPiece = 0;
          continue;
        }
        const item = piece[nextInPiece]!;
        nextInPiece += 1;
        result.received += 1;
        const row = validRow(item, publisher, result, notAfterMs);
        if (!row) {
          if (!partial) throw new StagingNeeded();
          continue;
        }
        const staged = stagedRowOf(item.line, row);
        if (sorted && page.length > 0 && inTimeOrder(page[page.length - 1]!, staged) > 0) sorted = false;
        page.push(staged);
      }
      if (!sorted) page.sort(inTimeOrder);
      if (lastOfPrevious && page.length > 0 && inTimeOrder(lastOfPrevious, page[0]!) > 0) {
        throw new StagingNeeded();
      }
      lastOfPrevious = page.at(-1) ?? lastOfPrevious;
      return page;
    };
  }

  /** The file qualified as it is read (see the top of this file). */
  async function inFileOrder(
    trx: Transaction<DB>,
    locks: IngestionLocks,
    publisher: Publisher,
    items: AsyncIterable<IngestItem[]>,
    options: IngestOptions,
    notAfterMs: number,
  ): Promise<IngestResult> {
    const result = emptyResult();
    const iterator = items[Symbol.asyncIterator]();
    try {
      await qualifyPages(
        trx,
        locks,
        publisher,
        options,
        result,
        inFileOrderPages(iterator, publisher, result, options.partial, notAfterMs),
      );
    } finally {
      // Closes the file when it is left part-read.
      await iterator.return?.();
    }
    return result;
  }

  /** The file staged whole first, then read back in time order (see the top of this file). */
  async function throughStaging(
    trx: Transaction<DB>,
    locks: IngestionLocks,
    publisher: Publisher,
    items: AsyncIterable<IngestItem[]>,
    options: IngestOptions,
    notAfterMs: number,
  ): Promise<IngestResult> {
    const result = emptyResult();
    await repo.createStaging(trx);
    let batch: { line: number; row: TransactionRow }[] = [];
    // One batch is written while the next one is read: the statement is sent, and awaited
    // only before the next one (one connection runs them in order either way).
    let staging: Promise<void> = Promise.resolve();
    const flush = async () => {
      await staging;
      const rows = batch;
      batch = [];
      staging = repo.stage(trx, rows);
      // Awaited later; a failure meanwhile must not count as unhandled.
      staging.catch(() => {});
    };
    for await (const piece of items) {
      for (const item of piece) {
        result.received += 1;
        const row = validRow(item, publisher, result, notAfterMs);
        if (!row) continue;
        batch.push({ line: item.line, row });
        if (batch.length >= batchSize) await flush();
      }
    }
    await flush();
    await staging;
    for (const [line, first] of await repo.endStaging(trx)) {
      result.rejected += 1;
      listError(result, line, messages.ingestion.transactionIdRepeated(first));
    }
    result.errors.sort((a, b) => a.line - b.line);
    if (result.rejected > 0 && !options.partial) throw new IngestRefused(result);

    let after: StagedRow | null = null;
    await qualifyPages(trx, locks, publisher, options, result, async () => {
      const page = await repo.stagedPage(trx, publisher.id, after, pageSize);
      after = page.at(-1) ?? after;
      return page;
    });
    return result;
  }

  /** The rows `nextPage` gives qualified and stored (upload-qualification.ts), counted in the result. */
  async function qualifyPages(
    trx: Transaction<DB>,
    locks: IngestionLocks,
    publisher: Publisher,
    options: IngestOptions,
    result: IngestResult,
    nextPage: () => Promise<StagedRow[]>,
  ) {
    const counts: UploadCounts = await UploadQualification.run(
      {
        trx,
        locks,
        repo,
        reporting,
        publisher,
        timeZone,
        uploadedAt: clock(),
        channel: options.channel,
        upload: options.upload,
        cardCacheLimits: deps.cardCacheLimits ?? cardCacheLimits,
        tallyLimits,
        onStored: deps.onStored,
        onBudgetsUsedUp: deps.onBudgetsUsedUp,
        onBudgetsReached: deps.onBudgetsReached,
      },
      options.progress ? withProgress(nextPage, () => result.received, options.progress) : nextPage,
    );
    result.inserted += counts.inserted;
    result.duplicates += counts.duplicates;
    result.unmatched += counts.unmatched;
  }

  /** One run through the file in `trx`, holding `locks` (see the top of this file). */
  async function ingestIn(
    trx: Transaction<DB>,
    locks: IngestionLocks,
    publisher: Publisher,
    source: IngestSource,
    options: IngestOptions,
    notAfterMs: number,
  ): Promise<IngestResult> {
    await options.markEffect?.(trx);
    await repo.savepoint(trx, 'ingest_in_file_order');
    try {
      const result = await inFileOrder(trx, locks, publisher, source(), options, notAfterMs);
      await repo.releaseSavepoint(trx, 'ingest_in_file_order');
      return result;
    } catch (error) {
      if (!(error instanceof StagingNeeded) && !isRepeatedTransactionId(error)) throw error;
      await repo.rollbackToSavepoint(trx, 'ingest_in_file_order');
      return throughStaging(trx, locks, publisher, source(), options, notAfterMs);
    }
  }

  return {
    /**
     * Stores the file's transactions for the publisher. Throws IngestRefused when a row is bad and
     * `partial` is off; with `partial`, the good rows are stored and the bad ones listed. Uploads
     * of other brands run meanwhile (ingestion-locks.ts).
     */
    async ingest(publisher: Publisher, source: IngestSource, options: IngestOptions): Promise<IngestResult> {
      const notAfterMs = clock().getTime() + allowedClockSkewMs;
      const enclosing = options.trx && { trx: options.trx, mids: () => midsOf(source()) };
      return underIngestionLocks(db, repo, publisher.id, enclosing, (trx, locks) =>
        ingestIn(trx, locks, publisher, source, options, notAfterMs),
      );
    },
  };
}

export type TransactionIngestion = ReturnType<typeof createTransactionIngestion>;
