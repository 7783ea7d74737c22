import { z } from 'zod';
import { messages } from '../messages/messages';
import { reasonParamsSchema } from '../qualification/cap-reasons.rules';
import type { QualificationReason } from '../qualification/qualification.types';
import { dashboardConditionsSchema, withConditionsBody } from './dashboard.schema';

/**
 * "Why not qualified" for the brand (docs/decisions/0130): the dashboard's not-qualified purchases
 * counted by the reason stored with each (POST /api/dashboard/not-qualified), and a page of those of
 * one reason (POST /api/dashboard/not-qualified/transactions). Both take the dashboard's conditions
 * and resolve them as the dashboard does. Money is integer pence.
 */

/**
 * Every reason code of the catalogue (messages.qualification), in its order: a reason added there
 * is accepted and shown here with no other change.
 */
export const qualificationReasons = Object.keys(messages.qualification) as [
  QualificationReason,
  ...QualificationReason[],
];
export const qualificationReasonSchema = z.enum(qualificationReasons);

/**
 * Filters of the dashboard a not-qualified transaction cannot match: it earned nothing, so it has
 * no customer type nor offer type. When chosen, they are left out and the answer names them.
 */
export const notAppliedFilters = ['customerType', 'offerType'] as const;
export type NotAppliedFilter = (typeof notAppliedFilters)[number];

export const notQualifiedRequestSchema = withConditionsBody({ conditions: dashboardConditionsSchema }, () =>
  dashboardConditionsSchema.parse({}),
);
export type NotQualifiedRequest = z.output<typeof notQualifiedRequestSchema>;

/** One reason's count: the reason's code and, for a cap, the number it named when applied. */
export const notQualifiedReasonSchema = z.object({
  /** A code of messages.qualification, as stored. */
  reason: z.string(),
  /** A cap's number as the campaign had it then (cap-reasons.rules.ts); null for other reasons. */
  params: reasonParamsSchema.nullable(),
  /** The reason in the catalogue's words, with its number for a cap. */
  label: z.string(),
  count: z.number().int(),
  spendPence: z.number().int(),
});
export type NotQualifiedReason = z.infer<typeof notQualifiedReasonSchema>;

export const notQualifiedAnswerSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** Largest count first (then largest spend, then the catalogue's order). */
  reasons: z.array(notQualifiedReasonSchema),
  total: z.object({ count: z.number().int(), spendPence: z.number().int() }),
  /** Filters chosen that a not-qualified transaction cannot match, left out (`notAppliedFilters`). */
  notApplied: z.array(z.enum(notAppliedFilters)),
});
export type NotQualifiedAnswer = z.infer<typeof notQualifiedAnswerSchema>;

/** Rows a page of one reason's transactions holds. */
export const notQualifiedPageSize = 10;

export const notQualifiedTransactionsRequestSchema = withConditionsBody(
  {
    conditions: dashboardConditionsSchema,
    reason: qualificationReasonSchema,
    /** A cap's number, as the counts named it: only the transactions it was applied with. */
    params: reasonParamsSchema.nullable().optional(),
    /** The `next` of the page before; absent for the first page. */
    after: z.string().max(200).optional(),
  },
  () => dashboardConditionsSchema.parse({}),
).refine((body) => 'reason' in body && body.reason !== undefined, {
  path: ['reason'],
  message: messages.notQualifiedReport.reasonRequired,
});
export type NotQualifiedTransactionsRequest = z.output<typeof notQualifiedTransactionsRequestSchema>;

export const notQualifiedTransactionSchema = z.object({
  id: z.string(),
  /** Local wall time in the timezone setting, yyyy-MM-dd HH:mm. */
  date: z.string(),
  amountPence: z.number().int(),
  branch: z.string(),
  /** The card's last four digits only. */
  cardLast4: z.string(),
  reason: z.string(),
  label: z.string(),
});
export type NotQualifiedTransaction = z.infer<typeof notQualifiedTransactionSchema>;

export const notQualifiedPageSchema = z.object({
  rows: z.array(notQualifiedTransactionSchema),
  /** The reason's transactions over every page. */
  total: z.number().int(),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type NotQualifiedPage = z.infer<typeof notQualifiedPageSchema>;
