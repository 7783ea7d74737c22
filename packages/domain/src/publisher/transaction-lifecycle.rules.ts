/**
 * The single-transaction API's timing (docs/decisions/0109). An authorisation that is not cleared
 * within `authorisationHoldDays` expires: about as long as the card schemes let an authorisation
 * hold funds before it lapses (7 days for most card-present purchases), so a clearing that still
 * comes is almost always inside it. A late clearing is still accepted: the purchase happened.
 */
export const authorisationHoldDays = 7;
export const authorisationHoldMs = authorisationHoldDays * 24 * 60 * 60 * 1000;

/** When an authorisation made at `authorisedAt` (our clock) expires. */
export function authorisationExpiresAt(authorisedAt: Date): Date {
  return new Date(authorisedAt.getTime() + authorisationHoldMs);
}

/** How often the sweep looks for authorisations past their expiry. */
export const authorisationSweepEveryMs = 5 * 60_000;

/**
 * What a refund takes: the amount named, or the whole of what is left of the original (pence);
 * null when nothing is left or the amount is more than what is left.
 */
export function refundAmountPence(
  original: { amountPence: number; refundedPence: number },
  asked: number | null,
): number | null {
  const left = original.amountPence - original.refundedPence;
  if (left <= 0) return null;
  if (asked === null) return left;
  return asked <= left ? asked : null;
}
