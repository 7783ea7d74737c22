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

/** The two-digit number at `at` in `value`, or -1 when either character is not a digit. */
function twoDigitsAt(value: string, at: number): number {
  const tens = value.charCodeAt(at) - 48;
  const units = value.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
}

function isDigitAt(value: string, at: number): boolean {
  const code = value.charCodeAt(at);
  return code >= 48 && code <= 57;
}

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * ISO 8601 with an offset, as the qualification engine reads it: `YYYY-MM-DDTHH:MM`, optional
 * seconds with an optional fraction of up to 9 digits, then `Z` or `±HH:MM` (`±HHMM`). A real
 * instant from 1970 on: a day the month has (no 30 February), hours 0–23, offsets up to ±14:59.
 * Read character by character, with nothing allocated: every row of a publisher's file of millions
 * passes here (transaction-file.schema.test.ts holds it to the pattern it replaced).
 */
export function isInstant(value: string): boolean {
  const century = twoDigitsAt(value, 0);
  const yearOfCentury = twoDigitsAt(value, 2);
  const month = twoDigitsAt(value, 5);
  const day = twoDigitsAt(value, 8);
  const hours = twoDigitsAt(value, 11);
  const minutes = twoDigitsAt(value, 14);
  if (century < 0 || yearOfCentury < 0 || month < 1 || month > 12 || day < 1) return false;
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return false;
  if (
    value.charCodeAt(4) !== 45 || // -
    value.charCodeAt(7) !== 45 ||
    value.charCodeAt(10) !== 84 || // T
    value.charCodeAt(13) !== 58 // :
  ) {
    return false;
  }
  let at = 16;
  if (value.charCodeAt(at) === 58) {
    const seconds = twoDigitsAt(value, at + 1);
    if (seconds < 0 || seconds > 59) return false;
    at += 3;
    if (value.charCodeAt(at) === 46) {
      // .
      const fractionStart = at + 1;
      at = fractionStart;
      while (isDigitAt(value, at)) at += 1;
      if (at === fractionStart || at - fractionStart > 9) return false;
    }
  }
  const zone = value.charCodeAt(at);
  if (zone === 90) {
    // Z
    at += 1;
  } else if (zone === 43 || zone === 45) {
    // + or -
    const offsetHours = twoDigitsAt(value, at + 1);
    at += value.charCodeAt(at + 3) === 58 ? 4 : 3;
    const offsetMinutes = twoDigitsAt(value, at);
    if (offsetHours < 0 || offsetHours > 14 || offsetMinutes < 0 || offsetMinutes > 59) return false;
    at += 2;
  } else {
    return false;
  }
  const year = century * 100 + yearOfCentury;
  const leapDay = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 1 : 0;
  return at === value.length && year >= 1970 && day <= daysInMonth[month - 1]! + leapDay;
}

/** Pounds with at most 2 decimals, negative for a refund (up to £9,999,999.99). */
const amountPattern = /^(-?)(\d{1,7})(?:\.(\d{1,2}))?$/;

/**
 * Whole pence of a pounds text the pattern accepted, exactly (no floating point), read digit by
 * digit: every row of a file passes here.
 */
function penceOf(text: string): number {
  const negative = text.charCodeAt(0) === 45;
  let pounds = 0;
  let at = negative ? 1 : 0;
  for (; at < text.length && text.charCodeAt(at) !== 46; at += 1)
    pounds = pounds * 10 + text.charCodeAt(at) - 48;
  // After the point: tenths, then hundredths when given.
  const tenths = at + 1 < text.length ? text.charCodeAt(at + 1) - 48 : 0;
  const hundredths = at + 2 < text.length ? text.charCodeAt(at + 2) - 48 : 0;
  const pence = pounds * 100 + tenths * 10 + hundredths;
  return negative ? -pence : pence;
}

/**
 * Text a database column holds as sent: no NUL, and well-formed Unicode (a lone surrogate would be
 * stored as U+FFFD, so the merchant ID looked up would not be the one sent).
 */
const storable = (value: string) => !value.includes('\u0000') && value.isWellFormed();

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

/** Storable text without surrounding space, of 1 to `max` characters: as `text` reads it, unchanged. */
const plainText = (value: unknown, max: number): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= max &&
  value.trim() === value &&
  storable(value);

/** A regex literal is a new object each time it is evaluated: this one is made once, for every row. */
const fourDigits = /^\d{4}$/;
const noValue = (value: unknown) => value === undefined || value === null || value === '';

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
    !fourDigits.test(fields.card_last4) ||
    typeof publisher !== 'string' ||
    publisher.trim() !== publisher
  ) {
    return null;
  }
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
