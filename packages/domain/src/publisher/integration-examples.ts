import { qualificationMessage } from '../qualification/cap-reasons.rules.ts';

/**
 * The code the Publisher integration page shows (decision 0101): requests against this deployment
 * and a receiver's signature check. Code, not texts: the words around it are in the message
 * catalogue (messages.publisherIntegration). The verification snippet is run by a test against the
 * API's own signer (apps/api/src/modules/webhooks/webhook-signature.snippet.test.ts), so what
 * publishers copy verifies what Krowd sends (decision 0098).
 */

/** GET publisher/offers: the first page, headers shown (the ETag is among them). */
export function offersFirstPageExample(origin: string): string {
  return [`curl -i "${origin}/api/publisher/offers?limit=50" \\`, '  -H "X-Api-Key: $KROWD_API_KEY"'].join(
    '\n',
  );
}

/** The next page of offers changed since a time, answered 304 when it has not changed. */
export function offersNextPageExample(origin: string): string {
  return [
    `curl -i "${origin}/api/publisher/offers?limit=50&cursor=NEXT_CURSOR&updated_since=2026-12-01T00:00:00Z" \\`,
    '  -H "X-Api-Key: $KROWD_API_KEY" \\',
    `  -H 'If-None-Match: "ETAG_OF_THE_LAST_ANSWER"'`,
  ].join('\n');
}

/** POST publisher/test-transactions with a test key: one purchase through the real engine. */
export function testTransactionExample(origin: string): string {
  const body = {
    transaction_id: 'test-0001',
    datetime: '2026-12-07T12:30:00+00:00',
    amount: '25.00',
    currency: 'GBP',
    mid: '4410137',
    card_token: 'tok_test_card_1',
    card_last4: '4242',
  };
  return [
    `curl -X POST "${origin}/api/publisher/test-transactions" \\`,
    '  -H "X-Api-Key: $KROWD_TEST_API_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '${JSON.stringify(body)}'`,
  ].join('\n');
}

/** A live key's call to one step of the single-transaction API (decision 0109). */
function liveStepExample(origin: string, step: string, body: Record<string, string>, key: string): string {
  return [
    `curl -X POST "${origin}/api/publisher/transactions/${step}" \\`,
    '  -H "X-Api-Key: $KROWD_LIVE_API_KEY" \\',
    `  -H "Idempotency-Key: ${key}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '${JSON.stringify(body)}'`,
  ].join('\n');
}

/** POST publisher/transactions/cleared: one purchase cleared, qualified as a file row. */
export function clearedTransactionExample(origin: string): string {
  return liveStepExample(
    origin,
    'cleared',
    {
      transaction_id: 'txn-0001',
      datetime: '2026-12-07T12:30:00+00:00',
      amount: '25.00',
      currency: 'GBP',
      mid: '4410137',
      card_token: 'tok_card_1',
      card_last4: '4242',
    },
    'clear-txn-0001',
  );
}

/** POST publisher/transactions/refunded: a partial refund naming its original. */
export function refundedTransactionExample(origin: string): string {
  return liveStepExample(
    origin,
    'refunded',
    {
      transaction_id: 'txn-0001-r1',
      original_transaction_id: 'txn-0001',
      datetime: '2026-12-09T09:00:00+00:00',
      amount: '10.00',
    },
    'refund-txn-0001-r1',
  );
}

/** An event's body as an endpoint receives it (decision 0097). */
export const eventBodyExample = JSON.stringify(
  {
    id: '0f9e8f4c-4a5d-4d3b-9a43-2f1f5d0b7c21',
    type: 'transaction.qualified',
    created: '2026-12-07T12:30:01.000Z',
    livemode: false,
    data: {
      id: '7d1c2b9a-55e0-4c8e-b3f4-96a0d2e1c3f8',
      transactionId: 'test-0001',
      datetime: '2026-12-07T12:30:00+00:00',
      amountPence: 6000,
      mid: '4410137',
      cardLast4: '4242',
      campaignId: 'c3a4e5f6-0718-4293-a4b5-c6d7e8f90a1b',
      brandId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      cashbackPence: 400,
      reasonCode: null,
      reason: null,
      cappedReasonCode: 'cappedCashbackPerTransaction',
      cappedReason: qualificationMessage('cappedCashbackPerTransaction', { limit: 400, interval: null }),
      reasonParams: { limit: 400, interval: null },
    },
  },
  null,
  2,
);

/**
 * A receiver's check of Krowd-Signature and a small receiver with it, in TypeScript for Node.js 20+.
 * The exports' names are what the snippet's test calls.
 */
export const verifySignatureSnippet = [
  "import { createHmac, timingSafeEqual } from 'node:crypto';",
  "import { createServer } from 'node:http';",
  '',
  '/** True when `header` (Krowd-Signature) signs `rawBody` with `secret` within the replay window. */',
  'export function verifyKrowdSignature(',
  '  rawBody: string | Buffer,',
  '  header: string,',
  '  secret: string,',
  '  nowSeconds = Math.floor(Date.now() / 1000),',
  '  toleranceSeconds = 300,',
  '): boolean {',
  "  const parts = header.split(',').map((part) => part.trim().split('='));",
  "  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);",
  '  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;',
  "  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();",
  '  return parts.some(',
  '    ([key, value]) =>',
  "      key === 'v1' &&",
  "      /^[0-9a-f]{64}$/.test(value ?? '') &&",
  "      timingSafeEqual(expected, Buffer.from(value!, 'hex')),",
  '  );',
  '}',
  '',
  '/** Checks each delivery on its raw bytes, answers 204 at once, then handles each event id once. */',
  'export function krowdWebhookReceiver(',
  '  secret: string,',
  '  handle: (event: { id: string; type: string; data: unknown }) => void,',
  ') {',
  '  const handled = new Set<string>(); // keep these in your database',
  '  return createServer((request, response) => {',
  '    const chunks: Buffer[] = [];',
  "    request.on('data', (chunk: Buffer) => chunks.push(chunk));",
  "    request.on('end', () => {",
  '      const rawBody = Buffer.concat(chunks);',
  "      if (!verifyKrowdSignature(rawBody, String(request.headers['krowd-signature'] ?? ''), secret)) {",
  '        response.writeHead(400).end();',
  '        return;',
  '      }',
  '      response.writeHead(204).end();',
  "      const event = JSON.parse(rawBody.toString('utf8'));",
  '      if (handled.has(event.id)) return; // a retry or a redelivery',
  '      handled.add(event.id);',
  '      handle(event);',
  '    });',
  '  });',
  '}',
  '',
  '// krowdWebhookReceiver(process.env.KROWD_SIGNING_SECRET!, (event) => console.log(event.type)).listen(8080);',
].join('\n');

/** GET publisher/settlement-files: the monthly files of a month, newest first. */
export function settlementListExample(origin: string): string {
  return [
    `curl "${origin}/api/publisher/settlement-files?kind=monthly&period=2026-11" \\`,
    '  -H "X-Api-Key: $KROWD_API_KEY"',
  ].join('\n');
}

/** GET publisher/settlement-files/{id}: the CSV as stored, its checksum compared with the header's. */
export function settlementDownloadExample(origin: string): string {
  return [
    `curl -sD headers.txt -o settlement.csv "${origin}/api/publisher/settlement-files/FILE_ID" \\`,
    '  -H "X-Api-Key: $KROWD_API_KEY"',
    "grep -i '^x-checksum-sha256' headers.txt",
    'sha256sum settlement.csv',
  ].join('\n');
}
