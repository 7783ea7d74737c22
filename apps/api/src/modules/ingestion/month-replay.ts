import { backtestCampaign, BacktestTally } from '@krowd/domain/backtest/backtest.rules';
import type { BacktestDraft, BacktestResult } from '@krowd/domain/backtest/backtest.schema';
import { monthWindowOf, type IsoMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import { countsCardRewards } from '@krowd/domain/qualification/caps.rules';
import { localTimeAt } from '@krowd/domain/qualification/local-time';
import {
  qualifyTransaction,
  type CardHistory,
  type QualificationOutcome,
  type RefundOriginal,
} from '@krowd/domain/qualification/qualification.rules';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';
import { CardHistoryCache } from './card-history-cache.ts';
import type { CappedCampaigns, RefundedRewards } from './card-rewards.ts';
import { monthReplayRepository, type MonthReplayRow } from './month-replay.repository.ts';
import { qualificationLookups } from './qualification-lookups.repository.ts';

/**
 * A draft campaign replayed over a brand's stored transactions of one month (the backtest,
 * docs/decisions/0131), by the engine and the card histories ingestion qualifies with (upload-qualification.ts): the same
 * `qualifyTransaction`, the same card-history cache answering each purchase's history (the card's
 * stored purchases before the month, looked up once a card by ingestion's own query, then the
 * month's purchases as they are replayed), the same rewards held for the caps, refunds reversing
 * what their original earned, the budget spent as rows pay. The draft runs alone: the brand's
 * other campaigns of that month are not what it would compete with when it runs. Read in pages;
 * nothing is written.
 */

/** Rows read a page (a range scan of the index each, migration 0062). */
export const backtestPageRows = 10_000;
const noHistory: CardHistory = Object.freeze({ lastPurchaseAt: null, averageSpendPence: null });
/** Card histories are never forgotten in a replay: nothing stored could bring them back. */
const unbounded = { maxCards: Number.POSITIVE_INFINITY, maxEntries: Number.POSITIVE_INFINITY };

export interface BacktestOptions {
  /** Rows a page; tests read small pages to cross page boundaries. */
  pageRows?: number;
}

/** One replay of `draft` over the brand's transactions from `from` to `to` (inclusive). */
export async function replayMonth(
  trx: Transaction<DB>,
  draft: BacktestDraft,
  month: IsoMonth,
  timeZone: string,
  createdAt: string,
  options: BacktestOptions = {},
): Promise<BacktestResult> {
  const brandId = draft.brandId;
  const window = monthWindowOf(`${month}-01`, timeZone);
  const from = new Date(window.openingTime);
  const to = new Date(window.closingTime);
  const campaign = backtestCampaign(draft, month, createdAt);
  const [{ months }, branches] = await Promise.all([
    qualificationLookups.brandCampaigns(trx, brandId),
    monthReplayRepository.brandBranches(trx, brandId),
  ]);
  // Had it run, the month would be one of the brand's campaign months (the success-fee-free ones).
  const brandCampaignMonths = months.includes(month) ? months : [...months, month];
  const capped: CappedCampaigns = countsCardRewards(campaign) ? new Map([[campaign.id, 0]]) : new Map();
  const refundedRewards: RefundedRewards = new Map();
  const histories = new CardHistoryCache(unbounded, capped, refundedRewards);
  /** The month's purchases the draft paid, by id: what a refund of one reverses. */
  const paid = new Map<string, RefundOriginal>();
  const tally = new BacktestTally(campaign, month);
  const campaigns = [campaign];
  const pageRows = options.pageRows ?? backtestPageRows;

  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const rows: MonthReplayRow[] = await monthReplayRepository.monthPage(
      trx,
      brandId,
      from,
      to,
      after,
      pageRows,
    );
    if (rows.length === 0) break;
    after = { at: rows.at(-1)!.at, id: rows.at(-1)!.id };
    await loadCards(trx, histories, rows, brandId, from);
    for (const row of rows) {
      const at = row.at.getTime();
      const local = localTimeAt(at, timeZone);
      const status = branches.get(row.branchId) ?? 'Deleted';
      const branch = { branchId: row.branchId, brandId, status };
      const slot =
        row.amountPence > 0 && row.cardNumber !== null ? histories.slotOf(String(row.cardNumber)) : -1;
      let history = noHistory;
      if (slot >= 0) {
        history = histories.historyAt(slot, local);
        histories.add(slot, at, row.amountPence);
      }
      const original = row.amountPence < 0 && row.originalId ? (paid.get(row.originalId) ?? null) : null;
      const outcome: QualificationOutcome = qualifyTransaction({
        transaction: { datetime: row.at.toISOString(), amountPence: row.amountPence },
        branch,
        campaigns,
        history,
        rewards: slot >= 0 ? histories.rewardsOf(slot) : undefined,
        brandCampaignMonths,
        original,
        timeZone,
        local,
      });
      tally.add(outcome, row.amountPence, row.cardNumber ?? -1, local);
      if (outcome.outcome === 'qualified') {
        paid.set(row.id, { amountPence: row.amountPence, refundedPence: 0, outcome });
        if (slot >= 0 && capped.size > 0) {
          const { rewardedSpendPence, minimumSpendPence } = outcome.terms;
          histories.addReward(slot, {
            id: row.id,
            campaign: 0,
            wall: local.wall,
            amountPence: row.amountPence,
            rewardedSpendPence: rewardedSpendPence ?? row.amountPence,
            minimumSpendPence,
            refundedPence: 0,
          });
        }
      } else if (original && row.originalId) {
        // Refunds of any kind take back from the purchase (ingestion's held purchases do the same).
        original.refundedPence += -row.amountPence;
        if (capped.size > 0) refundedRewards.set(row.originalId, original.refundedPence);
      }
    }
    if (rows.length < pageRows) break;
  }
  return tally.result();
}

/**
 * The stored purchases before the month of the page's cards not met yet (ingestion's query,
 * `cardPurchases`: the 13 months before and the latest before those), so each purchase's history
 * is the card's whole history at the brand before it; the month's own purchases are added as they
 * are replayed.
 */
async function loadCards(
  trx: Transaction<DB>,
  histories: CardHistoryCache,
  rows: readonly MonthReplayRow[],
  brandId: string,
  from: Date,
) {
  const cards = new Set<number>();
  for (const row of rows) {
    if (row.amountPence <= 0 || row.cardNumber === null) continue;
    if (histories.slotOf(String(row.cardNumber)) === -1) cards.add(row.cardNumber);
  }
  if (cards.size === 0) return;
  const numbers = [...cards];
  const stored = await qualificationLookups.cardPurchases(
    trx,
    numbers.map((cardNumber) => ({ brandId, cardNumber })),
    from,
  );
  const fromMs = from.getTime();
  numbers.forEach((cardNumber, index) => {
    const before = stored[index]!.filter((purchase) => Date.parse(purchase.datetime) < fromMs);
    histories.load(String(cardNumber), before, cardNumber);
  });
}
