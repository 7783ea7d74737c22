import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import {
  demoMerchants,
  demoPublisherTransactions,
  type DemoTransactionRow,
} from '../../demo/demo-transactions.ts';
import { addMonthlyCampaigns, atrPublisher, storedOutcomes } from '../../test/ingestion-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createTransactionIngestion,
  IngestRefused,
  type IngestItem,
  type IngestResult,
} from './ingestion.transactions.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import { createTransactionsRepository } from './transactions.repository.ts';

/**
 * A file goes one of two ways (ingestion.transactions.ts): qualified as it is read when it is in
 * time order page by page, or staged whole and read back in time order. Both must store exactly
 * the same; a file that turns out to need staging part-way must leave nothing of the first way.
 */
const now = new Date();
const pageSize = 50;

type Fields = Partial<DemoTransactionRow> & Record<string, string | undefined>;

/** The rows as the CSV reader gives them (the header is line 1), in pieces of 7. */
async function* itemsOf(rows: Fields[]): AsyncGenerator<IngestItem[]> {
  for (let start = 0; start < rows.length; start += 7) {
    yield rows.slice(start, start + 7).map((fields, index) => ({ line: start + index + 2, fields }));
  }
}

/** Ingests through a repository that counts how often a staging table is made. */
async function ingest(app: TestApp, rows: Fields[], partial = false) {
  const repository = createTransactionsRepository(app.db);
  let stagings = 0;
  const publisher = await atrPublisher(app);
  const ingestion = createTransactionIngestion({
    db: app.db,
    reporting: createReportingRepository(app.db),
    transactions: {
      ...repository,
      createStaging: (trx) => {
        stagings += 1;
        return repository.createStaging(trx);
      },
    },
    timeZone: app.config.timezone,
    clock: () => now,
    pageSize,
  });
  let result: IngestResult;
  try {
    result = await ingestion.ingest(publisher, () => itemsOf(rows), { partial, channel: 'api' });
  } catch (error) {
    if (!(error instanceof IngestRefused)) throw error;
    return { refused: error.result, stagings };
  }
  return { result, stagings };
}

async function logCount(app: TestApp) {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ingestion_logs`.execute(app.db);
  return rows[0]!.n;
}

/** A plain purchase at a MID no branch has (stored, unmatched), `minutes` into 1 June 2026. */
const purchase = (id: string, minutes: number): Fields => ({
  transaction_id: id,
  datetime: new Date(Date.UTC(2026, 5, 1, 9, minutes)).toISOString(),
  amount: '12.50',
  currency: 'GBP',
  mid: 'ORDER-MID-1',
  card_token: `card-${minutes % 17}`,
  card_last4: '4242',
  postcode: 'E1 6AN',
  publisher: 'ATR',
});

describe('ingestion in file order and through staging', () => {
  let ordered: TestApp;
  let staged: TestApp;
  let shuffled: TestApp;
  beforeAll(async () => {
    [ordered, staged, shuffled] = await Promise.all([createTestApp(), createTestApp(), createTestApp()]);
    for (const app of [ordered, staged, shuffled]) await addMonthlyCampaigns(app, 'order', now);
  });
  afterAll(async () => {
    await Promise.all([ordered.close(), staged.close(), shuffled.close()]);
  });

  it('stores the same outcomes whether the file is in order, in order page by page, or in no order', async () => {
    const merchants = await demoMerchants(ordered.db);
    // One row an instant, so that time order alone decides the order rows are qualified in.
    const seen = new Set<string>();
    const kept = new Set<string>();
    const file: Fields[] = [];
    for (const row of demoPublisherTransactions('ATR', 1200, {
      merchants,
      count: 1200,
      now,
      seed: 23,
      idPrefix: 'ORDER',
    })) {
      if (seen.has(row.datetime)) continue;
      if (row.original_transaction_id && !kept.has(row.original_transaction_id)) continue;
      seen.add(row.datetime);
      kept.add(row.transaction_id);
      file.push(row);
    }
    // Each pair of rows swapped: out of order within pages of 50, in order page by page.
    const pairsSwapped = file.map(
      (_, index) => file[index % 2 === 0 ? index + 1 : index - 1] ?? file[index]!,
    );
    const reversed = [...file].reverse();

    const first = await ingest(ordered, file);
    const second = await ingest(shuffled, pairsSwapped);
    const third = await ingest(staged, reversed);
    expect(first).toEqual({ result: expect.objectContaining({ inserted: file.length }), stagings: 0 });
    expect(second).toEqual({ result: first.result, stagings: 0 });
    expect(third).toEqual({ result: first.result, stagings: 1 });

    const stored = await storedOutcomes(ordered, 'ORDER');
    expect(stored).toHaveLength(file.length);
    expect(await storedOutcomes(shuffled, 'ORDER')).toEqual(stored);
    expect(await storedOutcomes(staged, 'ORDER')).toEqual(stored);
    // The file does exercise what order decides: refunds, repeat customers.
    expect(stored.filter((row) => row.outcome === 'refund').length).toBeGreaterThan(5);
    expect(stored.filter((row) => row.customer_type === 'existing').length).toBeGreaterThan(50);
  });

  it('goes through staging when a transaction id is already stored, leaving nothing of the first way', async () => {
    const logs = await logCount(ordered);
    const rows = Array.from({ length: 180 }, (_, index) => purchase(`AGAIN-${index}`, index));
    expect((await ingest(ordered, rows.slice(150))).stagings).toBe(0);

    // Three pages are written before the fourth holds the ids already stored.
    const again = await ingest(ordered, rows);
    expect(again).toEqual({
      result: { received: 180, inserted: 150, duplicates: 30, unmatched: 150, rejected: 0, errors: [] },
      stagings: 1,
    });
    expect(await storedOutcomes(ordered, 'AGAIN-')).toHaveLength(180);
    expect(await logCount(ordered)).toBe(logs + 2);
  });

  it('names the first line of a transaction id the file repeats, storing nothing unless partial', async () => {
    const logs = await logCount(ordered);
    const rows = Array.from({ length: 120 }, (_, index) => purchase(`REPEAT-${index}`, index));
    rows[110] = { ...rows[110]!, transaction_id: 'REPEAT-3' };

    const refused = await ingest(ordered, rows);
    expect(refused).toEqual({
      refused: expect.objectContaining({
        rejected: 1,
        errors: [{ line: 112, message: messages.ingestion.transactionIdRepeated(5) }],
      }),
      stagings: 1,
    });
    expect(await storedOutcomes(ordered, 'REPEAT-')).toHaveLength(0);
    expect(await logCount(ordered)).toBe(logs);

    const partial = await ingest(ordered, rows, true);
    expect(partial.result).toMatchObject({ received: 120, inserted: 119, rejected: 1 });
    expect(await storedOutcomes(ordered, 'REPEAT-')).toHaveLength(119);
  });

  it('refuses a file with a bad row after pages were written, storing nothing; with partial it stays in file order', async () => {
    const logs = await logCount(ordered);
    const rows = Array.from({ length: 130 }, (_, index) => purchase(`BAD-${index}`, index));
    rows[120] = { ...rows[120]!, amount: 'twelve' };

    const refused = await ingest(ordered, rows);
    expect(refused).toEqual({
      refused: expect.objectContaining({
        rejected: 1,
        errors: [{ line: 122, message: messages.ingestion.amountInvalid }],
      }),
      stagings: 1,
    });
    expect(await storedOutcomes(ordered, 'BAD-')).toHaveLength(0);
    expect(await logCount(ordered)).toBe(logs);

    const partial = await ingest(ordered, rows, true);
    expect(partial).toEqual({
      result: {
        received: 130,
        inserted: 129,
        duplicates: 0,
        unmatched: 129,
        rejected: 1,
        errors: [{ line: 122, message: messages.ingestion.amountInvalid }],
      },
      stagings: 0,
    });
  });
});
