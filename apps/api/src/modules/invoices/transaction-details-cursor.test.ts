import { describe, expect, it } from 'vitest';
import {
  decodeTransactionDetailsCursor,
  encodeTransactionDetailsCursor,
} from './transaction-details-cursor.ts';

const cursor = { localDateTime: '2024-05-03T12:00:00.250000', id: '0192f3a4-5b6c-7d8e-9f00-112233445566' };

describe('the Transaction Details cursor', () => {
  it('reads back the sort key it was written from', () => {
    const text = encodeTransactionDetailsCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeTransactionDetailsCursor(text)).toEqual(cursor);
  });

  it.each([
    ['text that is not base64url JSON', 'not a cursor'],
    ['JSON that is not the pair', Buffer.from('{"a":1}').toString('base64url')],
    [
      'a pair whose id is not a uuid',
      Buffer.from('["2024-05-03T12:00:00.000000","x"]').toString('base64url'),
    ],
    [
      'a time of day that does not exist',
      Buffer.from(`["2024-05-03T25:00:00.000000","${cursor.id}"]`).toString('base64url'),
    ],
    [
      'a date that does not exist',
      Buffer.from(`["2024-02-30T12:00:00.000000","${cursor.id}"]`).toString('base64url'),
    ],
  ])('names no cursor for %s', (_case, text) => {
    expect(decodeTransactionDetailsCursor(text)).toBeNull();
  });
});
