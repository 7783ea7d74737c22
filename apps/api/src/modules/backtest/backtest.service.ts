import type { Kysely } from 'kysely';
import type { BacktestDraft, BacktestResult } from '@krowd/domain/backtest/backtest.schema';
import { fixedDiscountPercent } from '@krowd/domain/campaign/campaign.rules';
import { currentMonth, shiftMonth } from '@krowd/domain/campaign/campaign-dates.rules';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { brandInScope, type ScopedBrand } from '../../http/brand-scope.ts';
import type { replayMonth } from '../ingestion/month-replay.ts';

/**
 * "Had this campaign run last month" (docs/decisions/0131): the caller's own brand only, the last
 * full calendar month in the timezone setting, replayed by ingestion's engine and card-history
 * path (ingestion/month-replay.ts, given by app.ts) in one read-only transaction: nothing is
 * written.
 */
export function createBacktestService(deps: {
  db: Kysely<DB>;
  brands: { findById(id: string): Promise<ScopedBrand | undefined> };
  timeZone: string;
  clock: () => Date;
  replayMonth: typeof replayMonth;
}) {
  const { db, brands, timeZone, clock } = deps;
  return {
    async backtest(auth: AuthContext, draft: BacktestDraft): Promise<BacktestResult> {
      await brandInScope(brands, auth.scope, draft.brandId);
      // The percent the server would store (campaigns.mapper.ts withFixedDiscount, spec 1 §6).
      const fixed = auth.account.is_internal_demo || auth.source === 'cardNetwork';
      if (fixed && draft.discountType === 'dp') draft = { ...draft, discountPercent: fixedDiscountPercent };
      const now = clock();
      const month = shiftMonth(currentMonth(now, timeZone), -1);
      return db
        .transaction()
        .setAccessMode('read only')
        .execute((trx) => deps.replayMonth(trx, draft, month, timeZone, now.toISOString()));
    },
  };
}

export type BacktestService = ReturnType<typeof createBacktestService>;
