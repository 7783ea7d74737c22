import { z } from 'zod';
import { messages } from '../messages/messages.ts';
import { capIntervals } from './campaign-caps.rules.ts';

/**
 * The caps' fields of the campaign payload (docs/decisions/0116), each optional: ''
 * and null mean no cap. Field checks say a value's type; the combination (whole counts of at
 * least 1, pounds, the interval chosen with a per-interval cap) is checked with the form's others
 * (`capsIssues`, run from `combinationIssues`). Money in pounds, as the form shows it.
 */

const m = messages.campaign;

const blankAsMissing = <T>(value: T | '' | null | undefined): T | undefined =>
  value === '' || value === null ? undefined : value;

const optionalNumber = (error: string) =>
  z
    .union([z.number(), z.literal(''), z.null()], { error })
    .optional()
    .transform(blankAsMissing);

export const capsFieldsShape = {
  /** The most cashback one transaction earns, in pounds. */
  maxCashbackPerTransaction: optionalNumber(m.amountInvalid(m.numberFieldNames.maxCashbackPerTransaction)),
  /** The most rewarded transactions of one card for the campaign. */
  maxTransactionsPerCard: optionalNumber(m.caps.countInvalid(m.caps.maxTransactionsPerCard)),
  /** The most rewarded transactions of one card in each `capInterval`. */
  maxTransactionsPerCardPerInterval: optionalNumber(
    m.caps.countInvalid(m.caps.maxTransactionsPerCardPerInterval),
  ),
  /** The most spend of one card rewarded in each `capInterval`, in pounds. */
  maxSpendPerCardPerInterval: optionalNumber(m.amountInvalid(m.numberFieldNames.maxSpendPerCardPerInterval)),
  /** The interval of the two per-interval caps, in the timezone setting. */
  capInterval: z
    .union([z.enum(capIntervals), z.literal(''), z.null()], { error: m.caps.intervalRequired })
    .optional()
    .transform(blankAsMissing),
};
