import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import { firstChainBreak, genesisHash, hashOf, type ChainBreak } from '@krowd/domain/audit/audit-chain.rules';
import type { AuditChanges } from '@krowd/domain/audit/audit-diff.rules';
import { auditCsvHeader, auditCsvLine, instantsOfDays } from '@krowd/domain/audit/audit-list.rules';
import type {
  AuditAction,
  AuditEntityType,
  AuditEvent,
  AuditExportQuery,
  AuditListQuery,
  AuditPage,
} from '@krowd/domain/audit/audit.schema';
import { paginationOf } from '@krowd/domain/list/list.schema';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { listedBrands } from '../../http/listed-brands.ts';
import type { ScopedBrand } from '../../http/brand-scope.ts';
import type { AuditEventRow, AuditFilter, AuditRepository } from './audit.repository.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** An event's signature: HMAC-SHA256 of its hash under the signing key, hex (decision 0113). */
export const signatureOf = (key: string, hash: string) =>
  createHmac('sha256', key).update(hash, 'utf8').digest('hex');

function signatureCheck(key: string) {
  return {
    verify(hash: string, signature: string) {
      const expected = Buffer.from(signatureOf(key, hash), 'hex');
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** What changed: the record, what happened to it, the brand whose log shows it, and each field. */
export interface AuditEntry {
  entityType: AuditEntityType;
  entityId: string;
  action: AuditAction;
  /** The brand whose admins read the event (null: the system admin's log only). */
  brandId: string | null;
  groupId?: string | null;
  changes: AuditChanges;
}

/** A change the payment provider made by its signed webhook: no user made it (docs/decisions/0113). */
export interface ProviderActor {
  provider: string;
}

/** The audience an event made by the provider keeps: `paymentProvider:<name>`. */
const providerAudience = 'paymentProvider:';

/** Who made a change: a user (with where from), the payment provider, or the product itself (null). */
export type AuditActor = AuthContext | ProviderActor | null;

const isProvider = (actor: AuditActor): actor is ProviderActor => actor !== null && 'provider' in actor;

/**
 * The audit log (docs/decisions/0113). `record` is called by a service inside the transaction of
 * the change it describes, as its last statement: the event commits or rolls back with the change,
 * and the chain's lock it takes is held only until that commit.
 */
export function createAuditLog(deps: {
  repository: AuditRepository;
  brands: {
    findById(id: string): Promise<ScopedBrand | undefined>;
    groupById(groupId: string): Promise<{ id: string } | undefined>;
    brandsOfGroup(groupId: string): Promise<(ScopedBrand & { name: string })[]>;
  };
  timeZone: string;
  clock: () => Date;
  /** AUDIT_SIGNING_KEY: each new event's hash signed with it (none: events are unsigned). */
  signingKey?: string;
}) {
  const { repository, brands, timeZone, clock, signingKey } = deps;

  async function filterOf(auth: AuthContext, query: AuditExportQuery): Promise<AuditFilter> {
    const { from, until } = instantsOfDays(query, timeZone);
    return {
      brands: await listedBrands(brands, auth.scope, { brandId: query.brandId }),
      groupId: auth.scope.kind === 'group' && !query.brandId ? auth.scope.groupId : undefined,
      entityType: query.entityType,
      entityId: query.entityId,
      actorId: query.actorId,
      actorEmail: query.actorEmail,
      from,
      until,
    };
  }

  return {
    /**
     * Appends one event to the chain in the change's transaction. `auth` is who made the change
     * (with where from, when a route built it: `callerOf`); null for the product itself (a job).
     */
    async record(trx: Transaction<DB>, actor: AuditActor, entry: AuditEntry): Promise<void> {
      const last = await repository.lockChain(trx);
      const auth = isProvider(actor) ? null : actor;
      const event = {
        seq: (last?.id ?? 0) + 1,
        occurredAt: clock(),
        actorUserId: auth?.account.id ?? null,
        actorEmail: auth?.account.email ?? null,
        audience: isProvider(actor) ? `${providerAudience}${actor.provider}` : (auth?.audience ?? null),
        brandId: entry.brandId,
        groupId: entry.groupId ?? null,
        entityType: entry.entityType,
        entityId: entry.entityId,
        action: entry.action,
        changes: entry.changes,
        ip: auth?.origin?.ip ?? null,
        userAgent: auth?.origin?.userAgent ?? null,
        prevHash: last?.hash ?? genesisHash,
      };
      const hash = hashOf(event, sha256);
      await repository.append(trx, {
        id: event.seq,
        occurred_at: event.occurredAt,
        actor_user_id: event.actorUserId,
        actor_email: event.actorEmail,
        audience: event.audience,
        brand_id: event.brandId,
        group_id: event.groupId,
        entity_type: event.entityType,
        entity_id: event.entityId,
        action: event.action,
        changes: JSON.stringify(event.changes),
        ip: event.ip,
        user_agent: event.userAgent,
        prev_hash: event.prevHash,
        hash,
        signature: signingKey ? signatureOf(signingKey, hash) : null,
      });
    },

    /** A page of the events the caller may read: its brands' (every event for the system admin). */
    async list(auth: AuthContext, query: AuditListQuery): Promise<AuditPage> {
      const filter = await filterOf(auth, query);
      const { rows, total } = await repository.list(filter, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { data: rows.map(eventOf), pagination: paginationOf(query, total) };
    },

    /** The same events as CSV, oldest first, read in pages so memory holds one page at a time. */
    async *exportCsv(auth: AuthContext, query: AuditExportQuery): AsyncGenerator<string> {
      const filter = await filterOf(auth, query);
      yield auditCsvHeader();
      let afterId = 0;
      for (;;) {
        const rows = await repository.after(filter, afterId, exportPageSize);
        if (rows.length === 0) return;
        yield rows.map((row) => auditCsvLine(eventOf(row), timeZone)).join('');
        afterId = rows.at(-1)!.id;
      }
    },

    /**
     * A record's events oldest first (a campaign's version history). The caller has checked the
     * record is in scope; the events of a brand-side record are the brand's alone anyway.
     */
    async history(entityType: AuditEntityType, entityId: string): Promise<AuditEvent[]> {
      return (await repository.ofEntity(entityType, entityId)).map(eventOf);
    },

    /** Walks the whole chain: `npm run audit:verify` (audit-verify.command.ts). */
    verify: (options: Omit<VerifyOptions, 'signingKey'> = {}) =>
      verifyAuditChain(repository, { ...options, signingKey }),
  };
}

const exportPageSize = 1000;

/** An event kept outside the database (the daily digest's head): it must still be there, unchanged. */
export interface AuditAnchor {
  seq: number;
  hash: string;
}

/** `<event>:<64 hex digits>` as the digest prints it; null when it is not that. */
export function parseAnchor(text: string): AuditAnchor | null {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { seq: Number(match[1]), hash: match[2]! } : null;
}

export interface VerifyOptions {
  /** With the key, every signed event's signature is checked, and none may follow unsigned. */
  signingKey?: string;
  anchor?: AuditAnchor;
}

export type VerifyBreak =
  | ChainBreak
  /** The anchor's event is not in the chain: events were removed from its end. */
  | { seq: number; problem: 'truncated' }
  /** The anchor's event is there with another hash: the chain was rewritten up to it. */
  | { seq: number; problem: 'anchorMismatch' };

/**
 * Walks the whole chain in pages of the oldest first, each checked from the last event of the
 * page before: the first break, or null, how many events were found intact, and the newest
 * event's link (the head, to keep outside the database as the next anchor).
 */
export async function verifyAuditChain(
  repository: Pick<AuditRepository, 'after'>,
  options: VerifyOptions = {},
): Promise<{ checked: number; broken: VerifyBreak | null; head: AuditAnchor | null; signed: number }> {
  const signatures = options.signingKey ? signatureCheck(options.signingKey) : undefined;
  const { anchor } = options;
  let before: { seq: number; hash: string; signed: boolean } | null = null;
  let checked = 0;
  let signed = 0;
  for (;;) {
    const rows = await repository.after({ brands: 'all' }, before?.seq ?? 0, exportPageSize);
    if (rows.length === 0) {
      if (anchor && (before?.seq ?? 0) < anchor.seq) {
        return { checked, broken: { seq: anchor.seq, problem: 'truncated' }, head: before, signed };
      }
      return { checked, broken: null, head: before && { seq: before.seq, hash: before.hash }, signed };
    }
    const broken = firstChainBreak(rows.map(chainedOf), sha256, before, signatures);
    if (broken) {
      return {
        checked: checked + rows.findIndex((row) => row.id === broken.seq),
        broken,
        head: null,
        signed,
      };
    }
    const anchored = anchor && rows.find((row) => row.id === anchor.seq);
    if (anchored && anchored.hash !== anchor.hash) {
      return {
        checked: checked + rows.indexOf(anchored),
        broken: { seq: anchor.seq, problem: 'anchorMismatch' },
        head: null,
        signed,
      };
    }
    checked += rows.length;
    signed += rows.filter((row) => row.signature !== null).length;
    const last = rows.at(-1)!;
    before = { seq: last.id, hash: last.hash, signed: signed > 0 };
  }
}

function chainedOf(row: AuditEventRow) {
  return {
    seq: row.id,
    occurredAt: row.occurred_at,
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    audience: row.audience,
    brandId: row.brand_id,
    groupId: row.group_id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    action: row.action,
    changes: row.changes,
    ip: row.ip,
    userAgent: row.user_agent,
    prevHash: row.prev_hash,
    hash: row.hash,
    signature: row.signature,
  };
}

function eventOf(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    actor: {
      id: row.actor_user_id,
      email: row.actor_email,
      provider: row.audience?.startsWith(providerAudience)
        ? row.audience.slice(providerAudience.length)
        : null,
    },
    brandId: row.brand_id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    action: row.action,
    changes: row.changes,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
/** What a service needs of the audit log: the one call that appends an event. */
export type AuditRecorder = Pick<AuditLog, 'record'>;
