import { z } from 'zod';
import { holdoutArms } from '../incrementality/holdout-assignment.rules.ts';
import { messages } from '../messages/messages.ts';

/**
 * Holdouts at the publisher (docs/decisions/0129): whether it hides held-out cards' offers, and
 * its question "which offers is each of these cards held out of this month?".
 */

const m = messages.publisherHoldouts;

/** The most card tokens one call asks about: a page of the publisher's cards. */
export const maxHoldoutCardTokens = 1_000;

/** PUT publisher/holdouts and PUT publishers/{id}/holdouts. */
export const publisherHoldoutSettingSchema = z.strictObject({
  honoursHoldouts: z.boolean({ error: m.honouredInvalid }),
});
export type PublisherHoldoutSetting = z.infer<typeof publisherHoldoutSettingSchema>;

/** The setting as answered. */
export const publisherHoldoutSettingAnswerSchema = z.object({
  publisherId: z.string(),
  honoursHoldouts: z.boolean(),
});

/** POST publisher/holdouts/cards: the cards to ask about, each once. */
export const holdoutCardsQuerySchema = z.strictObject({
  cardTokens: z
    .array(
      z.string({ error: m.cardTokenInvalid }).trim().min(1, m.cardTokenInvalid).max(200, m.cardTokenInvalid),
      {
        error: m.cardTokensInvalid,
      },
    )
    .min(1, m.cardTokensInvalid)
    .max(maxHoldoutCardTokens, m.cardTokensInvalid)
    .transform((tokens) => [...new Set(tokens)]),
});
export type HoldoutCardsQuery = z.output<typeof holdoutCardsQuerySchema>;

/** One offer a card is in the holdout or the exposed arm of, as stored. */
const cardOfferArmSchema = z.object({
  offerId: z.string(),
  arm: z.enum(holdoutArms),
  /** The card's bucket, 0 to 9,999: held out when below the share. */
  bucket: z.number().int(),
  /** The offer's holdout share, in basis points, when the arm was stored. */
  shareBasisPoints: z.number().int(),
});

/** The answer: each card asked about, the offers it must not be shown this month. */
export const holdoutCardsAnswerSchema = z.object({
  /** 'YYYY-MM' in the product's time zone. */
  month: z.string(),
  /** The hash's version word (incrementality.md): a publisher computing it itself checks it. */
  recipeVersion: z.string(),
  cards: z.array(
    z.object({
      cardToken: z.string(),
      /** The offers it is held out of: do not show it these. */
      heldOutOf: z.array(z.string()),
      /** Its arm of every offer with a holdout this month. */
      offers: z.array(cardOfferArmSchema),
    }),
  ),
});
export type HoldoutCardsAnswer = z.infer<typeof holdoutCardsAnswerSchema>;
