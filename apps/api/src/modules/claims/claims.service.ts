import type { Kysely, Transaction } from 'kysely';
import { isSystemAdmin } from '@krowd/domain/access/access.rules';
import { bestClaimMatch } from '@krowd/domain/claim/claim-match.rules';
import {
  claimDeadline,
  type BrandClaimCreate,
  type Claim,
  type ClaimListQuery,
  type ClaimPage,
  type ClaimResolve,
  type ClaimStatus,
  type PublisherClaimCreate,
} from '@krowd/domain/claim/claim.schema';
import { paginationOf } from '@krowd/domain/list/list.schema';
import { diffRecords } from '@krowd/domain/audit/audit-diff.rules';
import { messages } from '@krowd/domain/messages/messages';
import {
  isQualificationReason,
  qualificationMessage,
  storedReasonParams,
} from '@krowd/domain/qualification/cap-reasons.rules';
import type { DB } from '../../db/database.generated.ts';
import { brandInScope, type ScopedBrand } from '../../http/brand-scope.ts';
import type { AuthContext } from '../../http/caller.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { brandsOfScope } from '../../http/listed-brands.ts';
import type { PublisherCaller } from '../../http/publisher-caller.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { WebhookEventInput } from '../webhooks/webhook-events.repository.ts';
import type { ClaimReach, ClaimRow, ClaimsRepository } from './claims.repository.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

const m = messages.claim;

interface BrandsReader {
  findById(id: string): Promise<ScopedBrand | undefined>;
  brandsOfGroup(groupId: string): Promise<(ScopedBrand & { name: string })[]>;
}

/** Who is asking: a signed-in user (brand side or the system admin) or a publisher's key. */
export type ClaimCaller = { kind: 'user'; auth: AuthContext } | { kind: 'publisher'; key: PublisherCaller };

type StoredClaim = NonNullable<Awaited<ReturnType<ClaimsRepository['lock']>>>;

/**
 * Missing-transaction claims (docs/decisions/0108): filed by a publisher's key or a brand's user,
 * matched at once against the stored transactions and, while open, against every later upload (a
 * job the upload queues); what no qualified transaction answers waits for the system admin, who
 * resolves it with a code. Every change writes a history row and emits claim.updated in its own
 * transaction. Outside the caller's reach a claim answers 404, its existence kept hidden.
 */
export function createClaimsService(deps: {
  db: Kysely<DB>;
  repository: ClaimsRepository;
  brands: BrandsReader;
  events: { emitEvent(trx: Transaction<DB>, event: WebhookEventInput): Promise<string> };
  timeZone: string;
  clock: () => Date;
  /** The system admin's rulings recorded in their transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, repository, brands, events, timeZone, clock } = deps;

  async function reachOf(caller: ClaimCaller): Promise<ClaimReach> {
    if (caller.kind === 'publisher') return { kind: 'publisher', publisherId: caller.key.publisherId };
    if (isSystemAdmin(caller.auth.audience)) return { kind: 'all' };
    return { kind: 'brands', brands: await brandsOfScope(brands, caller.auth.scope) };
  }

  async function reaches(caller: ClaimCaller, row: ClaimRow): Promise<boolean> {
    if (caller.kind === 'publisher') return row.publisher_id === caller.key.publisherId;
    if (isSystemAdmin(caller.auth.audience)) return true;
    if (!row.brand_id) return false;
    const brand = await brands.findById(row.brand_id);
    return brand !== undefined && scopeCoversBrand(caller.auth.scope, brand);
  }

  async function answer(row: ClaimRow): Promise<Claim> {
    return (await answers([row]))[0]!;
  }

  async function answers(rows: readonly ClaimRow[]): Promise<Claim[]> {
    const history = await repository.events(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      source: row.source as Claim['source'],
      status: row.status as ClaimStatus,
      publisher: row.publisher_id ? { id: row.publisher_id, name: row.publisher_name ?? '' } : null,
      brand: row.brand_id ? { id: row.brand_id, name: row.brand_name ?? '' } : null,
      cardToken: row.card_token,
      cardLast4: row.card_last4,
      mid: row.mid,
      amountPence: Number(row.amount_pence),
      occurredAt: row.occurred_at.toISOString(),
      reference: row.reference,
      note: row.note,
      transactionId: row.transaction_id,
      matchScore: row.match_score,
      notQualifiedReason: row.not_qualified_reason,
      cashbackPence:
        row.status === 'matched' && row.cashback_pence !== null ? Number(row.cashback_pence) : null,
      resolution: row.resolution as Claim['resolution'],
      resolutionReason: row.resolution_reason,
      deadline: row.deadline.toISOString(),
      filedAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      history: history
        .filter((event) => event.claim_id === row.id)
        .map((event) => ({
          at: event.at.toISOString(),
          status: event.status as ClaimStatus,
          text: event.text,
        })),
    }));
  }

  async function emitUpdated(trx: Transaction<DB>, id: string) {
    const row = (await repository.find(trx, id))!;
    await events.emitEvent(trx, {
      type: 'claim.updated',
      mode: 'live',
      brandId: row.brand_id,
      publisherId: row.publisher_id,
      subjectId: row.id,
      data: {
        id: row.id,
        status: row.status,
        source: row.source,
        reference: row.reference,
        transactionId: row.transaction_id,
        matchScore: row.match_score,
        notQualifiedReason: row.not_qualified_reason,
        resolution: row.resolution,
        resolutionReason: row.resolution_reason,
        deadline: row.deadline.toISOString(),
      },
    });
  }

  /**
   * The claim matched against stored transactions (one upload's when given): a qualified match
   * closes it as paid by that transaction; one not qualified sends it to review with the engine's
   * reason; none leaves it as it is. Answers whether it changed.
   */
  async function match(trx: Transaction<DB>, claim: StoredClaim, ingestionLogId?: string): Promise<boolean> {
    const candidates = await repository.candidates(trx, claim, ingestionLogId);
    const best = bestClaimMatch(
      {
        cardToken: claim.card_token,
        cardLast4: claim.card_last4,
        mid: claim.mid,
        amountPence: Number(claim.amount_pence),
        occurredAt: claim.occurred_at,
      },
      candidates,
    );
    if (!best) return false;
    const now = clock();
    const { transaction, score } = best;
    const qualified = transaction.outcome === 'qualified';
    const reason = transaction.reason ?? '';
    const status: ClaimStatus = qualified ? 'matched' : 'in_review';
    await repository.update(trx, claim.id, {
      status,
      transaction_id: transaction.id,
      match_score: score.score,
      not_qualified_reason: qualified ? null : reason,
      updated_at: now,
    });
    await repository.addEvent(trx, {
      claim_id: claim.id,
      at: now,
      status,
      text: qualified
        ? m.history.matchedQualified(score.score)
        : m.history.matchedNotQualified(
            score.score,
            // The reason's text from the catalogue, a cap's with its number (decision 0116).
            isQualificationReason(reason)
              ? qualificationMessage(reason, storedReasonParams(transaction.reasonParams))
              : reason,
          ),
    });
    return true;
  }

  /** Marks the Idempotency-Key's effect in the filing's transaction (plugins/idempotency.ts). */
  type MarkEffect = (trx: Transaction<DB>) => Promise<void>;

  async function file(
    values: Omit<
      Parameters<ClaimsRepository['insert']>[1],
      'status' | 'deadline' | 'created_at' | 'updated_at'
    >,
    markEffect?: MarkEffect,
  ): Promise<Claim> {
    const now = clock();
    if (values.occurred_at.getTime() > now.getTime()) throw invalidField('occurredAt', m.occurredAtFuture);
    const id = await db.transaction().execute(async (trx) => {
      await markEffect?.(trx);
      const id = await repository.insert(trx, {
        ...values,
        status: 'open',
        deadline: claimDeadline(now, timeZone),
        created_at: now,
        updated_at: now,
      });
      await repository.addEvent(trx, { claim_id: id, at: now, status: 'open', text: m.history.filed });
      const stored = (await repository.lock(trx, id))!;
      if (!(await match(trx, stored))) {
        await repository.addEvent(trx, { claim_id: id, at: now, status: 'open', text: m.history.noMatch });
      }
      await emitUpdated(trx, id);
      return id;
    });
    return answer((await repository.find(db, id))!);
  }

  const purchaseOf = (body: PublisherClaimCreate) => ({
    card_token: body.cardToken ?? null,
    card_last4: body.cardLast4 ?? null,
    mid: body.mid,
    amount_pence: body.amountPence,
    occurred_at: new Date(body.occurredAt),
    reference: body.reference ?? null,
    note: body.note ?? null,
  });

  return {
    async fileForPublisher(
      key: PublisherCaller,
      body: PublisherClaimCreate,
      markEffect?: MarkEffect,
    ): Promise<Claim> {
      return file(
        {
          source: 'publisher',
          publisher_id: key.publisherId,
          brand_id: await repository.brandOfMid(body.mid),
          filed_by_user_id: null,
          ...purchaseOf(body),
        },
        markEffect,
      );
    },

    async fileForBrand(auth: AuthContext, body: BrandClaimCreate, markEffect?: MarkEffect): Promise<Claim> {
      // A brand outside scope answers 404, as everywhere: its existence stays hidden.
      const brand = await brandInScope(brands, auth.scope, body.brandId);
      return file(
        {
          source: 'brand',
          publisher_id: null,
          brand_id: brand.id,
          filed_by_user_id: auth.account.id,
          ...purchaseOf(body),
        },
        markEffect,
      );
    },

    async list(caller: ClaimCaller, query: ClaimListQuery): Promise<ClaimPage> {
      if (query.brandId && caller.kind === 'user' && !isSystemAdmin(caller.auth.audience)) {
        await brandInScope(brands, caller.auth.scope, query.brandId);
      }
      const { rows, total } = await repository.list(
        await reachOf(caller),
        { status: query.status, queue: query.queue === 'true', brandId: query.brandId },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { data: await answers(rows), pagination: paginationOf(query, total) };
    },

    async get(caller: ClaimCaller, id: string): Promise<Claim> {
      const row = await repository.find(db, id);
      if (!row || !(await reaches(caller, row))) throw notFound(m.notFound);
      return answer(row);
    },

    /** The system admin's ruling on an open or in-review claim (claims.resolve: the system admin only). */
    async resolve(auth: AuthContext, id: string, body: ClaimResolve): Promise<Claim> {
      await db.transaction().execute(async (trx) => {
        const claim = await repository.lock(trx, id);
        if (!claim) throw notFound(m.notFound);
        if (claim.status === 'matched' || claim.status === 'resolved') throw conflict(m.alreadyClosed);
        if (body.transactionId && !(await repository.transactionExists(trx, body.transactionId))) {
          throw invalidField('transactionId', m.transactionNotFound);
        }
        const now = clock();
        const label = m.resolutions[body.resolution];
        await repository.update(trx, id, {
          status: 'resolved',
          resolution: body.resolution,
          resolution_reason: body.reason || null,
          resolved_by_user_id: auth.account.id,
          ...(body.transactionId ? { transaction_id: body.transactionId } : {}),
          updated_at: now,
        });
        await repository.addEvent(trx, {
          claim_id: id,
          at: now,
          status: 'resolved',
          text: m.history.resolved(body.reason ? `${label}: ${body.reason}` : label),
        });
        await emitUpdated(trx, id);
        const ruling = {
          status: 'resolved',
          resolution: body.resolution,
          resolution_reason: body.reason || null,
        };
        const found = body.transactionId ? { transaction_id: body.transactionId } : {};
        const was = {
          status: claim.status,
          resolution: null,
          resolution_reason: null,
          transaction_id: claim.transaction_id,
        };
        await deps.audit?.record(trx, auth, {
          entityType: 'claim',
          entityId: id,
          action: body.resolution === 'qualified_after_review' ? 'approved' : 'rejected',
          brandId: claim.brand_id,
          changes: diffRecords(was, { ...was, ...ruling, ...found }),
        });
      });
      return answer((await repository.find(db, id))!);
    },

    /** The claims still open matched against one upload's transactions, in one transaction. */
    async matchUpload(ingestionLogId: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let changed = 0;
        for (const claim of await repository.openClaimsForUpload(trx, ingestionLogId)) {
          if (await match(trx, claim, ingestionLogId)) {
            await emitUpdated(trx, claim.id);
            changed += 1;
          }
        }
        return changed;
      });
    },

    /** Claims of the caller's brands still waiting: the dashboard's count. */
    async pendingCount(auth: AuthContext, brandId?: string): Promise<number> {
      if (brandId) return repository.pendingCount([(await brandInScope(brands, auth.scope, brandId)).id]);
      return repository.pendingCount(await brandsOfScope(brands, auth.scope));
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
