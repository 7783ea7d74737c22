import { z } from 'zod';
import { customerTypes, discountTypes } from '../campaign/campaign.rules.ts';
import { weekDayLabels } from '../campaign/campaign.schema.ts';
import { reasonParamsSchema } from '../qualification/cap-reasons.rules.ts';
import { templateTypes } from '../template/template.rules.ts';
import { publisherKeyModes } from './publisher-key.rules.ts';

/**
 * The offers feed (GET publisher/offers; brief §5, decision 0090): the live and upcoming approved
 * campaigns of the brands linked to the key's publisher, with what a publisher needs to show them
 * to cardholders and to match their purchases: texts and images, promo codes, the discount and its
 * conditions, the dates, and each branch's merchant IDs and address. Money is integer pence.
 */

export const offerBranchSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  postalTown: z.string().nullable(),
  merchantIds: z.object({
    mastercard: z.string().nullable(),
    amex: z.string().nullable(),
    zettle: z.string().nullable(),
  }),
});

export const offerTemplateSchema = z.object({
  type: z.enum(templateTypes),
  /** The approved message as cardholders read it (image fields show as their addresses). */
  text: z.string(),
  images: z.array(z.object({ field: z.string(), url: z.string() })),
  /** The template's other fields by name (landing page, custom fields). */
  fields: z.record(z.string(), z.string()),
});

export const offerSchema = z.object({
  id: z.string(),
  /** 'test' on a test key's feed (decision 0091): the same offers, for building and testing against. */
  mode: z.enum(publisherKeyModes),
  /** live: running now; upcoming: approved, starting later. */
  status: z.enum(['live', 'upcoming']),
  brand: z.object({ id: z.string(), name: z.string() }),
  name: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** Days within the offer's dates on which it does not run (both ends inclusive). */
  pauses: z.array(z.object({ from: z.iso.date(), to: z.iso.date() })),
  weekDays: z.array(z.enum(weekDayLabels)),
  /** 'HH:MM' in the product's time zone; from inclusive, to exclusive; null: the whole day. */
  hours: z.object({ from: z.string().nullable(), to: z.string().nullable(), timeZone: z.string() }),
  customerType: z.enum(customerTypes),
  /** For existing and lapsed customers: the months of purchase history that decide it. */
  lastTransactionMonths: z.number().int().nullable(),
  discount: z.object({
    /** dp: percent cashback; dv: a fixed cashback over a minimum spend; ss: percent for spending above one's average. */
    type: z.enum(discountTypes),
    cashbackPercent: z.number().nullable(),
    cashbackPence: z.number().int().nullable(),
    minimumSpendPence: z.number().int().nullable(),
    aboveAverageSpendPercent: z.number().nullable(),
  }),
  promoCode: z.object({
    mode: z.enum(['none', 'single', 'multiple']),
    /** The code, or every code of a campaign with one code a cardholder. */
    codes: z.array(z.string()),
  }),
  templates: z.array(offerTemplateSchema),
  allBranches: z.boolean(),
  branches: z.array(offerBranchSchema),
  /**
   * The offer's holdout (docs/decisions/0129): the share of the brand's cards kept out of it to
   * measure its lift, in basis points; null when it has none. `honoured` says whether your cards
   * are held out (your publisher has said it hides held-out cards' offers): only then is a
   * held-out card's purchase paid nothing. Which cards: POST publisher/holdouts/cards, or the hash
   * of the contract (incrementality.md).
   */
  holdout: z.object({ shareBasisPoints: z.number().int(), honoured: z.boolean() }).nullable(),
  updatedAt: z.iso.datetime(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offersFeedSchema = z.object({
  offers: z.array(offerSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OffersFeed = z.infer<typeof offersFeedSchema>;

/** POST publisher/test-transactions: the engine's outcome, stored apart from live figures. */
export const testTransactionResultSchema = z.object({
  id: z.string(),
  mode: z.literal('test'),
  transactionId: z.string(),
  outcome: z.enum(['qualified', 'notQualified']),
  reason: z.string(),
  /** The qualification engine's reason key (not qualified only), stable for machines. */
  reasonCode: z.string().nullable(),
  /** Qualified only: the cap that made it earn less (docs/decisions/0116), its key and its text; else null. */
  cappedReasonCode: z.string().nullable(),
  cappedReason: z.string().nullable(),
  /**
   * The number the cap of `reasonCode` or `cappedReasonCode` names (`limit` a count, or pence for
   * the spend and cashback caps; `interval` for the per-interval caps); null when no cap applied.
   */
  reasonParams: reasonParamsSchema.nullable(),
  campaignId: z.string().nullable(),
  brandId: z.string().nullable(),
  cashbackPence: z.number().int(),
  /** A repeat of a transaction id already sent: the first outcome, unchanged. */
  duplicate: z.boolean(),
});
export type TestTransactionResult = z.infer<typeof testTransactionResultSchema>;
