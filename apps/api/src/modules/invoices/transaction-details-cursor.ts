import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';

/**
 * Where a page of Transaction Details ends: the sort key of its last row, its local date and time
 * to the microsecond (as PostgreSQL writes a timestamp: 2024-05-03T12:00:00.000000) and its id. The
 * client gets it as an opaque string (base64url of the JSON pair) and sends it back as `after`.
 */
export interface TransactionDetailsCursor {
  localDateTime: string;
  id: string;
}

const localDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const pairSchema = z.tuple([z.string().regex(localDateTimePattern), z.uuid()]);

/** Whether the wall time exists on the calendar (no 30 February, no 25:00), so PostgreSQL reads it. */
function isCalendarTime(localDateTime: string): boolean {
  const milliseconds = localDateTime.slice(0, 23);
  const date = new Date(`${milliseconds}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === milliseconds;
}

export function encodeTransactionDetailsCursor(cursor: TransactionDetailsCursor): string {
  return Buffer.from(JSON.stringify([cursor.localDateTime, cursor.id])).toString('base64url');
}

/** The cursor a string names, or null when it is not one this API wrote. */
export function decodeTransactionDetailsCursor(text: string): TransactionDetailsCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const pair = pairSchema.safeParse(value);
  if (!pair.success || !isCalendarTime(pair.data[0])) return null;
  return { localDateTime: pair.data[0], id: pair.data[1] };
}

/** The `after` query parameter: a cursor this API wrote, else a 400 naming `after`. */
export const transactionDetailsCursorSchema = z
  .string()
  .max(200)
  .transform((text, context) => {
    const cursor = decodeTransactionDetailsCursor(text);
    if (!cursor) {
      context.addIssue({ code: 'custom', message: messages.invoice.transactionPageInvalid });
      return z.NEVER;
    }
    return cursor;
  });
