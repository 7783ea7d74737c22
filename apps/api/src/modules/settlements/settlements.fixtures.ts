import { expect } from 'vitest';
import { call, type App } from '../../test/test-app.ts';

/** Fixtures of the settlement files' tests: ATR's transactions as a CSV upload, a file read back. */

const transactionsHeader =
  'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher';

/** Uploads these CSV rows (the transactions file's columns) with ATR's demo key. */
export async function ingestAtrRows(app: App, ...rows: string[]) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/transactions/ingest',
    headers: { 'content-type': 'text/csv', 'x-api-key': 'demo-atr-key' },
    body: [transactionsHeader, ...rows].join('\n'),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A settlement file's lines as objects keyed by its header's names (no value holds a comma). */
export function settlementRecords(content: string): Record<string, string>[] {
  const [head, ...lines] = content.trimEnd().split('\n');
  const names = head!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i]!, value])));
}
