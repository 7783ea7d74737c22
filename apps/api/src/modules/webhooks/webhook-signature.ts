import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signature every delivery carries (docs/decisions/0098), in the `Krowd-Signature` header:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the secret>`, with a second
 * `v1=` while a rotated secret's overlap lasts. A receiver recomputes it over the raw body bytes,
 * compares in constant time, and refuses a `t` further than the replay window from its clock.
 */
export const signatureHeader = 'krowd-signature';
export const eventIdHeader = 'krowd-event-id';
export const eventTypeHeader = 'krowd-event-type';
export const attemptHeader = 'krowd-delivery-attempt';
/** How far from the receiver's clock a signature's time may be (documented for receivers). */
export const replayWindowSeconds = 5 * 60;

const secretPrefix = 'whsec_';

/** A new signing secret: 32 random bytes, shown to its owner once. */
export function newSigningSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString('base64url')}`;
}

/** What the endpoint list shows of a secret: enough to tell two apart, nothing to sign with. */
export function secretPrefixOf(secret: string): string {
  return `${secret.slice(0, secretPrefix.length + 4)}…`;
}

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header's value for a body sent at `timestamp` (unix seconds), signed by each secret. */
export function signatureOf(body: string, timestamp: number, secrets: readonly string[]): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmacHex(secret, timestamp, body)}`)].join(',');
}

/**
 * What a receiver does (the snippet in docs/decisions/0098 is this function): true when one `v1`
 * of the header is the body's signature with `secret` and its time is within the replay window.
 */
export function verifySignature(
  body: string,
  header: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = replayWindowSeconds,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(expected, Buffer.from(value, 'hex'));
  });
}
