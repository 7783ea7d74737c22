import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoMerchants,
  demoPublisherTransactions,
  type DemoTransactionRow,
} from '../../demo/demo-transactions.ts';
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

async function storedRows(app: TestApp) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT t.publisher_transaction_id, t.outcome, t.reason, c.name AS campaign, t.cashback_pence,
      t.success_fee_pence, t.customer_type, t.refunded_pence, o.publisher_transaction_id AS original
    FROM transactions t LEFT JOIN transactions o ON o.id = t.original_transaction_id
    LEFT JOIN campaigns c ON c.id = t.campaign_id
    WHERE t.publisher_transaction_id LIKE 'PAGES-%'
    ORDER BY t.publisher_transaction_id`.execute(app.db);
  return rows;
}

describe('ingestion pages', () => {
  let small: TestApp;
  let forgetful: TestApp;
  let whole: TestApp;
  beforeAll(async () => {
    [small, forgetful, whole] = await Promise.all([createTestApp(), createTestApp(), createTestApp()]);
    // Every brand with a deal runs a 10% campaign every month of the file's year, every day and hour.
    for (const app of [small, forgetful, whole]) {
      await sql`
        INSERT INTO campaigns (brand_id, name, status, customer_type, discount_type, discount_percent,
          success_fee, week_days, start_date, opening_time, closing_time, all_branches)
        SELECT b.id, b.name || ' pages ' || to_char(m, 'YYYY-MM'), 'Active', 'all', 'dp', 10, 10,
          '["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"]'::jsonb, m::date, m,
          m + interval '1 month' - interval '1 millisecond', true
        FROM brands b
        CROSS JOIN generate_series(date_trunc('month', ${now}::timestamptz - interval '13 months'),
          date_trunc('month', ${now}::timestamptz), interval '1 month') AS m
        WHERE EXISTS (SELECT 1 FROM distributor_deals d WHERE d.brand_id = b.id)`.execute(app.db);
    }
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
      await storedRows(small),
      await storedRows(forgetful),
      await storedRows(whole),
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
