import { messages } from '@krowd/domain/messages/messages';
import type { OperationExamples } from '../../plugins/openapi-contract.ts';

const m = messages.ingestion;

/** Two purchases and a partial refund of the first, as a publisher sends them. */
const transactions = [
  {
    transaction_id: 'ATR-20250611-0001',
    datetime: '2025-06-11T12:30:00+01:00',
    amount: 42.5,
    currency: 'GBP',
    mid: '4445012345678',
    card_token: 'tok_6f1c2a9e',
    card_last4: '4242',
    postcode: 'EC1A 1BB',
    publisher: 'ATR',
  },
  {
    transaction_id: 'ATR-20250611-0002',
    datetime: '2025-06-11T19:05:00+01:00',
    amount: 18,
    currency: 'GBP',
    mid: '4445012345678',
    card_token: 'tok_0b7d33f1',
    card_last4: '1881',
    postcode: null,
    publisher: 'ATR',
  },
  {
    transaction_id: 'ATR-20250612-0001',
    datetime: '2025-06-12T09:00:00+01:00',
    amount: -10,
    currency: 'GBP',
    mid: '4445012345678',
    card_token: 'tok_6f1c2a9e',
    card_last4: '4242',
    postcode: 'EC1A 1BB',
    publisher: 'ATR',
    original_transaction_id: 'ATR-20250611-0001',
  },
];

const csvHeader =
  'transaction_id,datetime,amount,currency,mid,card_token,card_last4,postcode,publisher,original_transaction_id';

/** The examples of POST /api/transactions/ingest in the OpenAPI document (decision 0076). */
export const ingestExamples: OperationExamples = {
  request: {
    'application/json': { summary: 'Two purchases and a partial refund', value: transactions },
    'text/csv': {
      summary: 'The same as CSV',
      value: [
        csvHeader,
        ...transactions.map((row) =>
          [
            row.transaction_id,
            row.datetime,
            row.amount.toFixed(2),
            row.currency,
            row.mid,
            row.card_token,
            row.card_last4,
            row.postcode ?? '',
            row.publisher,
            row.original_transaction_id ?? '',
          ].join(','),
        ),
      ].join('\n'),
    },
  },
  responses: {
    200: {
      summary: 'Every row stored; one MID no branch has yet',
      value: {
        respCode: 200,
        respMessage: m.ingested,
        received: 3,
        inserted: 3,
        duplicates: 0,
        unmatched: 1,
        rejected: 0,
        errors: [],
      },
    },
    400: {
      summary: 'A bad row refuses the whole file',
      value: {
        code: 'file_refused',
        errorMessage: m.fileHasErrors,
        received: 3,
        inserted: 0,
        duplicates: 0,
        unmatched: 0,
        rejected: 1,
        errors: [{ line: 3, message: m.amountInvalid }],
      },
    },
    401: {
      summary: 'No key, or not a key of a publisher',
      value: { code: 'api_key_invalid', errorMessage: messages.publisherKey.invalid },
    },
    422: {
      summary: 'The Idempotency-Key was used for another body',
      value: { code: 'idempotency_key_reused', errorMessage: messages.idempotency.keyReused },
    },
  },
};
