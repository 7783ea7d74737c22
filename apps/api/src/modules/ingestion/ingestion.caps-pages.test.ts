import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoMerchants,
  demoPublisherTransactions,
  type DemoTransactionRow,
} from '../../demo/demo-transactions.ts';
import {
  addMonthlyCampaigns,
  atrPublisher,
  storeAndRows,
  storedOutcomes,
} from '../../test/ingestion-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import { createTransactionIngestion, type IngestItem } from './ingestion.transactions.ts';
import { createTransactionsRepository } from './transactions.repository.ts';

/**
 * Caps (decision 0116) across pages: a card's rewards are loaded with its history once a page and
 * held across pages, loaded again when the card is forgotten, and refunds of earlier pages reach
 * them. Every campaign capped at 2 rewarded transactions per card, 1 a day, £30 rewarded spend a
 * week and £1.50 cashback a transaction: the same file must store the same outcomes through pages
 * of 7 rows, with and without room to hold the cards, as through one page.
 */
const now = new Date();

async function* itemsOf(rows: DemoTransactionRow[]): AsyncGenerator<IngestItem[]> {
  yield rows.map((fields, index) => ({ line: index + 2, fields }));
}

describe('caps across the pages of an upload', () => {
  let small: TestApp;
  let forgetful: TestApp;
  let whole: TestApp;
  beforeAll(async () => {
    [small, forgetful, whole] = await Promise.all([createTestApp(), createTestApp(), createTestApp()]);
    for (const app of [small, forgetful, whole]) {
      await addMonthlyCampaigns(app, 'caps', now);
      await app.db
        .updateTable('campaigns')
        .set({
          max_transactions_per_card: 2,
          max_transactions_per_interval: 1,
          max_spend_per_interval_pence: 3_000,
          cap_interval: 'week',
          max_cashback_pence: 150,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await Promise.all([small.close(), forgetful.close(), whole.close()]);
  });

  it('stores the same capped outcomes through pages of 7 rows, forgetting cards or not, as through one page', async () => {
    const merchants = await demoMerchants(small.db);
    const file = [
      ...demoPublisherTransactions('ATR', 1200, { merchants, count: 1200, now, seed: 17, idPrefix: 'CAPS' }),
    ];
    for (const [app, pageSize, cardCacheLimits] of [
      [small, 7, undefined],
      [forgetful, 7, { maxCards: 3, maxEntries: 10 }],
      [whole, 100_000, undefined],
    ] as const) {
      const ingestion = createTransactionIngestion({
        db: app.db,
        reporting: createReportingRepository(app.db),
        transactions: createTransactionsRepository(app.db),
        timeZone: app.config.timezone,
        clock: () => now,
        pageSize,
        cardCacheLimits,
      });
      await ingestion.ingest(await atrPublisher(app), () => itemsOf(file), {
        partial: false,
        channel: 'api',
      });
    }
    const [paged, forgot, single] = [
      await storedOutcomes(small, 'CAPS-'),
      await storedOutcomes(forgetful, 'CAPS-'),
      await storedOutcomes(whole, 'CAPS-'),
    ];
    expect(paged).toHaveLength(1200);
    expect(paged).toEqual(single);
    expect(forgot).toEqual(single);
    // The file does reach every cap.
    const reasons = new Set(single.map((row) => row.reason ?? row.capped_reason));
    for (const reason of [
      'cappedTransactionsPerCard',
      'cappedTransactionsPerInterval',
      'cappedCashbackPerTransaction',
    ]) {
      expect(reasons).toContain(reason);
    }
    // A reward never refunded holds its place for good: no card has more than 2 such of a campaign.
    const { rows } = await sql<{ most: number | null }>`
      SELECT max(n)::int AS most FROM (
        SELECT count(*) AS n FROM transactions
        WHERE outcome = 'qualified' AND refunded_pence = 0 AND publisher_transaction_id LIKE 'CAPS-%'
        GROUP BY card_id, campaign_id) per_card`.execute(whole.db);
    expect(rows[0]!.most).toBe(2);
    for (const app of [small, forgetful, whole]) {
      const { store, fromRows } = await storeAndRows(app);
      expect(store).toEqual(fromRows);
    }
  }, 180_000);
});
