import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import { createDocsTransactions } from './docs-transactions.ts';
import { createTransactionIngestion } from './ingestion.transactions.ts';
import { createTransactionsRepository } from './transactions.repository.ts';

/**
 * The transactions file of the campaign overview's docs upload (overview.routes): one file naming
 * any of the publishers, read into each publisher's rows, then run through that publisher's
 * ingestion inside the upload's database transaction, refusals answered as errors.
 */
const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';
const line = (id: string, datetime: string, publisher: string, amount = '12.50') =>
  `${id},${datetime},${amount},GBP,99999901,tok_${id},4242,LS1 1AB,${publisher}`;
const file = (...lines: string[]) => Buffer.from([header, ...lines].join('\n'));

describe('docs transactions: an overview upload’s transactions file', () => {
  let test: TestApp;
  let docs: ReturnType<typeof createDocsTransactions>;
  beforeAll(async () => {
    test = await createTestApp();
    const transactions = createTransactionsRepository(test.db);
    const ingestion = createTransactionIngestion({
      db: test.db,
      transactions,
      reporting: createReportingRepository(test.db),
      timeZone: test.config.timezone,
      clock: () => new Date(),
    });
    docs = createDocsTransactions({ transactions, ingestion });
  });
  afterAll(() => test.close());

  it('groups the rows by publisher, whatever the case of its code, and names the first and last months', async () => {
    const read = await docs.read(
      file(
        line('D1', '2026-09-03T10:00:00Z', 'ATR'),
        line('D2', '2026-07-30T10:00:00Z', ' atr '),
        line('D3', '2026-10-01T09:00:00Z', 'lux'),
      ),
    );

    expect(read.errors).toEqual([]);
    expect(read.publishers).toBe(2);
    expect(
      [...read.rows].map(([publisher, items]) => [publisher.code, items.map((item) => item.line)]),
    ).toEqual([
      ['ATR', [2, 3]],
      ['LUX', [4]],
    ]);
    expect([read.firstMonth, read.lastMonth]).toEqual(['2026-07', '2026-10']);
  });

  it('lists each line of an unknown publisher, or of none, and stores nothing for them', async () => {
    const read = await docs.read(
      file(
        line('U1', '2026-09-03T10:00:00Z', 'NOPE'),
        line('U2', '2026-09-03T11:00:00Z', ''),
        line('U3', '2026-09-03T12:00:00Z', 'ATR'),
      ),
    );

    expect(read.errors).toEqual([
      { line: 2, message: messages.overview.impressionsPublisherUnknown('nope') },
      { line: 3, message: messages.ingestion.publisherRequired },
    ]);
    expect([...read.rows.keys()].map((publisher) => publisher.code)).toEqual(['ATR']);
  });

  it('says an empty file is empty', async () => {
    const read = await docs.read(Buffer.from(`${header}\n`));

    expect(read.errors).toEqual([{ line: 1, message: messages.overview.fileEmpty }]);
    expect(read.publishers).toBe(0);
  });

  it("ingests each publisher's rows in the upload's transaction and answers a refused publisher's rows as errors", async () => {
    const read = await docs.read(
      file(
        line('I1', '2026-09-03T10:00:00Z', 'ATR'),
        line('I2', '2026-09-03T11:00:00Z', 'ATR'),
        line('I3', '2026-09-03T12:00:00Z', 'LUX', 'twelve'),
      ),
    );
    const user = await test.db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();

    const answer = await test.db
      .transaction()
      .execute((trx) => docs.ingest(trx, read, { fileName: 'docs.csv', userId: user.id }));

    expect(answer.counts).toEqual({ received: 2, inserted: 2, duplicates: 0, unmatched: 2, rejected: 0 });
    expect(answer.errors.map((error) => error.line)).toEqual([4]);
    const { rows } = await sql<{ publisher_transaction_id: string }>`
      SELECT publisher_transaction_id FROM transactions
      WHERE publisher_transaction_id IN ('I1', 'I2', 'I3') ORDER BY 1`.execute(test.db);
    expect(rows.map((row) => row.publisher_transaction_id)).toEqual(['I1', 'I2']);
  });
});
