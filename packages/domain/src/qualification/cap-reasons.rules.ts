import { z } from 'zod';
import { capIntervals, type CampaignCaps } from '../campaign/campaign-caps.rules.ts';
import { messages } from '../messages/messages.ts';
import { formatPence } from '../money/money.rules.ts';
import type { QualificationReason, ReasonParams } from './qualification.types.ts';

/**
 * The reasons a cap gives (qualification.md 'Caps', docs/decisions/0116) and the number each names.
 * A reason is stored as its code with the cap's number beside it (`reason_params`), as the campaign
 * had it when the transaction was qualified, so the text shown later names the cap that applied even
 * when the campaign's caps were changed since; the text is made from the catalogue when shown.
 */

export const capReasons = [
  'cappedTransactionsPerCard',
  'cappedTransactionsPerInterval',
  'cappedSpendPerInterval',
  'cappedSpendPartly',
  'cappedCashbackPerTransaction',
] as const satisfies readonly QualificationReason[];
export type CapReason = (typeof capReasons)[number];

export type { ReasonParams } from './qualification.types.ts';

/** The parameters as stored (jsonb), checked when read back. */
export const reasonParamsSchema = z.strictObject({
  limit: z.number().int().positive(),
  interval: z.enum(capIntervals).nullable(),
});

/** Whether a stored text is a reason code of the catalogue. */
export function isQualificationReason(reason: string): reason is QualificationReason {
  return Object.hasOwn(messages.qualification, reason);
}

export function isCapReason(reason: string): reason is CapReason {
  return (capReasons as readonly string[]).includes(reason);
}

/** The cap behind a cap reason, as the campaign has it (null when the campaign has not that cap). */
export function capReasonParams(campaign: CampaignCaps, reason: CapReason): ReasonParams | null {
  const interval = campaign.capInterval;
  const limit =
    reason === 'cappedTransactionsPerCard'
      ? campaign.maxTransactionsPerCard
      : reason === 'cappedTransactionsPerInterval'
        ? campaign.maxTransactionsPerInterval
        : reason === 'cappedCashbackPerTransaction'
          ? campaign.maxCashbackPence
          : campaign.maxSpendPerIntervalPence;
  if (limit === null) return null;
  const perInterval = reason !== 'cappedTransactionsPerCard' && reason !== 'cappedCashbackPerTransaction';
  return { limit, interval: perInterval ? interval : null };
}

/**
 * The text shown for a reason (the message catalogue): a cap's reason with its number when the
 * parameters are given ('Capped: 3 rewarded transactions per card reached').
 */
export function qualificationMessage(
  reason: QualificationReason,
  params: ReasonParams | null = null,
): string {
  if (!isCapReason(reason)) return messages.qualification[reason];
  if (params === null) return messages.qualificationCapsWithoutNumber[reason];
  const m = messages.qualification;
  const interval = messages.qualificationCapIntervals[params.interval ?? 'month'];
  switch (reason) {
    case 'cappedTransactionsPerCard':
      return m.cappedTransactionsPerCard(params.limit);
    case 'cappedTransactionsPerInterval':
      return m.cappedTransactionsPerInterval(params.limit, interval);
    case 'cappedSpendPerInterval':
      return m.cappedSpendPerInterval(formatPence(params.limit), interval);
    case 'cappedSpendPartly':
      return m.cappedSpendPartly(formatPence(params.limit), interval);
    case 'cappedCashbackPerTransaction':
      return m.cappedCashbackPerTransaction(formatPence(params.limit));
  }
}

/** Stored parameters read back: null when absent or not of this shape. */
export function storedReasonParams(value: unknown): ReasonParams | null {
  const parsed = reasonParamsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * A stored reason code and its stored parameters in the catalogue's words (the dashboard's reasons
 * and the export, docs/decisions/0130); a code the catalogue does not have is shown as it is.
 */
export function storedReasonText(reason: string, params: unknown): string {
  return isQualificationReason(reason) ? qualificationMessage(reason, storedReasonParams(params)) : reason;
}
