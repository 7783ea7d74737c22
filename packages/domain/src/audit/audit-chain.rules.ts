/**
 * The audit log's tamper evidence (docs/decisions/0113): every event carries the hash of the one
 * before it, and its own hash is SHA-256 over that previous hash followed by the event's canonical
 * JSON. Editing a stored event changes its canonical form, so its hash no longer matches; removing
 * one breaks the link of the next (and its sequence number leaves a gap). Pure: the caller hands in
 * the SHA-256 function (node:crypto in the API), so the rules run anywhere.
 */

/** The hash the first event of the chain names as its previous one. */
export const genesisHash = '0'.repeat(64);

/** A value as JSON with object keys sorted at every depth and dates as ISO text: one text per value. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonicalValue(value));
}

function canonicalValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonicalValue(v)]));
  }
  return value;
}

/** What of an event the hash covers: every column but the hash itself. */
export interface ChainedEvent {
  seq: number;
  occurredAt: Date | string;
  actorUserId: string | null;
  actorEmail: string | null;
  audience: string | null;
  brandId: string | null;
  groupId: string | null;
  entityType: string;
  entityId: string;
  action: string;
  changes: unknown;
  ip: string | null;
  userAgent: string | null;
  prevHash: string;
}

export type Sha256Hex = (text: string) => string;

/** The text whose SHA-256 is the event's hash: the previous hash, then the event's canonical JSON. */
export function chainInput(event: ChainedEvent): string {
  // The fields named one by one: a row read back carries its hash too, which the hash cannot cover.
  const covered = {
    seq: event.seq,
    occurredAt: new Date(event.occurredAt).toISOString(),
    actorUserId: event.actorUserId,
    actorEmail: event.actorEmail,
    audience: event.audience,
    brandId: event.brandId,
    groupId: event.groupId,
    entityType: event.entityType,
    entityId: event.entityId,
    action: event.action,
    changes: event.changes,
    ip: event.ip,
    userAgent: event.userAgent,
  };
  return event.prevHash + canonicalJson(covered);
}

export function hashOf(event: ChainedEvent, sha256: Sha256Hex): string {
  return sha256(chainInput(event));
}

export type ChainBreak =
  | { seq: number; problem: 'edited' }
  | { seq: number; problem: 'unlinked' }
  | { seq: number; problem: 'gap'; expectedSeq: number }
  | { seq: number; problem: 'unsigned' }
  | { seq: number; problem: 'forged' };

/**
 * The chain's second seal (docs/decisions/0113, 'Signed events'): each event's hash signed with a
 * key the application holds and the database does not (an HMAC). Anyone who may insert into the
 * table can compute a hash, so the chain alone cannot tell a forged event appended at its end from
 * a real one; without the key, no valid signature. `verify` answers whether the signature is the
 * key's for that hash; the caller holds the key (node:crypto in the API).
 */
export interface SignatureCheck {
  verify(hash: string, signature: string): boolean;
}

/** Where a page of the chain starts: the event before it, and whether the chain was signed by then. */
export interface ChainPosition {
  seq: number;
  hash: string;
  /** An event up to here was signed: every later one must be too (the key cannot be dropped unseen). */
  signed?: boolean;
}

/**
 * Checks a run of events in sequence order. `before` is the event preceding the run (null when the
 * run starts the chain), so a long chain can be checked page by page. With `signatures`, each
 * signed event's signature must be the key's ('forged' otherwise), and once one is signed every
 * later event must be ('unsigned'): events from before a key was set stay valid unsigned. Answers
 * the first break, or null when every event links to the one before and its hash is its own.
 */
export function firstChainBreak(
  events: readonly (ChainedEvent & { hash: string; signature?: string | null })[],
  sha256: Sha256Hex,
  before: ChainPosition | null = null,
  signatures?: SignatureCheck,
): ChainBreak | null {
  let previous = before ?? { seq: 0, hash: genesisHash };
  let signed = before?.signed ?? false;
  for (const event of events) {
    if (event.seq !== previous.seq + 1) {
      return { seq: event.seq, problem: 'gap', expectedSeq: previous.seq + 1 };
    }
    if (event.prevHash !== previous.hash) return { seq: event.seq, problem: 'unlinked' };
    if (hashOf(event, sha256) !== event.hash) return { seq: event.seq, problem: 'edited' };
    if (signatures) {
      const signature = event.signature ?? null;
      if (signature === null) {
        if (signed) return { seq: event.seq, problem: 'unsigned' };
      } else {
        if (!signatures.verify(event.hash, signature)) return { seq: event.seq, problem: 'forged' };
        signed = true;
      }
    }
    previous = { seq: event.seq, hash: event.hash };
  }
  return null;
}
