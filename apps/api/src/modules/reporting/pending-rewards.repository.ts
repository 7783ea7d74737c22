import { sql, type Kysely } from 'kysely';
import type { ReportingFilter } from '@krowd/domain/dashboard/dashboard.schema';
import type { DB } from '../../db/database.generated.ts';
import { whereOf } from './reporting.repository.ts';

/**
 * What the dashboard's pending part must give back to the final one (docs/decisions/0117): the
 * store sums a refund on its own day, but a refund's reward follows its purchase. So the store's
 * days after `finalThrough` hold, besides pending purchases and their refunds, the refunds of those
 * days whose purchase is already final; this sums those (in the filter, within its range). Only
 * refunds of the last 31 days are read, through transactions_refund_time_idx (migration 0057),
 * each joined to its purchase by key.
 */
export function createPendingRewardsRepository(db: Kysely<DB>) {
  return {
    async refundsOfFinalPurchasesAfter(
      filter: ReportingFilter,
      finalThrough: string,
    ): Promise<{ cashbackPence: number; successFeePence: number }> {
      const days = sql`r.local_datetime >= greatest(${filter.startDate}::date, ${finalThrough}::date + 1)
        AND r.local_datetime < ${filter.endDate}::date + 1`;
      const { rows } = await sql<{ cashback: string | number; fee: string | number }>`
        SELECT coalesce(sum(r.cashback_pence), 0) AS cashback, coalesce(sum(r.success_fee_pence), 0) AS fee
        FROM transactions r JOIN transactions o ON o.id = r.original_transaction_id
        ${whereOf(filter, false, days)} AND r.outcome = 'refund'
          AND o.local_datetime < ${finalThrough}::date + 1`.execute(db);
      return { cashbackPence: Number(rows[0]?.cashback ?? 0), successFeePence: Number(rows[0]?.fee ?? 0) };
    },
  };
}

export type PendingRewardsRepository = ReturnType<typeof createPendingRewardsRepository>;
