import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  chainInput,
  firstChainBreak,
  genesisHash,
  hashOf,
  type ChainedEvent,
} from './audit-chain.rules.ts';

/**
 * A stand-in for SHA-256 (the domain stays free of node:crypto; the API hands in the real one,
 * audit.routes.test.ts): FNV-1a over the text, as 64 hex digits. Any change of the text changes it.
 */
function sha256(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0').repeat(8);
}

function chainOf(count: number) {
  const events: (ChainedEvent & { hash: string })[] = [];
  let prevHash = genesisHash;
  for (let seq = 1; seq <= count; seq += 1) {
    const event: ChainedEvent = {
      seq,
      occurredAt: new Date(Date.UTC(2026, 11, 2, 10, seq)),
      actorUserId: '9b2f3c8e-1d4a-4e6b-8f0a-2c3d4e5f6a7b',
      actorEmail: 'ana@brand.test',
      audience: 'brandAdmin',
      brandId: '1f0e2d3c-4b5a-4968-8776-655443322110',
      groupId: null,
      entityType: 'campaign',
      entityId: `campaign-${seq}`,
      action: 'updated',
      changes: { budget_pence: { before: 10_000, after: 10_000 + seq } },
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
      prevHash,
    };
    const hash = hashOf(event, sha256);
    events.push({ ...event, hash });
    prevHash = hash;
  }
  return events;
}

describe('canonical JSON', () => {
  it('is the same text whatever order the keys were written in, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { x: 0, y: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('writes dates as ISO text and leaves out undefined fields', () => {
    expect(canonicalJson({ at: new Date('2026-12-02T10:00:00Z'), gone: undefined })).toBe(
      '{"at":"2026-12-02T10:00:00.000Z"}',
    );
  });
});

describe('the hash chain', () => {
  it('hashes the previous hash followed by the event, so the same event after another hash differs', () => {
    const [first] = chainOf(1);
    expect(chainInput(first!).startsWith(genesisHash + '{')).toBe(true);
    expect(hashOf({ ...first!, prevHash: 'f'.repeat(64) }, sha256)).not.toBe(first!.hash);
  });

  it('reads the same hash from a date as text (as read back) as from the date written', () => {
    const [first] = chainOf(1);
    const asRead = { ...first!, occurredAt: new Date(first!.occurredAt).toISOString() };
    expect(hashOf(asRead, sha256)).toBe(first!.hash);
  });

  it('finds nothing wrong in an untouched chain', () => {
    expect(firstChainBreak(chainOf(5), sha256)).toBeNull();
  });

  it('finds an edited event: a changed field no longer gives its hash', () => {
    const events = chainOf(5);
    events[2] = { ...events[2]!, changes: { budget_pence: { before: 10_000, after: 99_999 } } };
    expect(firstChainBreak(events, sha256)).toEqual({ seq: 3, problem: 'edited' });
  });

  it('finds an edited event whose hash was recomputed too: the next one no longer links to it', () => {
    const events = chainOf(5);
    const edited = { ...events[2]!, actorEmail: 'someone@else.test' };
    events[2] = { ...edited, hash: hashOf(edited, sha256) };
    expect(firstChainBreak(events, sha256)).toEqual({ seq: 4, problem: 'unlinked' });
  });

  it('finds a removed event as a gap in the sequence', () => {
    const events = chainOf(5);
    events.splice(1, 1);
    expect(firstChainBreak(events, sha256)).toEqual({ seq: 3, problem: 'gap', expectedSeq: 2 });
  });

  it('finds a removed event renumbered to hide the gap: the link is broken', () => {
    const events = chainOf(5);
    events.splice(1, 1);
    events[1] = { ...events[1]!, seq: 2 };
    expect(firstChainBreak(events, sha256)?.seq).toBe(2);
  });

  it('checks a chain page by page from the event before the page', () => {
    const events = chainOf(6);
    const last = events[2]!;
    expect(firstChainBreak(events.slice(3), sha256, { seq: last.seq, hash: last.hash })).toBeNull();
    expect(firstChainBreak(events.slice(3), sha256, { seq: last.seq, hash: genesisHash })).toEqual({
      seq: 4,
      problem: 'unlinked',
    });
  });

  it('finds a chain that does not start at the first event (the oldest removed)', () => {
    expect(firstChainBreak(chainOf(3).slice(1), sha256)).toEqual({ seq: 2, problem: 'gap', expectedSeq: 1 });
  });
});

describe('signed events (a key the database does not hold)', () => {
  // A stand-in for HMAC-SHA256 under the key 'k': any signature not made from the hash with it fails.
  const sign = (hash: string) => `k:${sha256(`k${hash}`)}`;
  const signatures = { verify: (hash: string, signature: string) => signature === sign(hash) };
  const signedFrom = (events: ReturnType<typeof chainOf>, first: number) =>
    events.map((event) => ({ ...event, signature: event.seq >= first ? sign(event.hash) : null }));

  it('accepts a chain whose events are signed from the one the key was set at onwards', () => {
    expect(firstChainBreak(signedFrom(chainOf(5), 3), sha256, null, signatures)).toBeNull();
    expect(firstChainBreak(signedFrom(chainOf(5), 1), sha256, null, signatures)).toBeNull();
    expect(firstChainBreak(signedFrom(chainOf(5), 6), sha256, null, signatures)).toBeNull();
  });

  it('finds a forged event appended at the end: its hash is right, its signature is not the key’s', () => {
    const events = signedFrom(chainOf(4), 1);
    const forged = { ...events[3]!, signature: `k:${'0'.repeat(64)}` };
    expect(firstChainBreak([...events.slice(0, 3), forged], sha256, null, signatures)).toEqual({
      seq: 4,
      problem: 'forged',
    });
  });

  it('finds an unsigned event after a signed one (a forger without the key leaves it blank)', () => {
    const events = signedFrom(chainOf(4), 2);
    const blank = { ...events[3]!, signature: null };
    expect(firstChainBreak([...events.slice(0, 3), blank], sha256, null, signatures)).toEqual({
      seq: 4,
      problem: 'unsigned',
    });
  });

  it('carries "signed by then" across pages, so a blank event opening the next page is found', () => {
    const events = signedFrom(chainOf(4), 1).map((event) =>
      event.seq === 3 ? { ...event, signature: null } : event,
    );
    const [second] = events.slice(1, 2);
    expect(
      firstChainBreak(events.slice(2), sha256, { seq: 2, hash: second!.hash, signed: true }, signatures),
    ).toEqual({ seq: 3, problem: 'unsigned' });
  });

  it('checks no signature without the key (the chain alone, as before)', () => {
    const events = signedFrom(chainOf(3), 1).map((event) => ({ ...event, signature: 'not a signature' }));
    expect(firstChainBreak(events, sha256)).toBeNull();
  });
});
