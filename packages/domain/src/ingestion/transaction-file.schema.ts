import { z } from 'zod';
import { messages } from '../messages/messages.ts';

/**
 * The publishers' transactions file (brief §6): the columns, one row's validation, and the answer
 * of POST /api/transactions/ingest. The same fields come as CSV (header row first) or as a JSON
 * array of objects. `original_transaction_id` is an optional column of ours: a refund may name its
 * original purchase by the publisher's transaction id (qualification.md, "Refunds").
 */
export const transactionColumns = [
  'transaction_id',
  'datetime',
  'amount',
  'currency',
  'mid',
  'card_token',
  'card_last4',
  'postcode',
  'publisher',
] as const;
export const optionalTransactionColumns = ['original_transaction_id'] as const;
export type TransactionColumn =
  (typeof transactionColumns)[number] | (typeof optionalTransactionColumns)[number];

const m = messages.ingestion;

/** ISO 8601 with an offset, as the qualification engine reads it. */
const instantPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

/** A real instant from 1970 on: a day the month has (no 30 February), hours 0–23, offsets up to ±14:59. */
export function isInstant(value: string): boolean {
  const parts = instantPattern.exec(value);
  if (!parts) return false;
  const [year, month, day, hours, minutes, seconds, offsetHours, offsetMinutes] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1970 &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hours! <= 23 &&
    minutes! <= 59 &&
    seconds! <= 59 &&
    offsetHours! <= 14 &&
    offsetMinutes! <= 59
  );
}

/** Pounds with at most 2 decimals, negative for a refund (up to £9,999,999.99). */
const amountPattern = /^(-?)(\d{1,7})(?:\.(\d{1,2}))?$/;

/** Whole pence of a pounds text the pattern accepted, exactly (no floating point). */
function penceOf(text: string): number {
  const [, sign, pounds, decimals = ''] = amountPattern.exec(text)!;
  const pence = Number(pounds) * 100 + Number(decimals.padEnd(2, '0'));
  return sign === '-' ? -pence : pence;
}

/** Text a database column can hold: no NUL. */
const storable = (value: string) => !value.includes('\u0000');

const text = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, message).refine(storable, message);

/** An empty cell, null or an absent field: no value. */
const optionalText = (message: string, max: number) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .refine(storable, message)
    .nullish()
    .transform((value) => (value ? value : null));

/** One transaction as sent (CSV cells are text; JSON may give the amount as a number). */
export const transactionRowSchema = z
  .object({
    transaction_id: text(m.transactionIdInvalid, 100),
    datetime: z.string(m.datetimeInvalid).trim().refine(isInstant, m.datetimeInvalid),
    amount: z
      .union([z.string(), z.number()], m.amountInvalid)
      .transform((value) => String(value).trim())
      .refine((value) => amountPattern.test(value), m.amountInvalid)
      .transform(penceOf),
    currency: z
      .string(m.currencyInvalid)
      .trim()
      .refine((value) => value.toUpperCase() === 'GBP', m.currencyInvalid),
    mid: text(m.midInvalid, 50),
    card_token: text(m.cardTokenInvalid, 200),
    card_last4: z
      .string(m.cardLast4Invalid)
      .trim()
      .regex(/^\d{4}$/, m.cardLast4Invalid),
    postcode: optionalText(m.postcodeInvalid, 16),
    /** Checked against the API key's publisher by the server. */
    publisher: z.string(m.publisherRequired).trim(),
    original_transaction_id: optionalText(m.originalInvalid, 100),
  })
  .refine((row) => row.original_transaction_id === null || row.amount < 0, {
    message: m.originalNotRefund,
    path: ['original_transaction_id'],
  })
  .transform((row) => ({
    transactionId: row.transaction_id,
    datetime: row.datetime,
    amountPence: row.amount,
    mid: row.mid,
    cardToken: row.card_token,
    cardLast4: row.card_last4,
    postcode: row.postcode,
    publisher: row.publisher,
    originalTransactionId: row.original_transaction_id,
  }));
export type TransactionRow = z.output<typeof transactionRowSchema>;

/** Text without surrounding space or NUL, of 1 to `max` characters: as `text` reads it, unchanged. */
const plainText = (value: unknown, max: number): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= max &&
  value.trim() === value &&
  !value.includes('\u0000');

/**
 * One row as transactionRowSchema reads it, by a direct path for the usual well-formed row (a
 * publisher's file has millions of them): null whenever anything is unusual (space around a value,
 * lower-case currency, an amount as a JSON number, any error), and the schema then reads the row and
 * names its problems. Wherever it answers, it answers what the schema does
 * (transaction-file.schema.test.ts compares them).
 */
export function readWellFormedRow(fields: Record<string, unknown>): TransactionRow | null {
  const { amount, datetime, postcode, publisher, original_transaction_id: original } = fields;
  if (
    !plainText(fields.transaction_id, 100) ||
    typeof datetime !== 'string' ||
    datetime.trim() !== datetime ||
    !isInstant(datetime) ||
    typeof amount !== 'string' ||
    !amountPattern.test(amount) ||
    fields.currency !== 'GBP' ||
    !plainText(fields.mid, 50) ||
    !plainText(fields.card_token, 200) ||
    typeof fields.card_last4 !== 'string' ||
    !/^\d{4}$/.test(fields.card_last4) ||
    typeof publisher !== 'string' ||
    publisher.trim() !== publisher
  ) {
    return null;
  }
  const noValue = (value: unknown) => value === undefined || value === null || value === '';
  if (!noValue(postcode) && !plainText(postcode, 16)) return null;
  if (!noValue(original) && !plainText(original, 100)) return null;
  const amountPence = penceOf(amount);
  if (!noValue(original) && amountPence >= 0) return null;
  return {
    transactionId: fields.transaction_id,
    datetime,
    amountPence,
    mid: fields.mid,
    cardToken: fields.card_token,
    cardLast4: fields.card_last4,
    postcode: noValue(postcode) ? null : (postcode as string),
    publisher,
    originalTransactionId: noValue(original) ? null : (original as string),
  };
}

/** One refused row: its line in the file (CSV: the header is line 1; JSON: the item's position from 1). */
export const ingestErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type IngestError = z.infer<typeof ingestErrorSchema>;

/**
 * The answer to an upload. `received` = `inserted` + `duplicates` + `rejected`; `unmatched` (MIDs
 * no branch has) are among `inserted`: stored, and reported.
 */
export const ingestResultShape = {
  received: z.number().int(),
  inserted: z.number().int(),
  duplicates: z.number().int(),
  unmatched: z.number().int(),
  rejected: z.number().int(),
  errors: z.array(ingestErrorSchema),
};
export const ingestQuerySchema = z.strictObject({
  /** Keep the good rows of a file with bad ones (the default refuses the whole file). */
  partial: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
