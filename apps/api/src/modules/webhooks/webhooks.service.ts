import type { Kysely } from 'kysely';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { createEndpointAudit } from './webhooks.audit.ts';
import { isBankUser, isSystemAdmin } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import {
  webhookPingType,
  type WebhookDeliveryDetails,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookPublisherEndpointCreate,
} from '@krowd/domain/webhook/webhook.schema';
import type { DB } from '../../db/database.generated.ts';
import { brandInScope, type ScopedBrand } from '../../http/brand-scope.ts';
import type { AuthContext } from '../../http/caller.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { brandsOfScope } from '../../http/listed-brands.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { PublisherCaller as PublisherKeyCaller } from '../publishers/publisher-key-auth.ts';
import type { WebhookEvents } from './webhooks.events.ts';
import { eventBody } from './webhooks.delivery.ts';
import type { EndpointRow, WebhooksRepository } from './webhooks.repository.ts';
import { newSigningSecret, secretPrefixOf } from './webhook-signature.ts';
import { endpointUrlIssue, type WebhookUrlPolicy } from './webhook-urls.ts';

const m = messages.webhook;

interface BrandsReader {
  findById(id: string): Promise<ScopedBrand | undefined>;
  brandsOfGroup(groupId: string): Promise<(ScopedBrand & { name: string })[]>;
  listBrands(ids?: readonly string[]): Promise<{ id: string; name: string }[]>;
}

type DeliveryRow = Awaited<ReturnType<WebhooksRepository['deliveries']>>['rows'][number];

/** A delivery as the log lists it; the details add its attempts. */
const deliveryAnswer = (row: DeliveryRow) => ({
  id: row.id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastLatencyMs: row.last_latency_ms,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  deliveredAt: row.delivered_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

/**
 * Webhook endpoints and their delivery logs (docs/decisions/0097). An endpoint belongs to a brand,
 * whose admins within scope manage it, or to a publisher, which its admins (the bank admins of
 * the bank belonging to it, decision 0088) and the system admin manage. A bank user never manages a
 * brand's endpoints, though its scope reads the brand. Anything outside reach answers 404.
 */
export function createWebhooksService(deps: {
  db: Kysely<DB>;
  repository: WebhooksRepository;
  brands: BrandsReader;
  events: WebhookEvents;
  urlPolicy: WebhookUrlPolicy;
  clock: () => Date;
  /** Each endpoint change recorded in its own transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, repository, brands, events, urlPolicy, clock } = deps;
  const audit = createEndpointAudit(deps.audit);

  /** The publishers the caller administers: every one (system admin), its bank's (a bank admin), none. */
  async function publishersOf(auth: AuthContext): Promise<'all' | string[]> {
    if (isSystemAdmin(auth.audience)) return 'all';
    if (!isBankUser(auth.audience) || !auth.account.is_bank_admin || !auth.account.bank_id) return [];
    const publisherId = await repository.publisherOfBank(auth.account.bank_id);
    return publisherId ? [publisherId] : [];
  }

  async function mayManagePublisher(auth: AuthContext, publisherId: string): Promise<boolean> {
    const publishers = await publishersOf(auth);
    return publishers === 'all' || publishers.includes(publisherId);
  }

  /** The brands whose endpoints the caller manages: a bank's scope reads brands, it manages none. */
  async function brandsOf(auth: AuthContext) {
    return isBankUser(auth.audience) ? [] : brandsOfScope(brands, auth.scope);
  }

  async function brandOf(auth: AuthContext, brandId: string) {
    if (isBankUser(auth.audience)) throw notFound();
    return brandInScope(brands, auth.scope, brandId);
  }

  function checkUrl(url: string) {
    const issue = endpointUrlIssue(url, urlPolicy);
    if (issue) throw invalidField('url', issue);
  }

  /** The endpoint when the caller may manage it; otherwise 404, its existence kept hidden. */
  async function endpointOf(auth: AuthContext, id: string): Promise<EndpointRow> {
    const row = await repository.endpoint(id);
    if (!row) throw notFound(m.endpointNotFound);
    const reachable = row.brand_id
      ? !isBankUser(auth.audience) &&
        scopeCoversBrand(auth.scope, { id: row.brand_id, group_id: row.brand_group_id })
      : await mayManagePublisher(auth, row.publisher_id!);
    if (!reachable) throw notFound(m.endpointNotFound);
    return row;
  }

  async function insert(
    owner: { brand_id: string | null; publisher_id: string | null },
    input: Omit<WebhookEndpointCreate, 'owner'>,
    auth: AuthContext | null,
  ): Promise<WebhookEndpointWithSecret> {
    const secret = newSigningSecret();
    const values = {
      ...owner,
      url: input.url,
      description: input.description,
      events: input.events,
      mode: input.mode,
    };
    const id = await db.transaction().execute(async (trx) => {
      const made = await repository.insertEndpoint(
        { ...values, secret, created_by_user_id: auth?.account.id ?? null },
        trx,
      );
      await audit.created(trx, auth, made, values);
      return made;
    });
    return { ...endpointAnswer((await repository.endpoint(id))!), secret };
  }

  async function deliveryOf(auth: AuthContext, id: string) {
    const delivery = await repository.delivery(id);
    if (!delivery) throw notFound(m.deliveryNotFound);
    await endpointOf(auth, delivery.endpoint_id).catch(() => {
      throw notFound(m.deliveryNotFound);
    });
    return delivery;
  }

  return {
    async list(
      auth: AuthContext,
      query: { brandId?: string; publisherId?: string },
    ): Promise<WebhookEndpoint[]> {
      if (query.brandId) await brandOf(auth, query.brandId);
      if (query.publisherId && !(await mayManagePublisher(auth, query.publisherId))) {
        throw notFound(m.publisherNotFound);
      }
      const rows = await repository.endpoints({
        brands: await brandsOf(auth),
        publishers: await publishersOf(auth),
        ...query,
      });
      return rows.map(endpointAnswer);
    },

    /** Whose endpoints the caller may register: brands in scope, publishers administered. */
    async owners(auth: AuthContext) {
      const shownBrands = await brandsOf(auth);
      const [brandRows, publisherRows] = await Promise.all([
        shownBrands === 'all' || shownBrands.length > 0
          ? brands.listBrands(shownBrands === 'all' ? undefined : shownBrands)
          : [],
        repository.publishers(await publishersOf(auth)),
      ]);
      return {
        brands: brandRows.map((brand) => ({ id: brand.id, name: brand.name })),
        publishers: publisherRows.map((publisher) => ({ id: publisher.id, name: publisher.display_name })),
      };
    },

    async create(auth: AuthContext, input: WebhookEndpointCreate): Promise<WebhookEndpointWithSecret> {
      checkUrl(input.url);
      const owner =
        input.owner.type === 'brand'
          ? { brand_id: (await brandOf(auth, input.owner.brandId)).id, publisher_id: null }
          : { brand_id: null, publisher_id: await publisherOf(auth, input.owner.publisherId) };
      return insert(owner, input, auth);
    },

    /** A key's publisher's endpoints in the key's mode (the publisher's own system). */
    async ofPublisher(key: PublisherKeyCaller): Promise<WebhookEndpoint[]> {
      const rows = await repository.endpoints({ brands: [], publishers: [key.publisherId] });
      return rows.filter((row) => row.mode === key.mode).map(endpointAnswer);
    },

    async createForPublisher(
      key: PublisherKeyCaller,
      input: WebhookPublisherEndpointCreate,
    ): Promise<WebhookEndpointWithSecret> {
      checkUrl(input.url);
      return insert({ brand_id: null, publisher_id: key.publisherId }, { ...input, mode: key.mode }, null);
    },

    async removeForPublisher(key: PublisherKeyCaller, id: string): Promise<void> {
      const row = await repository.endpoint(id);
      if (!row || row.publisher_id !== key.publisherId || row.mode !== key.mode)
        throw notFound(m.endpointNotFound);
      await db.transaction().execute(async (trx) => {
        await repository.deleteEndpoint(id, trx);
        await audit.deleted(trx, null, row);
      });
    },

    async details(auth: AuthContext, id: string): Promise<WebhookEndpoint> {
      return endpointAnswer(await endpointOf(auth, id));
    },

    async update(auth: AuthContext, id: string, change: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
      const row = await endpointOf(auth, id);
      if (change.url !== undefined) checkUrl(change.url);
      const changed = {
        ...(change.url === undefined ? {} : { url: change.url }),
        ...(change.events === undefined ? {} : { events: change.events }),
        ...(change.description === undefined ? {} : { description: change.description }),
        ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      };
      await db.transaction().execute(async (trx) => {
        await repository.updateEndpoint(id, { ...changed, updated_at: clock() }, trx);
        await audit.updated(trx, auth, row, changed);
      });
      return endpointAnswer((await repository.endpoint(id))!);
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const row = await endpointOf(auth, id);
      // Its deliveries and attempts go with it (ON DELETE CASCADE); the events stay.
      await db.transaction().execute(async (trx) => {
        await repository.deleteEndpoint(id, trx);
        await audit.deleted(trx, auth, row);
      });
    },

    /** A new secret, answered once; the old one signs beside it for `overlapHours`. */
    async rotateSecret(
      auth: AuthContext,
      id: string,
      overlapHours: number,
    ): Promise<WebhookEndpointWithSecret> {
      const row = await endpointOf(auth, id);
      const secret = newSigningSecret();
      const now = clock();
      const oldUntil = overlapHours > 0 ? new Date(now.getTime() + overlapHours * 3_600_000) : null;
      await db.transaction().execute(async (trx) => {
        const previous = {
          previous_secret: overlapHours > 0 ? row.secret : null,
          previous_secret_expires_at: oldUntil,
        };
        await repository.updateEndpoint(id, { secret, ...previous, updated_at: now }, trx);
        await audit.rotated(trx, auth, row, now, oldUntil);
      });
      return { ...endpointAnswer((await repository.endpoint(id))!), secret };
    },

    /** A test ping to this endpoint alone, in its own mode. Answers the event's id. */
    async ping(auth: AuthContext, id: string): Promise<string> {
      const row = await endpointOf(auth, id);
      if (!row.enabled) throw conflict(m.pingDisabled);
      return db.transaction().execute((trx) =>
        events.emitEvent(trx, {
          type: webhookPingType,
          mode: row.mode,
          endpointId: row.id,
          data: { endpointId: row.id, message: m.events[webhookPingType] },
        }),
      );
    },

    async deliveries(
      auth: AuthContext,
      id: string,
      query: { page: number; limit: number; status?: WebhookDeliveryStatus },
    ) {
      await endpointOf(auth, id);
      const { rows, total } = await repository.deliveries(id, query);
      return {
        data: rows.map(deliveryAnswer),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          totalPages: Math.ceil(total / query.limit),
        },
      };
    },

    async delivery(auth: AuthContext, id: string): Promise<WebhookDeliveryDetails> {
      const row = await deliveryOf(auth, id);
      const attempts = await repository.attempts(id);
      return {
        ...deliveryAnswer(row),
        attemptLog: attempts.map((attempt) => ({
          attempt: attempt.attempt,
          attemptedAt: attempt.attempted_at.toISOString(),
          statusCode: attempt.status_code,
          latencyMs: attempt.latency_ms,
          error: attempt.error,
        })),
        body: eventBody({
          id: row.event_id,
          type: row.event_type,
          mode: row.mode,
          created_at: row.event_created_at,
          data: row.data,
        }),
      };
    },

    async redeliver(auth: AuthContext, deliveryId: string): Promise<number> {
      await deliveryOf(auth, deliveryId);
      return repository.redeliver({ deliveryId }, clock());
    },

    async redeliverFailed(auth: AuthContext, endpointId: string, since: Date): Promise<number> {
      await endpointOf(auth, endpointId);
      return repository.redeliver({ endpointId, failedSince: since }, clock());
    },
  };

  async function publisherOf(auth: AuthContext, publisherId: string): Promise<string> {
    if (!(await mayManagePublisher(auth, publisherId))) throw notFound(m.publisherNotFound);
    const publisher = await repository.publisher(publisherId);
    if (!publisher) throw notFound(m.publisherNotFound);
    return publisher.id;
  }
}

function endpointAnswer(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    owner: row.brand_id
      ? { type: 'brand', id: row.brand_id, name: row.owner_name }
      : { type: 'publisher', id: row.publisher_id!, name: row.owner_name },
    url: row.url,
    description: row.description,
    events: row.events,
    mode: row.mode,
    enabled: row.enabled,
    secretPrefix: secretPrefixOf(row.secret),
    previousSecretExpiresAt: row.previous_secret_expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
