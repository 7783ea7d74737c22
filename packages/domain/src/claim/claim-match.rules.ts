/**
 * The match score of a missing-transaction claim against a stored transaction (decision 0108):
 * a pure function, so the API's matching at filing and after every upload, and this file's tests,
 * read one rule. Points out of 100:
 *
 * - card (40): the card token equal, 40; only the last four digits given and equal, 20. A card
 *   that differs excludes the transaction whatever else agrees.
 * - merchant ID (25): equal (trimmed, case ignored), 25; otherwise 0.
 * - amount (20): equal to the penny, 20; within the tolerance (the larger of £1 and 5% of the
 *   claimed amount, for tips and rounding on the receipt), 10; otherwise 0.
 * - time (15): within an hour, 15; within the window (72 hours either side, for settlement dates
 *   and time zones on receipts), falling straight from 15 to 5 at its edge; otherwise 0.
 *
 * A transaction matches when its score reaches the threshold (70) with the card and the merchant
 * ID both agreeing: a last-four claim then needs the amount and time close too. Of several that
 * match, the highest score wins, then the nearest in time.
 */

export const claimMatchWeights = { cardToken: 40, cardLast4: 20, mid: 25, amount: 20, time: 15 } as const;
export const claimMatchThreshold = 70;
export const claimAmountTolerance = { minimumPence: 100, percent: 5 } as const;
export const claimTimeWindowHours = 72;
const closeTimeMs = 3_600_000;

export interface ClaimedPurchase {
  cardToken: string | null;
  cardLast4: string | null;
  mid: string;
  amountPence: number;
  occurredAt: Date;
}

export interface CandidateTransaction {
  cardToken: string;
  cardLast4: string;
  mid: string;
  amountPence: number;
  occurredAt: Date;
}

export interface ClaimMatchScore {
  score: number;
  card: number;
  mid: number;
  amount: number;
  time: number;
  /** Whether it counts as the claimed purchase: the threshold reached, card and MID agreeing. */
  matches: boolean;
}

const sameMid = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The most a claimed amount may differ from the transaction's and still earn the near points. */
export function amountTolerancePence(amountPence: number): number {
  return Math.max(
    claimAmountTolerance.minimumPence,
    Math.round((amountPence * claimAmountTolerance.percent) / 100),
  );
}

export function claimMatchScore(claim: ClaimedPurchase, tx: CandidateTransaction): ClaimMatchScore {
  const w = claimMatchWeights;
  let card = 0;
  let cardDiffers = false;
  if (claim.cardToken !== null) {
    if (claim.cardToken === tx.cardToken) card = w.cardToken;
    else cardDiffers = true;
  } else if (claim.cardLast4 !== null) {
    if (claim.cardLast4 === tx.cardLast4) card = w.cardLast4;
    else cardDiffers = true;
  } else {
    cardDiffers = true;
  }
  // A token and last four both given must agree on both.
  if (claim.cardToken !== null && claim.cardLast4 !== null && claim.cardLast4 !== tx.cardLast4) {
    card = 0;
    cardDiffers = true;
  }
  const mid = sameMid(claim.mid, tx.mid) ? w.mid : 0;
  const difference = Math.abs(claim.amountPence - tx.amountPence);
  const amount =
    difference === 0 ? w.amount : difference <= amountTolerancePence(claim.amountPence) ? w.amount / 2 : 0;
  const apart = Math.abs(claim.occurredAt.getTime() - tx.occurredAt.getTime());
  const windowMs = claimTimeWindowHours * closeTimeMs;
  const time =
    apart <= closeTimeMs
      ? w.time
      : apart <= windowMs
        ? Math.round(w.time - ((w.time - 5) * (apart - closeTimeMs)) / (windowMs - closeTimeMs))
        : 0;
  if (cardDiffers) return { score: 0, card: 0, mid, amount, time, matches: false };
  const score = card + mid + amount + time;
  return { score, card, mid, amount, time, matches: score >= claimMatchThreshold && mid > 0 };
}

/** The transaction the claim is for, of those given: the best matching one, or none. */
export function bestClaimMatch<Tx extends CandidateTransaction>(
  claim: ClaimedPurchase,
  candidates: readonly Tx[],
): { transaction: Tx; score: ClaimMatchScore } | null {
  let best: { transaction: Tx; score: ClaimMatchScore; apart: number } | null = null;
  for (const transaction of candidates) {
    const score = claimMatchScore(claim, transaction);
    if (!score.matches) continue;
    const apart = Math.abs(claim.occurredAt.getTime() - transaction.occurredAt.getTime());
    if (!best || score.score > best.score.score || (score.score === best.score.score && apart < best.apart)) {
      best = { transaction, score, apart };
    }
  }
  return best && { transaction: best.transaction, score: best.score };
}
