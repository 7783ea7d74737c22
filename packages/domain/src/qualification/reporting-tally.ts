import type { BranchMatch, QualificationOutcome } from './qualification.rules.ts';

/**
 * An upload's share of the reporting store (migrations 0013, 0018), summed in the API as ingestion
 * qualifies its rows and written by `reporting.addTally` a few times an upload, in the upload's own
 * transaction. Summing here costs the API a map lookup a row; summing the stored rows afterwards
 * cost the database three passes over the upload while the API waited (docs/decisions.md
 * 'Performance').
 *
 * One cell per reporting_daily row: the local day, brand, branch, campaign, customer type and offer
 * type (the publisher is the upload's). Qualified purchases and refunds only: unqualified
 * transactions earn and cost nothing.
 */

/** A qualified purchase's or a refund's outcome. */
export type Reward = Exclude<QualificationOutcome, { outcome: 'notQualified' }>;

export interface TallyCell {
  /** The local date, in days since 1970-01-01. */
  day: number;
  brandId: string;
  branchId: string;
  campaignId: string;
  customerType: Reward['customerType'];
  offerType: Reward['offerType'];
  conversions: number;
  refunds: number;
  /** Qualified purchases less refunds, as every sum below. */
  spendPence: number;
  cashbackPence: number;
  successFeePence: number;
  /** Of qualified purchases; null with none. */
  maxSpendPence: number | null;
  minSpendPence: number | null;
  /** The card number of each qualified purchase, in the order they were added. */
  cards: number[];
}

const msPerDay = 86_400_000;

export class ReportingTally {
  private cells = new Map<string, TallyCell>();
  private listed = 0;

  /** Card numbers held, over every cell. */
  get listedCards(): number {
    return this.listed;
  }

  get cellCount(): number {
    return this.cells.size;
  }

  /**
   * Adds a qualified purchase (with its card's number) or a refund, at the wall-clock instant
   * `localAt` (ms, the local time read as UTC).
   */
  add(localAt: number, branch: BranchMatch, reward: Reward, amountPence: number, cardNumber: number) {
    const day = Math.floor(localAt / msPerDay);
    const key = `${day} ${branch.branchId} ${reward.campaignId} ${reward.customerType} ${reward.offerType}`;
    let cell = this.cells.get(key);
    if (!cell) {
      cell = {
        day,
        brandId: branch.brandId,
        branchId: branch.branchId,
        campaignId: reward.campaignId,
        customerType: reward.customerType,
        offerType: reward.offerType,
        conversions: 0,
        refunds: 0,
        spendPence: 0,
        cashbackPence: 0,
        successFeePence: 0,
        maxSpendPence: null,
        minSpendPence: null,
        cards: [],
      };
      this.cells.set(key, cell);
    }
    cell.spendPence += amountPence;
    cell.cashbackPence += reward.cashbackPence;
    cell.successFeePence += reward.successFeePence;
    if (reward.outcome === 'refund') {
      cell.refunds += 1;
      return;
    }
    cell.conversions += 1;
    if (cell.maxSpendPence === null || amountPence > cell.maxSpendPence) cell.maxSpendPence = amountPence;
    if (cell.minSpendPence === null || amountPence < cell.minSpendPence) cell.minSpendPence = amountPence;
    cell.cards.push(cardNumber);
    this.listed += 1;
  }

  /** The cells summed since the last time, which the tally then forgets. */
  take(): TallyCell[] {
    const cells = [...this.cells.values()];
    this.cells = new Map();
    this.listed = 0;
    return cells;
  }
}
