import type { TransactionRow } from '@krowd/domain/ingestion/transaction-file.schema';
import type { StagedRow } from './staging.repository.ts';

/** A file's row as ingestion (ingestion.transactions.ts) reads, stages and orders it. */

/**
 * A row's instant in milliseconds, as Date.parse reads it. The row last asked about is remembered:
 * its validation and its staged form ask one after the other.
 */
let lastDatetime = '';
let lastInstant = Number.NaN;
export function instantOf(datetime: string): number {
  if (datetime !== lastDatetime) {
    lastInstant = Date.parse(datetime);
    lastDatetime = datetime;
  }
  return lastInstant;
}

/** A row of the file as the engine takes it. */
export const stagedRowOf = (line: number, row: TransactionRow): StagedRow => ({
  line,
  transactionId: row.transactionId,
  datetime: row.datetime,
  occurredAt: new Date(instantOf(row.datetime)),
  amountPence: row.amountPence,
  mid: row.mid,
  cardToken: row.cardToken,
  cardLast4: row.cardLast4,
  postcode: row.postcode,
  originalTransactionId: row.originalTransactionId,
  duplicate: false,
});

/** Time order, then file order: the order rows are qualified in. */
export const inTimeOrder = (a: StagedRow, b: StagedRow) =>
  a.occurredAt.getTime() - b.occurredAt.getTime() || a.line - b.line;

/**
 * `nextPage` telling `progress` how far the upload is before each page, and stopping (the
 * transaction rolls back) once its signal aborts.
 */
export function withProgress(
  nextPage: () => Promise<StagedRow[]>,
  rowsRead: () => number,
  progress: {
    onPage: (progress: { rowsRead: number; rowsQualified: number }) => void;
    signal: AbortSignal;
  },
): () => Promise<StagedRow[]> {
  let rowsQualified = 0;
  return async () => {
    progress.signal.throwIfAborted();
    progress.onPage({ rowsRead: rowsRead(), rowsQualified });
    const page = await nextPage();
    rowsQualified += page.length;
    return page;
  };
}
