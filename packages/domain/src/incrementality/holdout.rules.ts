import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Holdout assignment (docs/decisions/0125, incrementality.md): a card is held out of a brand's
 * campaign for a month when the bucket of (publisher, card token, brand, month) is below the
 * campaign's holdout share. Nothing is drawn and nothing needs storing to decide it: the publisher
 * reading the offers feed, the ingestion of a transaction and the lift measured months later all
 * get the same answer from the same four values.
 *
 * The hash is SHA-256 (@noble/hashes: audited, pure JavaScript, so the rule runs in the browser
 * as well as on the server, where node:crypto would not). Its first 8 bytes, read big-endian as an
 * unsigned 64-bit integer, modulo 10,000 are the card's bucket, 0 to 9,999: uniform to within
 * 2^64 mod 10^4 / 2^64 (about 3e-16).
 */

/** Shares are in basis points: 10,000 is every card. */
export const basisPointsInWhole = 10_000;
/** The share of a campaign's cards held out when the brand sets none: 10%. */
export const defaultHoldoutShareBasisPoints = 1_000;
/** The most a campaign may hold out: half its cards (beyond that the campaign measures, not sells). */
export const maxHoldoutShareBasisPoints = 5_000;

/**
 * A version word hashed first, so a changed recipe (say, a salt per campaign) is a new version
 * and never silently moves cards between the groups of a month already measured.
 */
export const holdoutHashVersion = 'krowd-holdout-v1';

/** What identifies a card's assignment. Month is the campaign month 'YYYY-MM'. */
export interface HoldoutKey {
  publisherId: string;
  cardToken: string;
  brandId: string;
  month: string;
}

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The bytes hashed: the version and the four values as a JSON array, UTF-8. JSON quotes each
 * value, so no id containing a separator can make two different keys hash the same text.
 */
export function holdoutHashInput(key: HoldoutKey): Uint8Array {
  if (!monthPattern.test(key.month)) {
    throw new RangeError(`holdout: the month must be 'YYYY-MM', got '${key.month}'`);
  }
  return utf8ToBytes(
    JSON.stringify([holdoutHashVersion, key.publisherId, key.cardToken, key.brandId, key.month]),
  );
}

/** The card's bucket, 0 to 9,999, for the key. */
export function holdoutBucket(key: HoldoutKey): number {
  const digest = sha256(holdoutHashInput(key));
  let word = 0n;
  for (let at = 0; at < 8; at += 1) word = (word << 8n) | BigInt(digest[at]!);
  return Number(word % BigInt(basisPointsInWhole));
}

/** Whether a holdout share is one a campaign may have: whole basis points, 0 (off) to 50%. */
export function isHoldoutShare(shareBasisPoints: number): boolean {
  return (
    Number.isInteger(shareBasisPoints) &&
    shareBasisPoints >= 0 &&
    shareBasisPoints <= maxHoldoutShareBasisPoints
  );
}

/**
 * Whether the card is in the campaign's holdout: its bucket is below the share. A share of 0 holds
 * no card out. Because the bucket does not depend on the share, a card held out at 5% is also held
 * out at 10%: two campaigns of one brand in one month hold out nested sets, never crossing ones.
 */
export function isHeldOut(key: HoldoutKey, shareBasisPoints: number): boolean {
  if (!isHoldoutShare(shareBasisPoints)) {
    throw new RangeError(`holdout: not a holdout share in basis points: ${shareBasisPoints}`);
  }
  if (shareBasisPoints === 0) return false;
  return holdoutBucket(key) < shareBasisPoints;
}

/** A share in whole per cent (the form's figure) as basis points. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
