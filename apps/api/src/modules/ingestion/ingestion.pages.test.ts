import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoMerchants,
  demoPublisherTransactions,
  type DemoTransactionRow,
} from '../../demo/demo-transactions.ts';
import { addMonthlyCampaigns, storedOutcomes } from '../../test/ingestion-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTransactionIngestion, type IngestItem } from './ingestion.transactions.ts';
import { createTransactionsRepository } from './transactions.repository.ts';

/**
 * Ingestion works a page of rows at a time, holding card histories and the purchases refunds may
 * name across pages while the previous page is still being written. Whatever the page size, every
 * stored row must come out the same: the same file through pages of 7 rows and through one page.
 */
const now = new Date();

async function* itemsOf(rows: DemoTransactionRow[]): AsyncGenerator<IngestItem[]> {
  yield rows.map((fields, index) => ({ line: index + 2, fields }));
}

describe('ingestion pages', () => {
  let small: TestApp;
  let forgetful: TestApp;
  let whole: TestApp;
  beforeAll(async () => {
    [small, forgetful, whole] = await Promise.all([createTestApp(), createTestApp(), createTestApp()]);
    for (const app of [small, forgetful, whole]) await addMonthlyCampaigns(app, 'pages', now);
  });
  afterAll(async () => {
    await Promise.all([small.close(), forgetful.close(), whole.close()]);
  });

  it('stores the same outcomes, refunds and histories through pages of 7 rows, with or without room to hold card histories, as through one page', async () => {
    const merchants = await demoMerchants(small.db);
    const rows = [
      ...demoPublisherTransactions('ATR', 1200, { merchants, count: 1200, now, seed: 11, idPrefix: 'PAGES' }),
    ];
    // Every third refund does not name its original: found by card, amount and time instead.
    let refunds = 0;
    const file = rows.map((row) => {
      if (!row.original_transaction_id) return row;
      refunds += 1;
      return refunds % 3 === 0 ? { ...row, original_transaction_id: '' } : row;
    });
    expect(refunds).toBeGreaterThan(10);

    const results = [];
    for (const [app, pageSize, cardCacheLimits] of [
      [small, 7, undefined],
      [forgetful, 7, { maxCards: 3, maxEntries: 10 }],
      [whole, 100_000, undefined],
    ] as const) {
      const publisher = await app.db
        .selectFrom('publishers')
        .select(['id', 'code'])
        .where('code', '=', 'ATR')
        .executeTakeFirstOrThrow();
      const ingestion = createTransactionIngestion({
        db: app.db,
        transactions: createTransactionsRepository(app.db),
        timeZone: app.config.timezone,
        clock: () => now,
        pageSize,
        cardCacheLimits,
      });
      results.push(
        await ingestion.ingest(publisher, () => itemsOf(file), { partial: false, channel: 'api' }),
      );
    }
    expect(results[0]).toEqual(results[2]);
    expect(results[1]).toEqual(results[2]);
    expect(results[0]).toMatchObject({ received: 1200, inserted: 1200 });

    const [paged, forgot, single] = [
      await storedOutcomes(small, 'PAGES-'),
      await storedOutcomes(forgetful, 'PAGES-'),
      await storedOutcomes(whole, 'PAGES-'),
    ];
    expect(paged).toHaveLength(1200);
    expect(paged).toEqual(single);
    expect(forgot).toEqual(single);
    // The file does exercise what pages must carry: refunds of earlier pages, repeat customers.
    expect(paged.filter((row) => row.outcome === 'refund').length).toBeGreaterThan(5);
    expect(paged.filter((row) => Number(row.refunded_pence) > 0).length).toBeGreaterThan(5);
    expect(paged.filter((row) => row.customer_type === 'existing').length).toBeGreaterThan(50);
  });
});
