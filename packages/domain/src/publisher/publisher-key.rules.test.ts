import { describe, expect, it } from 'vitest';
import {
  keyPrefixOf,
  keySecretOf,
  keySecretPattern,
  keyStatusOf,
  keyWorks,
  lastUseDue,
  rotatedKeyEnd,
} from './publisher-key.rules.ts';

const now = new Date('2026-12-02T10:00:00Z');
const hoursFrom = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe('publisher API keys', () => {
  it('makes a secret that names its mode and lists it by a short prefix', () => {
    const secret = keySecretOf('test', 'a'.repeat(43));
    expect(secret).toMatch(keySecretPattern);
    expect(keyPrefixOf(secret)).toBe('pk_test_aaaa');
  });

  it('calls a key active until rotated, then expiring until its overlap ends, then expired', () => {
    expect(keyStatusOf({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(keyStatusOf({ revokedAt: null, expiresAt: hoursFrom(1) }, now)).toBe('expiring');
    expect(keyStatusOf({ revokedAt: null, expiresAt: hoursFrom(0) }, now)).toBe('expired');
    expect(keyWorks({ revokedAt: null, expiresAt: hoursFrom(1) }, now)).toBe(true);
    expect(keyWorks({ revokedAt: null, expiresAt: hoursFrom(-1) }, now)).toBe(false);
  });

  it('stops a revoked key at once, even inside a rotation overlap', () => {
    const key = { revokedAt: now, expiresAt: hoursFrom(5) };
    expect(keyStatusOf(key, now)).toBe('revoked');
    expect(keyWorks(key, now)).toBe(false);
  });

  it('ends a rotated key after the overlap, never later than an end it already had', () => {
    expect(rotatedKeyEnd(now, 24, null)).toEqual(hoursFrom(24));
    expect(rotatedKeyEnd(now, 0, null)).toEqual(now);
    expect(rotatedKeyEnd(now, 24, hoursFrom(2))).toEqual(hoursFrom(2));
  });

  it('writes a key’s last use at most once a minute', () => {
    expect(lastUseDue(null, now)).toBe(true);
    expect(lastUseDue(new Date(now.getTime() - 59_000), now)).toBe(false);
    expect(lastUseDue(new Date(now.getTime() - 60_000), now)).toBe(true);
  });
});
