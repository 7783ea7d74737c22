import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMerchants, demoPublisherTransactions } from '../../demo/demo-transactions.ts';
import { atrPublisher } from '../../test/ingestion-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTransactionIngestion, type IngestItem } from '../ingestion/ingestion.transactions.ts';
import { createTransactionsRepository } from '../ingestion/transactions.repository.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import { insertEndpoint } from './webhooks.fixtures.ts';
import { createWebhookEvents } from './webhooks.events.ts';

/**
 * A slow or dead receiver never slows ingestion (docs/decisions/0097): an upload of 10,000 rows
 * adds one job row for the webhooks, whatever its size and whoever listens, and takes about as long
 * as the same upload without webhooks. The job then makes one event a row an endpoint wants.
 */
const rowsPerFile = 10_000;
const now = new Date();

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp?.close();
});

async function* itemsOf(rows: Record<string, string | undefined>[]): AsyncGenerator<IngestItem[]> {
  for (let start = 0; start < rows.length; start += 500) {
    yield rows.slice(start, start + 500).map((fields, index) => ({ line: start + index + 2, fields }));
  }
}

describe('an upload with webhook endpoints listening', () => {
  it('adds one job row, no event and no delivery, and is not materially slower', async () => {
    const publisher = await atrPublisher(testApp);
    await insertEndpoint(testApp.db, { publisherId: publisher.id });
    await sql`UPDATE webhook_endpoints SET events = ARRAY['transaction.qualified', 'transaction.not_qualified',
      'transaction.refunded']`.execute(testApp.db);
    const merchants = await demoMerchants(testApp.db);
    const fileOf = (idPrefix: string) => [
      ...demoPublisherTransactions('ATR', rowsPerFile, {
        merchants,
        count: rowsPerFile,
        now,
        seed: 7,
        idPrefix,
      }),
    ];
    const events = createWebhookEvents({ db: testApp.db, jobs: testApp.app.services.jobs });
    const ingestionWith = (onStored?: typeof events.transactionsUploaded) =>
      createTransactionIngestion({
        db: testApp.db,
        transactions: createTransactionsRepository(testApp.db),
        reporting: createReportingRepository(testApp.db),
        timeZone: testApp.config.timezone,
        clock: () => now,
        onStored,
      });
    const timed = async (ingestion: ReturnType<typeof ingestionWith>, rows: ReturnType<typeof fileOf>) => {
      const started = performance.now();
      const result = await ingestion.ingest(publisher, () => itemsOf(rows), {
        partial: true,
        channel: 'api',
      });
      return { ms: performance.now() - started, inserted: result.inserted };
    };
    const counts = async () => {
      const { rows } = await sql<{ jobs: number; events: number; deliveries: number }>`
        SELECT (SELECT count(*)::int FROM jobs WHERE kind = 'webhooks.transactionEvents') AS jobs,
          (SELECT count(*)::int FROM webhook_events) AS events,
          (SELECT count(*)::int FROM webhook_deliveries) AS deliveries`.execute(testApp.db);
      return rows[0]!;
    };

    // A warm-up file first, so that neither measured run pays for the first page's look-ups.
    await timed(ingestionWith(), fileOf('WARM'));
    const without = await timed(ingestionWith(), fileOf('PLAIN'));
    const before = await counts();
    let uploadLog = '';
    const withWebhooks = await timed(
      ingestionWith(async (trx, logId) => {
        uploadLog = logId;
        await events.transactionsUploaded(trx, logId);
      }),
      fileOf('HOOKED'),
    );
    const after = await counts();

    expect(withWebhooks.inserted).toBeGreaterThan(rowsPerFile * 0.9);
    expect(after).toEqual({ jobs: before.jobs + 1, events: before.events, deliveries: before.deliveries });
    // One insert more per upload: within noise of the same upload without it (timings vary on a
    // shared machine, hence the generous bound; the row counts above are the exact proof).
    console.info(
      `10,000-row upload: ${Math.round(without.ms)} ms without webhooks, ${Math.round(withWebhooks.ms)} ms with`,
    );
    expect(withWebhooks.ms).toBeLessThan(without.ms * 1.5 + 500);

    const made = await events.fanOutUpload(uploadLog, 'live');
    expect(made).toBe(withWebhooks.inserted);
    expect((await counts()).events).toBe(before.events + withWebhooks.inserted);
  }, 600_000);
});
