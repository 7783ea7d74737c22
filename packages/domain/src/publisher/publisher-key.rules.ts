/**
 * A publisher's API keys (brief §5 'Publishers'; decision 0089): live or test, shown once, listed by
 * their prefix, rotated with an overlap during which the old key still works, revoked at once.
 */

export const publisherKeyModes = ['live', 'test'] as const;
export type PublisherKeyMode = (typeof publisherKeyModes)[number];

/** A key's secret: `pk_<mode>_` and 43 characters of base64url (32 random bytes). */
export const keySecretPattern = /^pk_(live|test)_[A-Za-z0-9_-]{43}$/;

/** How much of a secret lists show: the mode and 4 characters of the random part. */
export const keyPrefixLength = 'pk_live_'.length + 4;

/** Rotation: the old key works on for this long by default, and at most for this long. */
export const rotationOverlap = { defaultHours: 24, maxHours: 168 } as const;

/** Working keys (neither revoked nor past their end) a publisher may hold at once. */
export const maxWorkingKeys = 20;

/** The secret of a new key of `mode` from its random part (base64url of 32 random bytes). */
export function keySecretOf(mode: PublisherKeyMode, random: string): string {
  return `pk_${mode}_${random}`;
}

/** What a list shows of a secret: its first characters. */
export function keyPrefixOf(secret: string): string {
  return secret.slice(0, keyPrefixLength);
}

export type PublisherKeyStatus = 'active' | 'expiring' | 'expired' | 'revoked';

export interface KeyLifetime {
  revokedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * Where a key stands at `now`: revoked (stopped by its admin), expired (past the end of its
 * rotation's overlap), expiring (rotated, still working until then), else active.
 */
export function keyStatusOf(key: KeyLifetime, now: Date): PublisherKeyStatus {
  if (key.revokedAt && key.revokedAt.getTime() <= now.getTime()) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return key.expiresAt ? 'expiring' : 'active';
}

/** Whether a call with the key is let through at `now`. */
export function keyWorks(key: KeyLifetime, now: Date): boolean {
  const status = keyStatusOf(key, now);
  return status === 'active' || status === 'expiring';
}

/** When a key rotated at `now` with `overlapHours` stops working (never later than it would have). */
export function rotatedKeyEnd(now: Date, overlapHours: number, currentEnd: Date | null): Date {
  const end = new Date(now.getTime() + overlapHours * 3_600_000);
  return currentEnd && currentEnd.getTime() < end.getTime() ? currentEnd : end;
}

/** last_used_at is written at most this often a key, so a busy key costs no write a request. */
export const lastUseWriteIntervalMs = 60_000;

/** Whether a key last written as used at `lastWritten` should be written again at `now`. */
export function lastUseDue(lastWritten: Date | null, now: Date): boolean {
  return !lastWritten || now.getTime() - lastWritten.getTime() >= lastUseWriteIntervalMs;
}
