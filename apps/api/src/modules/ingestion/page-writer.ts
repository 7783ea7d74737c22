import type { Transaction } from 'kysely';
import type { ReportingTally } from '@krowd/domain/qualification/reporting-tally';
import type { DB } from '../../db/database.generated.ts';
import type { HeldPurchase, HeldPurchases } from './held-purchases.ts';
import type { ReportingStore } from './reporting-store.ts';
import type { NewTransaction, TransactionsRepository } from './transactions.repository.ts';

/**
 * An upload's rows written a page at a time: a page's statement is sent once the page is qualified
 * and the next one prepared, and runs while the next page is qualified (one connection runs
 * statements in the order sent). With the rows go what refunds took back of stored purchases, and
 * the reporting store's share once the tally holds enough.
 */
export class PageWriter {
  private rows: NewTransaction[] = [];
  /** Each row's purchase when it is one (refunds may reverse it before it is written). */
  private purchases: (HeldPurchase | null)[] = [];
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

  /** Sends the rows added since the last time, once what was sent before is written. */
  async send() {
    await this.writing;
    const rows = this.rows;
    for (let index = 0; index < rows.length; index += 1) {
      const purchase = this.purchases[index];
      if (!purchase) continue;
      rows[index]!.refundedPence = purchase.refundedPence;
      purchase.savedRefundedPence = purchase.refundedPence;
    }
    const changed = this.held.takeChanged();
    this.rows = [];
    this.purchases = [];
    const { trx, repo, reporting } = this;
    let writing = repo.insertTransactions(trx, rows).then(() => repo.setRefunded(trx, changed));
    if (this.tally.listedCards >= this.tallyLimits.cards || this.tally.cellCount >= this.tallyLimits.cells) {
      const cells = this.tally.take();
      writing = writing.then(() => reporting.addTally(trx, this.publisherId, cells));
    }
    this.writing = writing;
    // Awaited before the next write and at the end; a failure meanwhile is not unhandled.
    writing.catch(() => {});
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
