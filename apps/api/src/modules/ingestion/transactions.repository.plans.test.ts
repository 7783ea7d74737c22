import { sql, type CompiledQuery, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database.generated.ts';
import { demoMerchants, demoPublisherTransactions } from '../../demo/demo-transactions.ts';
import { atrPublisher } from '../../test/ingestion-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTransactionIngestion, type IngestItem } from './ingestion.transactions.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import { createTransactionsRepository } from './transactions.repository.ts';

/**
 * Mid-upload, the planner's statistics count none of the rows the upload has stored so far (they
 * are neither committed nor analysed). The lookups ingestion makes for every page must stay index
 * probes then: planned as joins, they were a scan of every stored transaction per page (docs/
 * decisions.md 'Performance'). Each lookup is run after 20,000 rows were stored in the same
 * transaction, on statistics of the demo data, and its plan must not scan `transactions` or
 * `cards` (whose numbers the upload gave are not counted either).
 */
const rowsStored = 20_000;

/** `trx`, noting every statement sent through it, compiled (a plugin sees each one on its way). */
function recording(trx: Transaction<DB>, sent: CompiledQuery[]): Transaction<DB> {
  const executor = trx.getExecutor();
  return trx.withPlugin({
    transformQuery({ node, queryId }) {
      sent.push(executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
}

/**
 * The scans of `transactions` or `cards` in the statement's plan that are not probes for the items
 * looked up: a sequential scan, or an index scan whose condition names no card, transaction id or
 * id (such as a bitmap of all the publisher's rows).
 */
async function scansOfStoredRows(trx: Transaction<DB>, query: CompiledQuery): Promise<string[]> {
  const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>({
    ...query,
    sql: `EXPLAIN (FORMAT JSON) ${query.sql}`,
  });
  const plan = rows[0]!['QUERY PLAN'];
  const scans: string[] = [];
  const visit = (node: Record<string, unknown>) => {
    const type = String(node['Node Type']);
    const relation = node['Relation Name'];
    if (type === 'Seq Scan' && (relation === 'transactions' || relation === 'cards')) {
      scans.push(`${type} ${relation}`);
    }
    const index = node['Index Name'];
    if (typeof index === 'string' && /^(transactions|cards)_/.test(index)) {
      const condition = String(node['Index Cond'] ?? '');
      if (!/card_id|publisher_transaction_id|\bid\b|token/.test(condition))
        scans.push(`${type} ${condition}`);
    }
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[];
  visit(parsed[0]!.Plan);
  return scans;
}

/** The demo generator's rows for ATR, as a file of `count` rows. */
async function demoFile(app: TestApp, count: number, seed: number, idPrefix: string) {
  const merchants = await demoMerchants(app.db);
  return [...demoPublisherTransactions('ATR', count, { merchants, count, now: new Date(), seed, idPrefix })];
}

/** Ingests the rows as the publisher's upload inside `trx`, which the test goes on reading. */
async function ingestInside(
  app: TestApp,
  trx: Transaction<DB>,
  publisher: { id: string; code: string },
  rows: Awaited<ReturnType<typeof demoFile>>,
) {
  const ingestion = createTransactionIngestion({
    db: app.db,
    reporting: createReportingRepository(app.db),
    transactions: createTransactionsRepository(app.db),
    timeZone: 'Europe/London',
    clock: () => new Date(),
  });
  async function* items(): AsyncGenerator<IngestItem[]> {
    yield rows.map((fields, index) => ({ line: index + 2, fields }));
  }
  await ingestion.ingest(publisher, items, { partial: false, channel: 'api', trx });
}

describe('ingestion lookups mid-upload', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("read card histories and numbers, refunds' named originals and refunded amounts by index, whatever the statistics say", async () => {
    const repo = createTransactionsRepository(app.db);
    const reporting = createReportingRepository(app.db);
    const publisher = await atrPublisher(app);
    await sql`ANALYZE transactions`.execute(app.db);
    await sql`ANALYZE cards`.execute(app.db);
    const rows = await demoFile(app, rowsStored, 3, 'PLANS');

    const scans = await app.db.transaction().execute(async (trx) => {
      await ingestInside(app, trx, publisher, rows);
      const { rows: stored } = await sql<{
        id: string;
        brand_id: string;
        card_token: string;
        card_id: number;
        tid: string;
      }>`
        SELECT id, brand_id, card_token, card_id, publisher_transaction_id AS tid FROM transactions
        WHERE publisher_transaction_id LIKE 'PLANS%' AND amount_pence > 0 AND brand_id IS NOT NULL
        ORDER BY publisher_transaction_id LIMIT 1000`.execute(trx);
      expect(stored).toHaveLength(1000);

      const sent: CompiledQuery[] = [];
      const spied = recording(trx, sent);
      await repo.cardPurchases(
        spied,
        stored.map((row) => ({ brandId: row.brand_id, cardNumber: row.card_id })),
        new Date(),
      );
      await repo.purchasesByIds(
        spied,
        publisher.id,
        stored.map((row) => row.tid),
      );
      await reporting.cardNumbers(
        spied,
        stored.map((row) => row.card_token),
      );
      // A page refunds a few purchases stored before it (a thousand would rightly be a scan here).
      await repo.setRefunded(
        spied,
        stored.slice(0, 20).map((row) => ({ id: row.id, refundedPence: 0 })),
      );
      expect(sent).toHaveLength(4);
      return Promise.all(sent.map((query) => scansOfStoredRows(trx, query)));
    });
    expect(scans).toEqual([[], [], [], []]);
  });

  it('updates what refunds took back of purchases stored before in place: a HOT update, no index entry added (0029)', async () => {
    const repo = createTransactionsRepository(app.db);
    const publisher = await atrPublisher(app);
    const rows = await demoFile(app, 2000, 4, 'HOT');
    const counts = await app.db.transaction().execute(async (trx) => {
      await ingestInside(app, trx, publisher, rows);
      // One purchase a table page, on pages no refund in the file changed: a page COPY filled as
      // far as fillfactor lets it, whose free tenth is what a HOT update needs. (A page the upload's
      // own refunds already updated may be full, and a full page rightly makes an update non-HOT:
      // which pages those are changes with the demo file's dates.)
      const { rows: stored } = await sql<{ id: string }>`
        SELECT DISTINCT ON (page) id FROM (
          SELECT id, publisher_transaction_id, amount_pence, (ctid::text::point)[0] AS page,
            bool_and(refunded_pence = 0) OVER (PARTITION BY (ctid::text::point)[0]) AS untouched
          FROM transactions) heap
        WHERE untouched AND amount_pence > 0 AND publisher_transaction_id LIKE 'HOT%'
        ORDER BY page, publisher_transaction_id`.execute(trx);
      expect(stored.length).toBeGreaterThanOrEqual(20);
      const counted = () =>
        sql<{ updated: number; hot: number }>`
          SELECT pg_stat_get_xact_tuples_updated('transactions'::regclass)::int AS updated,
            pg_stat_get_xact_tuples_hot_updated('transactions'::regclass)::int AS hot`
          .execute(trx)
          .then((result) => result.rows[0]!);
      const before = await counted();
      await repo.setRefunded(
        trx,
        stored.map((row, index) => ({ id: row.id, refundedPence: index + 1 })),
      );
      const after = await counted();
      return { pages: stored.length, updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(counts.updated).toBe(counts.pages);
    expect(counts.hot).toBe(counts.updated);
  });
});
