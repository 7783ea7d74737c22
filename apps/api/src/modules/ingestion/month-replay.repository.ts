import { sql, type Transaction } from 'kysely';
import type { BranchStatus } from '@krowd/domain/branch/branch.schema';
import type { DB } from '../../db/database.generated.ts';

/**
 * What a month's replay (month-replay.ts, the backtest of docs/decisions/0131) reads besides the
 * qualification look-ups
 * (qualification-lookups.repository.ts: the brand's approved months, cards' stored purchases): the
 * brand's branches and its stored transactions of one month, in pages. It writes nothing. SQL only.
 */

/** One stored transaction as the replay reads it: only what the engine and the figures need. */
export interface MonthReplayRow {
  id: string;
  at: Date;
  amountPence: number;
  /** The card's number (cards table); null only for rows stored before cards were numbered. */
  cardNumber: number | null;
  branchId: string;
  /** A refund's original as stored, when one was found. */
  originalId: string | null;
}

export const monthReplayRepository = {
  /** The brand's branches with their status now, deleted ones too (their purchases earn nothing). */
  async brandBranches(trx: Transaction<DB>, brandId: string): Promise<Map<string, BranchStatus>> {
    const rows = await trx
      .selectFrom('branches')
      .select(['id', 'status'])
      .where('brand_id', '=', brandId)
      .execute();
    return new Map(rows.map((row) => [row.id, row.status]));
  },

  /**
   * The brand's stored transactions from `from` to `to` (both inclusive), in time order (then
   * id, the order ingestion stored them in), `limit` after the row `after` (keyset): one range
   * scan of transactions_brand_time_idx, from the index alone (migration 0062).
   */
  async monthPage(
    trx: Transaction<DB>,
    brandId: string,
    from: Date,
    to: Date,
    after: { at: Date; id: string } | null,
    limit: number,
  ): Promise<MonthReplayRow[]> {
    const keyset = after ? sql`AND (occurred_at, id) > (${after.at}, ${after.id}::uuid)` : sql``;
    const { rows } = await sql<{
      id: string;
      occurred_at: Date;
      amount_pence: number;
      card_id: number | null;
      branch_id: string;
      original_transaction_id: string | null;
    }>`
      SELECT id, occurred_at, amount_pence, card_id, branch_id, original_transaction_id
      FROM transactions
      WHERE brand_id = ${brandId} AND occurred_at >= ${from} AND occurred_at <= ${to} ${keyset}
      ORDER BY occurred_at, id
      LIMIT ${limit}`.execute(trx);
    return rows.map((row) => ({
      id: row.id,
      at: new Date(row.occurred_at),
      amountPence: Number(row.amount_pence),
      cardNumber: row.card_id === null ? null : Number(row.card_id),
      branchId: row.branch_id,
      originalId: row.original_transaction_id,
    }));
  },
};
