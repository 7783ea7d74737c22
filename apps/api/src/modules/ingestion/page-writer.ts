import type { Transaction } from 'kysely';
import type { ReportingTally } from '@krowd/domain/qualification/reporting-tally';
import type { CopyRows } from '../../db/copy-rows.ts';
import type { DB } from '../../db/database.generated.ts';
import type { HeldPurchase, HeldPurchases } from './held-purchases.ts';
import type { ReportingStore } from './reporting-store.ts';
import {
  transactionCopyRows,
  type NewTransaction,
  type TransactionsRepository,
} from './transactions.repository.ts';

/** Rows encoded and what goes with them, ready to be sent. */
interface SealedPage {
  rows: CopyRows;
  changed: { id: string; refundedPence: number }[];
  cells: ReturnType<ReportingTally['take']> | null;
}

/**
 * An upload's rows written a page at a time: a page is sealed (encoded) once it is qualified, while
 * the look-ups of the next page run; it is sent once they are answered, and runs while the next
 * page is qualified (one connection runs statements in the order sent). With the rows go what
 * refunds took back of stored purchases, and the reporting store's share once the tally holds
 * enough.
 */
export class PageWriter {
  private rows: NewTransaction[] = [];
  /** Each row's purchase when it is one (refunds may reverse it before it is written). */
  private purchases: (HeldPurchase | null)[] = [];
  /** Rows sealed and not yet sent, in the order sealed. */
  private sealed: SealedPage[] = [];
  /** The statements sent and not yet awaited. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly trx: Transaction<DB>,
    private readonly repo: TransactionsRepository,
    private readonly reporting: ReportingStore,
    private readonly publisherId: string,
    private readonly held: HeldPurchases,
    private readonly tally: ReportingTally,
    private readonly tallyLimits: { cards: number; cells: number },
  ) {}

  add(row: NewTransaction, purchase: HeldPurchase | null) {
    this.rows.push(row);
    this.purchases.push(purchase);
  }

  /**
   * Encodes the rows added since the last seal, with the refunds and tally taken so far: what
   * qualifying later rows changes goes with a later page.
   */
  seal() {
    const rows = this.rows;
    for (let index = 0; index < rows.length; index += 1) {
      const purchase = this.purchases[index];
      if (!purchase) continue;
      rows[index]!.refundedPence = purchase.refundedPence;
      purchase.savedRefundedPence = purchase.refundedPence;
    }
    const changed = this.held.takeChanged();
    const full =
      this.tally.listedCards >= this.tallyLimits.cards || this.tally.cellCount >= this.tallyLimits.cells;
    this.rows = [];
    this.purchases = [];
    if (rows.length === 0 && changed.length === 0 && !full) return;
    this.sealed.push({ rows: transactionCopyRows(rows), changed, cells: full ? this.tally.take() : null });
  }

  /**
   * A write of the upload sent elsewhere (the cards numbered for a page), awaited with the pages'
   * and reported by `failure` like theirs. Awaited before the next write and at the end: a failure
   * meanwhile does not count as unhandled.
   */
  alongside(write: Promise<void>) {
    write.catch(() => {});
    const before = this.writing;
    this.writing = Promise.all([before, write]).then(() => {});
    this.writing.catch(() => {});
  }

  /**
   * Seals the rows added since, and sends everything sealed once what was sent before is written.
   * A page's changes to purchases written before go first, without waiting for anything: the next
   * page's look-ups, sent after them, may fetch one of those purchases again and must read them.
   */
  async send() {
    this.seal();
    await this.writing;
    const pages = this.sealed;
    this.sealed = [];
    const { trx, repo, reporting } = this;
    // One connection runs them in the order sent; the first to fail is the one reported.
    const writes: Promise<void>[] = [];
    for (const { rows, changed, cells } of pages) {
      writes.push(repo.setRefunded(trx, changed), repo.insertTransactions(trx, rows));
      if (cells) writes.push(reporting.addTally(trx, this.publisherId, cells));
    }
    if (writes.length > 0) this.alongside(Promise.all(writes).then(() => {}));
  }

  /** Sends what is left and waits until everything sent is written. */
  async flush() {
    await this.send();
    await this.writing;
  }

  /**
   * The error of a write that failed, or null. A failed write aborts every statement after it, so
   * its own error is the one to report.
   */
  failure(): Promise<unknown> {
    return this.writing.then(
      () => null,
      (error: unknown) => error,
    );
  }
}
