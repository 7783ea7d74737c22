import { z } from 'zod';
import { pageQuerySchema } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';
import { poundsToPence } from '../money/money.rules.ts';
import { publisherKeyModes, rotationOverlap } from './publisher-key.rules.ts';

/**
 * What the publisher routes take (brief §5 'Publishers'; decisions 0088–0091): the system admin's
 * publisher form and brand links, a publisher admin's key forms, the offers feed's query and a test
 * transaction. The answers are in publisher-response.schema.ts and offer-feed.schema.ts.
 */
const m = messages.publisher;
const k = messages.publisherKey;
const f = messages.publisherFeed;
const v = messages.validation;

/** The code a publisher's transaction files name in their `publisher` column (brief §6). */
export const publisherCodePattern = /^[A-Za-z0-9_-]{2,30}$/;

const displayNameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(100, m.nameMax);

/** The bank whose bank admins administer the publisher's keys, or none. */
const bankField = z.uuid(m.bankUnknown).nullable().default(null);

/** The system admin's Add Publisher form. */
export const publisherCreateSchema = z.strictObject({
  code: z
    .string({ error: m.codeRequired })
    .trim()
    .min(1, m.codeRequired)
    .regex(publisherCodePattern, m.codeInvalid),
  displayName: displayNameField,
  bankId: bankField,
});
export type PublisherCreateInput = z.input<typeof publisherCreateSchema>;
export type PublisherCreate = z.output<typeof publisherCreateSchema>;

/** Edit Publisher: the code stays (files already name it); the name and the bank change. */
export const publisherUpdateSchema = z.strictObject({
  displayName: displayNameField,
  bankId: bankField,
});
export type PublisherUpdateInput = z.input<typeof publisherUpdateSchema>;

/** PUT publishers/{id}/brands: the whole set of brands the publisher's feed shows. */
export const publisherBrandsSchema = z.strictObject({
  brandIds: z
    .array(z.uuid(m.brandUnknown), { error: v.invalidValue })
    .max(500, m.brandsTooMany)
    .transform((ids) => [...new Set(ids)]),
});
export type PublisherBrandsInput = z.input<typeof publisherBrandsSchema>;

export const publisherKeyNameField = z
  .string({ error: k.nameRequired })
  .trim()
  .min(1, k.nameRequired)
  .max(60, k.nameMax);

/** Create key: its name and whether it is live or test. */
export const publisherKeyCreateSchema = z.strictObject({
  name: publisherKeyNameField,
  mode: z.enum(publisherKeyModes, { error: k.modeInvalid }),
});
export type PublisherKeyCreateInput = z.input<typeof publisherKeyCreateSchema>;

/** Rotate: how long the old key keeps working beside the new one (default 24 hours). */
export const publisherKeyRotateSchema = z.strictObject({
  overlapHours: z
    .number({ error: k.overlapRange(rotationOverlap.maxHours) })
    .int(k.overlapRange(rotationOverlap.maxHours))
    .min(0, k.overlapRange(rotationOverlap.maxHours))
    .max(rotationOverlap.maxHours, k.overlapRange(rotationOverlap.maxHours))
    .default(rotationOverlap.defaultHours),
  name: publisherKeyNameField.optional(),
});
export type PublisherKeyRotateInput = z.input<typeof publisherKeyRotateSchema>;

export const publisherKeyParamsSchema = z.strictObject({
  id: z.uuid(m.notFound),
  keyId: z.uuid(k.notFound),
});

/** The system admin's publishers list: the list contract, searched by code or name. */
export const publisherListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100, v.tooLong).optional(),
});
export type PublisherListQuery = z.output<typeof publisherListQuerySchema>;

/** An ISO 8601 instant with its offset (Z or ±hh:mm). */
const instantField = (message: string) => z.iso.datetime({ offset: true, error: message });

/** GET publisher/offers: a page after `cursor`, and only offers changed since `updated_since`. */
export const offersFeedQuerySchema = z.strictObject({
  cursor: z
    .string()
    .max(200, f.cursorInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, f.cursorInvalid)
    .optional(),
  limit: z.coerce
    .number(v.invalidValue)
    .int(v.invalidValue)
    .min(1, v.invalidValue)
    .max(100, v.invalidValue)
    .default(50),
  updated_since: instantField(f.updatedSinceInvalid).optional(),
});
export type OffersFeedQuery = z.output<typeof offersFeedQuerySchema>;

const i = messages.ingestion;
/** Pounds with at most 2 decimals, a purchase (no refund in test mode), up to £9,999,999.99. */
const purchaseAmountPattern = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * POST publisher/test-transactions: one purchase as a row of the transactions file carries it
 * (brief §6), the amount in pounds as text or a number; the publisher is the test key's.
 */
export const testTransactionSchema = z
  .strictObject({
    transaction_id: z
      .string(i.transactionIdInvalid)
      .trim()
      .min(1, i.transactionIdInvalid)
      .max(100, i.transactionIdInvalid),
    datetime: instantField(i.datetimeInvalid),
    amount: z
      .union([z.string(), z.number()], i.amountInvalid)
      .transform((value) => String(value).trim())
      .refine((value) => purchaseAmountPattern.test(value), i.amountInvalid),
    currency: z
      .string(i.currencyInvalid)
      .trim()
      .refine((value) => value.toUpperCase() === 'GBP', i.currencyInvalid)
      .default('GBP'),
    mid: z.string(i.midInvalid).trim().min(1, i.midInvalid).max(50, i.midInvalid),
    card_token: z.string(i.cardTokenInvalid).trim().min(1, i.cardTokenInvalid).max(200, i.cardTokenInvalid),
    card_last4: z.string(i.cardLast4Invalid).regex(/^\d{4}$/, i.cardLast4Invalid),
  })
  .transform((row) => ({
    transactionId: row.transaction_id,
    datetime: row.datetime,
    amountPence: poundsToPence(Number(row.amount)),
    mid: row.mid,
    cardToken: row.card_token,
    cardLast4: row.card_last4,
  }));
export type TestTransactionInput = z.input<typeof testTransactionSchema>;
export type TestTransaction = z.output<typeof testTransactionSchema>;
