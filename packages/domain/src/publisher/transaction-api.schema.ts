import { z } from 'zod';
import { messages } from '../messages/messages.ts';
import { reasonParamsSchema } from '../qualification/cap-reasons.rules.ts';

/**
 * The single-transaction API (docs/decisions/0109): a publisher's system tells each step of a
 * purchase as it happens, beside the daily file. What the routes take and answer. The fields are
 * the transactions file's (brief §6), so a cleared transaction is the one-row file it is ingested
 * as; the amount is pounds with at most 2 decimals, as text or a number.
 */
const i = messages.ingestion;

/** Pounds with at most 2 decimals, above nothing (a purchase or the refunded amount), up to £9,999,999.99. */
const positiveAmountPattern = /^\d{1,7}(\.\d{1,2})?$/;

const amountField = z
  .union([z.string(), z.number()], i.amountInvalid)
  .transform((value) => String(value).trim())
  .refine((value) => positiveAmountPattern.test(value) && Number(value) > 0, i.amountInvalid);

const idField = (message: string) => z.string(message).trim().min(1, message).max(100, message);

const instantField = (message: string) => z.iso.datetime({ offset: true, error: message });

/** A purchase as the file carries it, without the publisher (the key's). */
const purchaseShape = {
  transaction_id: idField(i.transactionIdInvalid),
  datetime: instantField(i.datetimeInvalid),
  amount: amountField,
  currency: z
    .string(i.currencyInvalid)
    .trim()
    .refine((value) => value.toUpperCase() === 'GBP', i.currencyInvalid)
    .default('GBP'),
  mid: z.string(i.midInvalid).trim().min(1, i.midInvalid).max(50, i.midInvalid),
  card_token: z.string(i.cardTokenInvalid).trim().min(1, i.cardTokenInvalid).max(200, i.cardTokenInvalid),
  card_last4: z.string(i.cardLast4Invalid).regex(/^\d{4}$/, i.cardLast4Invalid),
  postcode: z.string(i.postcodeInvalid).trim().max(16, i.postcodeInvalid).nullish(),
};

/** POST publisher/transactions/authorised: a purchase authorised, not yet cleared. */
export const authorisedTransactionSchema = z.strictObject(purchaseShape);
export type AuthorisedTransaction = z.output<typeof authorisedTransactionSchema>;

/**
 * POST publisher/transactions/cleared: a purchase cleared, qualified as a row of the file. Its
 * amount may differ from the authorisation's (a tip, a partial shipment).
 */
export const clearedTransactionSchema = z.strictObject(purchaseShape);
export type ClearedTransaction = z.output<typeof clearedTransactionSchema>;

/**
 * POST publisher/transactions/refunded: a refund of a cleared purchase, naming it. Its own
 * transaction_id; the amount refunded (positive), or none for the whole of what is left.
 */
export const refundedTransactionSchema = z.strictObject({
  transaction_id: idField(i.transactionIdInvalid),
  original_transaction_id: idField(i.originalInvalid),
  datetime: instantField(i.datetimeInvalid),
  amount: amountField.optional(),
  currency: purchaseShape.currency,
});
export type RefundedTransaction = z.output<typeof refundedTransactionSchema>;

export const transactionIdParamsSchema = z.strictObject({ transactionId: idField(i.transactionIdInvalid) });

/**
 * Where a transaction id is in its lifecycle: authorised (waiting), expired (never cleared),
 * qualified or notQualified (cleared), refunded (cleared, then refunded in part or whole: see
 * refundedPence), or refund (the id is itself a refund of `originalTransactionId`).
 */
export const transactionLifecycleStatuses = [
  'authorised',
  'expired',
  'qualified',
  'notQualified',
  'refunded',
  'refund',
] as const;
export type TransactionLifecycleStatus = (typeof transactionLifecycleStatuses)[number];

export const transactionStatusSchema = z.object({
  /** Our id of the stored transaction; null while it is only an authorisation. */
  id: z.string().nullable(),
  transactionId: z.string(),
  status: z.enum(transactionLifecycleStatuses),
  /** The status in words (the message catalogue). */
  statusText: z.string(),
  /** The cleared amount (negative for a refund); the authorised amount before clearing. */
  amountPence: z.number().int(),
  /** Of a purchase: how much of it has been refunded so far. */
  refundedPence: z.number().int(),
  /** What the cardholder earns (negative for a refund: what it takes back). */
  cashbackPence: z.number().int(),
  campaignId: z.string().nullable(),
  brandId: z.string().nullable(),
  /** The engine's reason key and its text: why it earned nothing, or why a cap made it earn less. */
  reasonCode: z.string().nullable(),
  reason: z.string().nullable(),
  /**
   * A cap's reason only (docs/decisions/0116): the number it names, as the campaign had it when the
   * transaction was qualified (`limit` a count, or pence for the spend and cashback caps; `interval`
   * for the per-interval caps); null for any other reason, or a cap stored without its number.
   */
  reasonParams: reasonParamsSchema.nullable(),
  occurredAt: z.string(),
  /** A refund only: the purchase it refunds. */
  originalTransactionId: z.string().nullable(),
  authorisation: z
    .object({
      amountPence: z.number().int(),
      authorisedAt: z.string(),
      expiresAt: z.string(),
      status: z.enum(['authorised', 'cleared', 'expired']),
    })
    .nullable(),
});
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** The answer of each step: the status after it, and whether it was a repeat that changed nothing. */
export const transactionStepResultSchema = transactionStatusSchema.extend({
  /** The transaction id was already at this step: its first outcome, unchanged. */
  duplicate: z.boolean(),
});
export type TransactionStepResult = z.infer<typeof transactionStepResultSchema>;
