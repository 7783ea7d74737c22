import { z } from 'zod';
import { messages } from '../messages/messages.ts';
import { defaultHoldoutShareBasisPoints, maxHoldoutShareBasisPoints } from './holdout.rules.ts';

/**
 * The incrementality fields a request carries (docs/decisions/0125): a campaign's holdout share
 * and what the campaign form sends to ask what a holdout could detect (lift-power.rules.ts).
 * Shares are whole basis points (10% is 1,000), money whole pence.
 */

const m = messages.campaign.holdout;

/** A campaign's holdout share: 0 (no holdout) to 5,000 (50%); 10% when the brand sets none. */
export const holdoutShareSchema = z
  .number({ error: m.shareInvalid })
  .int({ error: m.shareInvalid })
  .min(0, { error: m.shareInvalid })
  .max(maxHoldoutShareBasisPoints, { error: m.shareInvalid })
  .default(defaultHoldoutShareBasisPoints);

/** The form's question: what lift would this holdout detect at 80% power? */
export const detectableLiftPlanSchema = z.object({
  holdoutShareBasisPoints: holdoutShareSchema,
  eligibleCards: z
    .number({ error: m.eligibleCardsInvalid })
    .int({ error: m.eligibleCardsInvalid })
    .min(0, { error: m.eligibleCardsInvalid }),
  spendStandardDeviationPence: z
    .number({ error: m.spendDeviationInvalid })
    .int({ error: m.spendDeviationInvalid })
    .min(0, { error: m.spendDeviationInvalid }),
  varianceReduction: z
    .number({ error: m.varianceReductionInvalid })
    .min(0, { error: m.varianceReductionInvalid })
    .max(1, { error: m.varianceReductionInvalid }),
});
export type DetectableLiftPlanInput = z.input<typeof detectableLiftPlanSchema>;

/**
 * GET campaigns/holdoutVolume: the brand's volume in its last full month from its stored
 * transactions, which the form turns into the minimum detectable lift of a share
 * (`minimumDetectableLift`, docs/decisions/0129). No cards: the brand has no history to plan from.
 */
export const holdoutVolumeSchema = z.object({
  /** 'YYYY-MM' in the timezone setting. */
  month: z.string(),
  /** Distinct cards that bought at the brand in the month. */
  cards: z.number().int(),
  /** The standard deviation of their spend in the month, in pence; null with fewer than two cards. */
  spendStandardDeviationPence: z.number().int().nullable(),
});
export type HoldoutVolume = z.infer<typeof holdoutVolumeSchema>;
