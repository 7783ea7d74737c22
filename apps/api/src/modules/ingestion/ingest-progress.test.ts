import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { atrPublisher } from '../../test/ingestion-fixtures.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../test/test-app.ts';
import { createReportingRepository } from '../reporting/reporting.repository.ts';
import {
  createTransactionIngestion,
  type IngestItem,
  type IngestProgress,
} from './ingestion.transactions.ts';
import { createTransactionsRepository } from './transactions.repository.ts';

/**
 * An upload's progress (docs/decisions.md 'Progress of uploads and exports'): the ingestion tells
 * how far it is before each page and stops when the uploader cancels, storing nothing; the console
 * upload answers in lines when asked (Accept: application/x-ndjson).
 */
const now = new Date();
const header = 'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';

/** A publisher's row at an unknown MID (stored, unmatched), `hoursAgo` before now. */
const row = (id: string, hoursAgo: number, publisher = 'ATR') => ({
  transaction_id: id,
  datetime: new Date(now.getTime() - hoursAgo * 3_600_000).toISOString(),
  amount: '10.00',
  currency: 'GBP',
  mid: 'PROGRESS-NO-SUCH-MID',
  card_token: `progress-card-${id}`,
  card_last4: '1234',
  postcode: '',
  publisher,
});

async function* itemsOf(rows: Record<string, string>[]): AsyncGenerator<IngestItem[]> {
  yield rows.map((fields, index) => ({ line: index + 2, fields }));
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

const storedCount = async (prefix: string) =>
  (
    await testApp.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('publisher_transaction_id', 'like', `${prefix}%`)
      .executeTakeFirstOrThrow()
  ).count;

const ingestionOf = () =>
  createTransactionIngestion({
    db: testApp.db,
    reporting: createReportingRepository(testApp.db),
    transactions: createTransactionsRepository(testApp.db),
    timeZone: testApp.config.timezone,
    clock: () => now,
    pageSize: 3,
  });

describe('an ingestion with progress', () => {
  it('tells the rows read and qualified before each page', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => row(`PROGRESS-A-${index}`, 10 - index));
    const told: IngestProgress[] = [];
    const result = await ingestionOf().ingest(await atrPublisher(testApp), () => itemsOf(rows), {
      partial: false,
      channel: 'api',
      progress: { signal: new AbortController().signal, onPage: (progress) => told.push(progress) },
    });
    expect(result.inserted).toBe(7);
    // Pages of 3: before the first nothing is qualified; the rows read run ahead of those qualified.
    expect(told.map((progress) => progress.rowsQualified)).toEqual([0, 3, 6, 7]);
    for (const progress of told) expect(progress.rowsRead).toBeGreaterThanOrEqual(progress.rowsQualified);
    expect(told.at(-1)!.rowsRead).toBe(7);
  });

  it('stores nothing, not even its ingestion log, when cancelled after pages were written', async () => {
    const rows = Array.from({ length: 9 }, (_, index) => row(`PROGRESS-B-${index}`, 20 - index));
    const logsBefore = await testApp.db
      .selectFrom('ingestion_logs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const cancel = new AbortController();
    const ingest = ingestionOf().ingest(await atrPublisher(testApp), () => itemsOf(rows), {
      partial: false,
      channel: 'api',
      progress: {
        signal: cancel.signal,
        // The uploader cancels once two pages are qualified (and written).
        onPage: (progress) => {
          if (progress.rowsQualified >= 6) cancel.abort();
        },
      },
    });
    await expect(ingest).rejects.toMatchObject({ name: 'AbortError' });
    expect(await storedCount('PROGRESS-B-')).toBe(0);
    const logsAfter = await testApp.db
      .selectFrom('ingestion_logs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(logsAfter.count).toBe(logsBefore.count);
  });
});

describe('POST /api/ingestionLogs/upload in lines', () => {
  const upload = async (lines: string[], accept: string) => {
    const { token } = await loginAs(testApp.app, 'admin@demo.test');
    const atr = await atrPublisher(testApp);
    return call(testApp.app, {
      method: 'POST',
      url: `/api/ingestionLogs/upload?publisher=${atr.id}&fileName=atr.csv`,
      token,
      headers: { 'content-type': 'text/csv', accept },
      body: [header, ...lines].join('\n'),
    });
  };
  const csvRow = (fields: Record<string, string>) => Object.values(fields).join(',');
  const linesOf = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('sends progress lines, then the answer the JSON route gives', async () => {
    const response = await upload(
      [csvRow(row('PROGRESS-C-1', 5)), csvRow(row('PROGRESS-C-2', 4))],
      'application/x-ndjson',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = linesOf(response.body);
    expect(lines[0]).toEqual({ progress: { rowsRead: 0, rowsQualified: 0 } });
    expect(lines.at(-1)).toEqual({
      status: 200,
      answer: {
        respCode: 200,
        respMessage: messages.ingestion.uploaded,
        received: 2,
        inserted: 2,
        duplicates: 0,
        unmatched: 2,
        rejected: 0,
        errors: [],
      },
    });
    expect(await storedCount('PROGRESS-C-')).toBe(2);
  });

  it('ends with the 400 refusal and its lines when a row is bad, storing nothing', async () => {
    const response = await upload(
      [csvRow(row('PROGRESS-D-1', 5)), csvRow({ ...row('PROGRESS-D-2', 4), amount: 'ten' })],
      'application/x-ndjson',
    );
    const last = linesOf(response.body).at(-1) as { status: number; answer: { errors: { line: number }[] } };
    expect(last.status).toBe(400);
    expect(last.answer.errors.map((error) => error.line)).toEqual([3]);
    expect(await storedCount('PROGRESS-D-')).toBe(0);
  });

  it('answers JSON as before to a caller that does not ask for lines', async () => {
    const response = await upload([csvRow(row('PROGRESS-E-1', 5))], 'application/json');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ respCode: 200, inserted: 1 });
  });
});
