import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoMerchants,
  demoPublisherTransactions,
  type DemoTransactionRow,
} from '../../demo/demo-transactions.ts';
import {
  addMonthlyCampaigns,
  atrPublisher,
  midActivityAndRows,
  storeAndRows,
  storedOutcomes,
} from '../../test/ingestion-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTransactionIngestion, type IngestItem } from './ingestion.transactions.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import { createTransactionsRepository } from './transactions.repository.ts';

/**
 * Ingestion works a page of rows at a time, holding card histories and the purchases refunds may
 * name across pages while the previous page is still being written, and sums its share of the
 * reporting store as it goes, written every so often. Whatever the page size and however often the
 * sums are written, every stored row must come out the same (the same file through pages of 7 rows
 * and through one page), and the store must equal the stored rows summed.
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

  it('stores the same outcomes, refunds, histories and reporting store through pages of 7 rows, with or without room to hold card histories, as through one page', async () => {
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
    for (const [app, pageSize, cardCacheLimits, tallyLimits] of [
      // The store's sums written after nearly every page, and at the end.
      [small, 7, undefined, { cards: 5, cells: 3 }],
      [forgetful, 7, { maxCards: 3, maxEntries: 10 }, undefined],
      [whole, 100_000, undefined, undefined],
    ] as const) {
      const publisher = await atrPublisher(app);
      const ingestion = createTransactionIngestion({
        db: app.db,
        reporting: createReportingRepository(app.db),
        transactions: createTransactionsRepository(app.db),
        timeZone: app.config.timezone,
        clock: () => now,
        pageSize,
        cardCacheLimits,
        tallyLimits,
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

    for (const app of [small, forgetful, whole]) {
      const { store, fromRows } = await storeAndRows(app);
      expect(store).toEqual(fromRows);
      expect(store.filter((row) => Number(row.refunds) > 0).length).toBeGreaterThan(5);
      expect(store.filter((row) => Number(row.conversions) > 1).length).toBeGreaterThan(50);
      const mids = await midActivityAndRows(app);
      expect(mids.days).toEqual(mids.daysFromRows);
      expect(mids.hours).toEqual(mids.hoursFromRows);
      expect(mids.days.length).toBeGreaterThan(10);
    }
  }, 180_000);

  it('numbers a card once, densely, when it buys at two brands in one page and in pages in a row', async () => {
    const merchants = (await demoMerchants(small.db)).filter((merchant) => merchant.publisher === 'ATR');
    const [first, second] = [merchants[0]!, merchants.find((m) => m.brandId !== merchants[0]!.brandId)!];
    expect(second).toBeDefined();
    const start = Date.parse(`${new Date().getUTCFullYear() - 1}-06-01T10:00:00Z`);
    // Each card buys at one brand and then the other: in pages of 3, the pair inside a page or across two.
    const file = Array.from({ length: 24 }, (_, index) => {
      const merchant = index % 2 === 0 ? first : second;
      return {
        transaction_id: `SHARED-${index}`,
        datetime: new Date(start + index * 60_000).toISOString(),
        amount: '30.00',
        currency: 'GBP',
        mid: merchant.mid,
        card_token: `shared-card-${Math.floor(index / 2)}`,
        card_last4: '1234',
        postcode: '',
        publisher: 'ATR',
      };
    });
    const publisher = await atrPublisher(small);
    const ingestion = createTransactionIngestion({
      db: small.db,
      reporting: createReportingRepository(small.db),
      transactions: createTransactionsRepository(small.db),
      timeZone: small.config.timezone,
      clock: () => now,
      pageSize: 3,
    });
    await ingestion.ingest(publisher, () => itemsOf(file as DemoTransactionRow[]), {
      partial: false,
      channel: 'api',
    });

    const cards = await small.db.selectFrom('cards').select(['id', 'token']).orderBy('id').execute();
    expect(cards.map((card) => card.id)).toEqual(cards.map((_, index) => index + 1));
    expect(new Set(cards.map((card) => card.token)).size).toBe(cards.length);
    expect(cards.filter((card) => card.token.startsWith('shared-card-'))).toHaveLength(12);
    const { store, fromRows } = await storeAndRows(small);
    expect(store).toEqual(fromRows);
  });

  it('reads a stored purchase refunded again two pages after a refund whose change is still being written, with that change', async () => {
    const [merchant] = (await demoMerchants(small.db)).filter((m) => m.publisher === 'ATR');
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
    const row = (id: string, hoursAgo: number, amount: string, original = '') => ({
      transaction_id: id,
      datetime: at(hoursAgo),
      amount,
      currency: 'GBP',
      mid: merchant!.mid,
      card_token: 'twice-refunded-card',
      card_last4: '4321',
      postcode: '',
      publisher: 'ATR',
      original_transaction_id: original,
    });
    const publisher = await atrPublisher(small);
    const repository = createTransactionsRepository(small.db);
    const ingestion = (transactions: typeof repository) =>
      createTransactionIngestion({
        db: small.db,
        reporting: createReportingRepository(small.db),
        transactions,
        timeZone: small.config.timezone,
        clock: () => now,
        pageSize: 1,
      });
    const ingestFile = (transactions: typeof repository, rows: Record<string, string>[]) =>
      ingestion(transactions).ingest(publisher, () => itemsOf(rows as unknown as DemoTransactionRow[]), {
        partial: false,
        channel: 'api',
      });
    await ingestFile(repository, [row('TWICE-P', 50, '100.00')]);

    // Each page's COPY is answered late, so the next pages' look-ups are sent while the refund's
    // change to the stored purchase has not gone out yet.
    const late: typeof repository = {
      ...repository,
      async insertTransactions(trx, rows) {
        await repository.insertTransactions(trx, rows);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    await ingestFile(late, [
      row('TWICE-R1', 40, '-30.00', 'TWICE-P'),
      row('TWICE-X', 39, '10.00'),
      row('TWICE-R2', 30, '-30.00', 'TWICE-P'),
    ]);

    const stored = await storedOutcomes(small, 'TWICE-');
    const byId = new Map(stored.map((r) => [r.publisher_transaction_id, r]));
    expect(Number(byId.get('TWICE-P')!.refunded_pence)).toBe(6000);
    expect(byId.get('TWICE-R2')).toMatchObject({ outcome: 'refund', original: 'TWICE-P' });
    // Each refund reverses the 10% cashback on its £30: the second one reads the first.
    expect(byId.get('TWICE-R1')!.cashback_pence).toEqual(byId.get('TWICE-R2')!.cashback_pence);
  });
});
