import { z } from 'zod';
import { customerTypes, discountTypes } from '../campaign/campaign.rules.ts';

/**
 * What the rule simulator answers (the sample it takes is in simulation.schema.ts): the API
 * serialises through this allowlist and the web client's call is typed from it.
 */

/** The engine's outcome for the sample, with its reason in words. */
export const simulationResultSchema = z.object({
  outcome: z.enum(['qualified', 'notQualified']),
  /** 'Qualifies', or why not (messages.qualification). */
  reason: z.string(),
  /**
   * A purchase that qualifies but earns less for a cap (decision 0116): why, with the cap's
   * number (cap-reasons.rules.ts), as ingestion would store it.
   */
  cappedReason: z.string().optional(),
  cashbackPence: z.number().int(),
  successFeePence: z.number().int(),
  customerType: z.enum(customerTypes).nullable(),
  offerType: z.enum(discountTypes).nullable(),
  /** Whether the success fee was waived (the brand's first 3 campaign months). */
  successFeeFree: z.boolean(),
  /**
   * Only when the campaign would pay but another campaign of the brand pays this purchase instead
   * (stacking, decision 0105): that campaign, its name and the cashback it gives.
   */
  paidBy: z
    .object({ campaignId: z.string().uuid(), campaignName: z.string(), cashbackPence: z.number().int() })
    .optional(),
});
export type SimulationResult = z.infer<typeof simulationResultSchema>;

/** POST campaigns/{id}/simulate. */
export const simulationAnswerSchema = z.object({ result: simulationResultSchema });
export type SimulationAnswer = z.infer<typeof simulationAnswerSchema>;
