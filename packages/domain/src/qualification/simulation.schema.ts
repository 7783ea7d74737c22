import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { isInstant } from '../ingestion/transaction-file.schema.ts';
import { messages } from '../messages/messages.ts';
import type { CapTally, CardRewards } from './qualification.types.ts';

/**
 * The rule simulator: one sample purchase tested against one campaign by the engine,
 * with the card's history at the brand given rather than read, so nothing but the campaign and
 * its brand is looked up. A refund depends on its stored original, so only purchases are tested.
 */

const m = messages.simulation;

/** The largest amount a publisher file may carry (£9,999,999.99), in pence. */
const maxPence = 999_999_999;

const pence = (message: string) => z.number(message).int(message).min(1, message).max(maxPence, message);
/** A count or sum the card already has: whole, from 0. */
const tally = (message: string, max: number) =>
  z.number(message).int(message).min(0, message).max(max, message);
const instant = (message: string) => z.string(message).trim().refine(isInstant, message);

export const simulationRequestSchema = z
  .strictObject({
    /** ISO 8601 with an offset, as in a publisher file. */
    datetime: instant(m.datetimeInvalid),
    amountPence: pence(m.amountInvalid),
    /** The MID as a publisher sends it (any of a branch's three MIDs) … */
    mid: z.string().trim().min(1, m.branchOrMid).max(50, m.branchOrMid).optional(),
    /** … or the branch itself. */
    branchId: z.uuid(m.branchNotFound).optional(),
    /** The card's latest earlier purchase at the brand, or null for a card never seen there. */
    lastPurchaseAt: instant(m.lastPurchaseInvalid).nullable().default(null),
    /** The mean of the card's purchases at the brand in the 12 months before, if any. */
    averageSpendPence: pence(m.averageSpendInvalid).nullable().default(null),
    /**
     * Caps (decision 0116): what this campaign already rewarded the card for before the sample, as
     * ingestion counts it from the stored rewards (caps.rules.ts `tallyRewards`): its rewarded
     * transactions, those in the sample's cap interval, and their rewarded spend. None by default.
     */
    rewardedTransactions: tally(m.rewardedTransactionsInvalid, 1_000_000).default(0),
    rewardedTransactionsInInterval: tally(m.rewardedTransactionsInvalid, 1_000_000).default(0),
    rewardedSpendInIntervalPence: tally(m.rewardedSpendInvalid, maxPence).default(0),
  })
  .refine((request) => (request.mid === undefined) !== (request.branchId === undefined), {
    message: m.branchOrMid,
    path: ['mid'],
  })
  .refine(
    // Only once the campaign's count is itself valid (its own message says what is wrong with it).
    ({ rewardedTransactions: total, rewardedTransactionsInInterval: inInterval }) =>
      !(Number.isInteger(total) && total >= 0) || inInterval <= total,
    {
      message: m.rewardedInIntervalAboveTotal,
      path: ['rewardedTransactionsInInterval'],
    },
  )
  .refine(
    (request) =>
      request.lastPurchaseAt === null || Date.parse(request.lastPurchaseAt) < Date.parse(request.datetime),
    { message: m.lastPurchaseInvalid, path: ['lastPurchaseAt'] },
  );
export type SimulationRequest = z.input<typeof simulationRequestSchema>;

/**
 * The card's rewards the sample states, as the engine reads them (caps.rules.ts): the tally it
 * gives for the simulated campaign, whatever the interval (the sample states its own); none by
 * the brand's other campaigns, as the sample says nothing of them.
 */
export function sampleCardRewards(
  campaignId: string,
  sample: Pick<
    z.output<typeof simulationRequestSchema>,
    'rewardedTransactions' | 'rewardedTransactionsInInterval' | 'rewardedSpendInIntervalPence'
  >,
): CardRewards {
  const stated: CapTally = {
    count: sample.rewardedTransactions,
    countInInterval: sample.rewardedTransactionsInInterval,
    spendInIntervalPence: sample.rewardedSpendInIntervalPence,
  };
  const none: CapTally = { count: 0, countInInterval: 0, spendInIntervalPence: 0 };
  return { tally: (id) => ({ ...(id === campaignId ? stated : none) }) };
}

/**
 * A wall time as a form's date-time field gives it ('2025-06-11T12:00') in the timezone setting,
 * as the ISO instant with its offset the simulator takes; null when it is not such a time.
 */
export function instantOfWallTime(wallTime: string, timeZone: string): string | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallTime);
  if (!parts) return null;
  const [year, month, day, hours, minutes] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const instant = new TZDate(year, month - 1, day, hours, minutes, timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}
