import { z } from 'zod';
import type { CustomerType, DiscountType } from '../campaign/campaign.rules.ts';
import { messages } from '../messages/messages.ts';

/**
 * The projection engine (brief §5, spec 1 §3, §9): what a campaign is expected to bring, from the
 * brand's projection record and the form. The formula, the rounding and the choices we made are
 * written out in projection.md beside this file; keep the two in step.
 */

/** Average spend in pounds when the record gives none (spec 1 §9). */
export const defaultAverageSpend = 23.62;
/** Reach uplift by customer type (spec 1 §9). */
export const reachUplift = { all: 1.04, lapsed: 1.02 } as const;
/** The panel recalculates this long after the last change (spec 1 §9). */
export const projectionDelayMs = 1000;

const count = z.number().nonnegative();

/** A point of a conversion curve: at `discount` percent, `conversion` of the reach buys (0–1). */
export const curvePointSchema = z.object({
  discount: z.number().min(0).max(100),
  conversion: z.number().min(0).max(1),
});
export type CurvePoint = z.infer<typeof curvePointSchema>;

/** A curve: one point or more, no two at the same discount, in any order. */
export const conversionCurveSchema = z
  .array(curvePointSchema)
  .min(1)
  .refine((points) => new Set(points.map((point) => point.discount)).size === points.length);
export type ConversionCurve = z.infer<typeof conversionCurveSchema>;

/** Element one of the record: traffic and the conversion curves. */
export const projectionCurvesSchema = z.object({
  /** The brand's monthly card traffic; a record without it is invalid. */
  traffic: count,
  /** The brand's overall curve; used for a customer type whose own curve is missing or empty. */
  conversion_curve: conversionCurveSchema,
  curve: z.object({
    /** New customers. */
    acquisition: conversionCurveSchema.optional(),
    /** Existing customers. */
    reengagement: conversionCurveSchema.optional(),
    /** Lapsed customers. */
    reactivation: conversionCurveSchema.optional(),
  }),
  /** Months after which an existing customer counts as lapsed (informational). The spec's spelling. */
  reengamenet_window: count.optional(),
  entity_metaid: z.string().optional(),
});

/** Element two of the record: the audience and the average spend. */
export const projectionAudienceSchema = z.object({
  addressable_market: count,
  /** Cardholders who have not bought at the brand: the reach for new customers. */
  base_traffic: count,
  /** Cardholders who have: the reach for existing and lapsed customers. */
  old_user_traffic: count,
  /** Average spend in pounds; missing, null or 0 means the default 23.62. */
  avg_transaction_val: z.number().nonnegative().nullable().optional(),
  total_card_holder_count: count,
});

/** The projection record of spec 1 §3: [element one, element two]. */
export const projectionRecordSchema = z.tuple([projectionCurvesSchema, projectionAudienceSchema]);
export type ProjectionRecord = z.infer<typeof projectionRecordSchema>;

/** A form value the engine reads: a number, or empty while the user types (counts as 0). */
type FormNumber = number | '' | null | undefined;

/** The form values the projection reads. */
export interface ProjectionInput {
  customerType: CustomerType;
  discountType: DiscountType;
  discountPercent?: FormNumber;
  /** dv: the minimum spend in pounds. */
  discountAmount?: FormNumber;
  /** dv: the discount in pounds. */
  discountValue?: FormNumber;
  /** ss: the discount percent. */
  discountSpreadValue?: FormNumber;
  successFee?: FormNumber;
  /** The campaign's maximum cashback per transaction in pounds (a cap, decision 0116); empty: none. */
  maxCashbackPerTransaction?: FormNumber;
  /** Caps (decision 0116): rewarded transactions per card, for the campaign and per interval; empty: none. */
  maxTransactionsPerCard?: FormNumber;
  maxTransactionsPerCardPerInterval?: FormNumber;
  /** Caps: the most spend of one card rewarded per interval, in pounds; empty: none. */
  maxSpendPerCardPerInterval?: FormNumber;
}

/** The brand data of spec 1 §3 plus CPA. Money in pence. */
export interface ProjectionFigures {
  total_cardholders: number;
  addressable_market: number;
  expected_reach: number;
  expected_conversion: number;
  /** Pence. */
  expected_revenue: number;
  /** Pence. */
  expected_cost: number;
  /** Pence per conversion, or 'N/A' without conversions. */
  cpa: number | 'N/A';
}

export type ProjectionResult =
  { valid: true; figures: ProjectionFigures; discountPercent: number } | { valid: false; message: string };

/** The fixed figures the internal demo user sees (spec 1 §9); money in pence like every projection. */
export const internalDemoProjection: ProjectionFigures = {
  total_cardholders: 4_037_318,
  addressable_market: 576_759,
  expected_reach: 50_173,
  expected_conversion: 305,
  expected_revenue: 1_243_000,
  expected_cost: 219_300,
  cpa: 719,
};

/**
 * Rounds half up to a whole number, after reading the value to 12 significant digits so binary
 * noise (2.4999999999999996 for 2.5) does not decide the rounding. Every figure is non-negative.
 */
export function roundHalfUp(value: number): number {
  return Math.round(Number(value.toPrecision(12)));
}

const numberOr0 = (value: FormNumber): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/**
 * The conversion at a discount: linear between the two points around it, the end point's value
 * beyond either end.
 */
export function conversionAt(curve: readonly CurvePoint[], discount: number): number {
  const points = curve.toSorted((a, b) => a.discount - b.discount);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 0;
  if (discount <= first.discount) return first.conversion;
  if (discount >= last.discount) return last.conversion;
  for (const [index, upper] of points.entries()) {
    const lower = points[index - 1];
    if (lower && discount <= upper.discount) {
      const share = (discount - lower.discount) / (upper.discount - lower.discount);
      return lower.conversion + share * (upper.conversion - lower.conversion);
    }
  }
  return last.conversion;
}

/** The average spend in pounds: the record's when above 0, else 23.62. */
export function averageSpendOf(record: ProjectionRecord): number {
  const value = record[1].avg_transaction_val;
  return typeof value === 'number' && value > 0 ? value : defaultAverageSpend;
}

/**
 * The share of a conversion's purchase (one purchase of the average spend) that the caps let earn
 * (projection.md 'Caps', decision 0116), from 0 to 1: with a rewarded spend per card per interval
 * `S` below the average spend, `S ÷ A`; a value discount earns nothing (0) when `S` is below its
 * minimum spend, as the engine refuses a purchase whose rewarded part is below it. The count caps are at least one
 * rewarded transaction (the form refuses 0), so a conversion's one purchase is always rewarded:
 * they leave the share at 1.
 */
export function rewardedShareOf(input: ProjectionInput, averageSpend: number): number {
  const spendCap = numberOr0(input.maxSpendPerCardPerInterval);
  if (spendCap <= 0) return 1;
  // A value discount's purchase reaches its minimum spend; under the cap only `min(purchase, S)` earns.
  if (input.discountType === 'dv' && spendCap < numberOr0(input.discountAmount)) return 0;
  return averageSpend > 0 ? Math.min(averageSpend, spendCap) / averageSpend : 1;
}

/**
 * The discount as a percent: dp its percent; ss its discount percent; dv its value as a percent
 * of the minimum spend, or of the average spend when no minimum spend is given. Under a spend cap,
 * dp and ss earn their percent of the rewarded share only, and dv nothing when its rewarded part
 * is below its minimum spend (`rewardedShareOf`); with a maximum cashback per transaction, at most
 * that cap as a percent of the same spend.
 */
export function discountPercentOf(input: ProjectionInput, averageSpend: number): number {
  const cap = numberOr0(input.maxCashbackPerTransaction);
  const share = rewardedShareOf(input, averageSpend);
  // The maximum cashback per transaction, as a percent of the purchase it is paid on (projection.md).
  const capped = (percent: number, base: number) =>
    cap > 0 ? Math.min(percent, (cap / base) * 100) : percent;
  switch (input.discountType) {
    case 'dp':
      return capped(numberOr0(input.discountPercent) * share, averageSpend);
    case 'ss':
      return capped(numberOr0(input.discountSpreadValue) * share, averageSpend);
    case 'dv': {
      if (share === 0) return 0;
      const minimumSpend = numberOr0(input.discountAmount);
      const base = minimumSpend > 0 ? minimumSpend : averageSpend;
      return capped((numberOr0(input.discountValue) / base) * 100, base);
    }
  }
}

/**
 * The success fee as a percent of the average spend: charged on the rewarded spend only
 * (qualification.md 'Caps'), so its percent of the rewarded share under a spend cap.
 */
export function successFeePercentOf(input: ProjectionInput, averageSpend: number): number {
  return numberOr0(input.successFee) * rewardedShareOf(input, averageSpend);
}

/**
 * The projection of brief §5. `record` is the brand's projection record as stored (checked here:
 * a record without traffic or a conversion curve answers `valid: false` with 'Invalid Data').
 * dp forces the customer type to 'all', as the form does.
 */
export function project(record: unknown, input: ProjectionInput): ProjectionResult {
  const parsed = projectionRecordSchema.safeParse(record);
  if (!parsed.success) return { valid: false, message: messages.common.invalidData };
  const [curves, audience] = parsed.data;

  const curveOf = (own: ConversionCurve | undefined) =>
    own && own.length > 0 ? own : curves.conversion_curve;
  const acquisition = curveOf(curves.curve.acquisition);
  const reengagement = curveOf(curves.curve.reengagement);
  const reactivation = curveOf(curves.curve.reactivation);

  const averageSpend = averageSpendOf(parsed.data);
  const discount = discountPercentOf(input, averageSpend);
  const customerType: CustomerType = input.discountType === 'dp' ? 'all' : input.customerType;
  const base = audience.base_traffic;
  const old = audience.old_user_traffic;

  let reach: number;
  let rate: number;
  switch (customerType) {
    case 'new':
      reach = base;
      rate = conversionAt(acquisition, discount);
      break;
    case 'existing':
      reach = old;
      rate = conversionAt(reengagement, discount);
      break;
    case 'lapsed':
      reach = old * reachUplift.lapsed;
      rate = conversionAt(reactivation, discount);
      break;
    case 'all':
      reach = (base + old) * reachUplift.all;
      rate =
        base + old > 0
          ? (base * conversionAt(acquisition, discount) + old * conversionAt(reengagement, discount)) /
            (base + old)
          : 0;
      break;
  }

  const expectedReach = roundHalfUp(reach);
  const expectedConversion = roundHalfUp(expectedReach * rate);
  const expectedRevenue = expectedConversion * roundHalfUp(averageSpend * 100);
  const fee = successFeePercentOf(input, averageSpend);
  const expectedCost = roundHalfUp((expectedRevenue * (fee + discount)) / 100);

  return {
    valid: true,
    discountPercent: discount,
    figures: {
      total_cardholders: roundHalfUp(audience.total_card_holder_count),
      addressable_market: roundHalfUp(audience.addressable_market),
      expected_reach: expectedReach,
      expected_conversion: expectedConversion,
      expected_revenue: expectedRevenue,
      expected_cost: expectedCost,
      cpa: expectedConversion > 0 ? roundHalfUp(expectedCost / expectedConversion) : 'N/A',
    },
  };
}
