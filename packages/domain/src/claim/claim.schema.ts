import { addBusinessDays } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { listPageSchema, pageQuerySchema } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';

const m = messages.claim;

/**
 * Missing-transaction claims (docs/decisions/0108): a publisher (by API) or a brand (in the web
 * app) claims a purchase it expected to qualify. Statuses:
 *
 * - open: no stored transaction matches yet; every later upload is matched against it, and it
 *   waits in the system admin's queue until its deadline.
 * - in_review: it matched a transaction that did not qualify (the engine's reason kept), or it
 *   was filed with no match; the system admin resolves it.
 * - matched: it matched a qualified transaction, which pays it as usual: closed.
 * - resolved: the system admin closed it with a resolution code.
 */
export const claimStatuses = ['open', 'in_review', 'matched', 'resolved'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];
/** The statuses still waiting on someone: the admin's queue and the dashboard's count. */
export const pendingClaimStatuses = ['open', 'in_review'] as const satisfies readonly ClaimStatus[];

export const claimResolutions = [
  'qualified_after_review',
  'not_eligible',
  'duplicate',
  'no_such_transaction',
] as const;
export type ClaimResolution = (typeof claimResolutions)[number];

export const claimSources = ['publisher', 'brand'] as const;
export type ClaimSource = (typeof claimSources)[number];

/** Business days (Monday to Friday on the timezone setting's calendar) from filing to the deadline. */
export const claimDeadlineBusinessDays = 10;

/**
 * The deadline of a claim filed at `filedAt`: the same wall-clock time ten business days later in
 * the zone (weekends skipped; bank holidays are not known to the product, so they count).
 */
export function claimDeadline(filedAt: Date, timeZone: string): Date {
  return new Date(addBusinessDays(new TZDate(filedAt, timeZone), claimDeadlineBusinessDays).getTime());
}

const cardTokenField = z.string().trim().min(1, m.cardRequired).max(100, m.cardTokenInvalid);
const cardLast4Field = z
  .string()
  .trim()
  .regex(/^[0-9]{4}$/, m.cardLast4Invalid);
const midField = z.string({ error: m.midRequired }).trim().min(1, m.midRequired).max(50, m.midInvalid);
const amountField = z
  .number({ error: m.amountInvalid })
  .int(m.amountInvalid)
  .min(1, m.amountInvalid)
  .max(100_000_000, m.amountInvalid);
const occurredAtField = z.iso.datetime({ offset: true, error: m.occurredAtInvalid });

const purchaseShape = {
  cardToken: cardTokenField.optional(),
  cardLast4: cardLast4Field.optional(),
  mid: midField,
  /** Integer pence. */
  amountPence: amountField,
  occurredAt: occurredAtField,
  reference: z.string().trim().max(100, m.referenceTooLong).optional(),
  note: z.string().trim().max(1000, m.noteTooLong).optional(),
};

const cardGiven = (body: { cardToken?: string; cardLast4?: string }) =>
  body.cardToken !== undefined || body.cardLast4 !== undefined;
const cardCheck = { error: m.cardRequired, path: ['cardLast4'] };

/** A publisher's system files a claim with its key: the key says whose. */
export const publisherClaimCreateSchema = z.strictObject(purchaseShape).refine(cardGiven, cardCheck);
export type PublisherClaimCreate = z.output<typeof publisherClaimCreateSchema>;

/** A brand's user files one in the web app for a brand in their scope. */
export const brandClaimCreateSchema = z
  .strictObject({ ...purchaseShape, brandId: z.uuid(m.brandRequired) })
  .refine(cardGiven, cardCheck);
export type BrandClaimCreate = z.output<typeof brandClaimCreateSchema>;
export type BrandClaimCreateInput = z.input<typeof brandClaimCreateSchema>;

export const claimResolveSchema = z
  .strictObject({
    resolution: z.enum(claimResolutions, m.resolutionRequired),
    reason: z.string().trim().max(1000, m.noteTooLong).optional(),
    /** The stored transaction the review found, when there is one. */
    transactionId: z.uuid(messages.validation.idInvalid).optional(),
  })
  .refine((body) => body.resolution !== 'not_eligible' || (body.reason ?? '') !== '', {
    error: m.reasonRequired,
    path: ['reason'],
  });
export type ClaimResolve = z.output<typeof claimResolveSchema>;

export const claimListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(claimStatuses).optional(),
    /** The system admin's queue: open and in review, the nearest deadline first. */
    queue: z.enum(['true', 'false']).optional(),
    brandId: z.uuid(messages.validation.idInvalid).optional(),
  })
  .strict();
export type ClaimListQuery = z.output<typeof claimListQuerySchema>;

export const claimHistoryEntrySchema = z.object({
  at: z.iso.datetime(),
  status: z.enum(claimStatuses),
  /** What happened, in the catalogue's words. */
  text: z.string(),
});

export const claimSchema = z.object({
  id: z.uuid(),
  source: z.enum(claimSources),
  status: z.enum(claimStatuses),
  publisher: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  brand: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  cardToken: z.string().nullable(),
  cardLast4: z.string().nullable(),
  mid: z.string(),
  amountPence: z.number().int(),
  occurredAt: z.iso.datetime(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** The stored transaction it was matched to or resolved with, and its score (0–100). */
  transactionId: z.uuid().nullable(),
  matchScore: z.number().int().nullable(),
  /** A matched transaction that did not qualify: the engine's reason. */
  notQualifiedReason: z.string().nullable(),
  cashbackPence: z.number().int().nullable(),
  resolution: z.enum(claimResolutions).nullable(),
  resolutionReason: z.string().nullable(),
  deadline: z.iso.datetime(),
  filedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  history: z.array(claimHistoryEntrySchema),
});
export type Claim = z.infer<typeof claimSchema>;

export const claimPageSchema = listPageSchema(claimSchema);
export type ClaimPage = z.infer<typeof claimPageSchema>;
