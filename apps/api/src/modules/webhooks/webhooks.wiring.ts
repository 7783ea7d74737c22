import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/database.generated.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { createWebhookDelivery } from './webhooks.delivery.ts';
import {
  deliverJob,
  deliverPayloadSchema,
  fanOutJob,
  fanOutPayloadSchema,
  transactionEventsJob,
  transactionEventsPayloadSchema,
  type WebhookEvents,
} from './webhooks.events.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { publisherWebhooksRoutes } from './webhooks.publisher.routes.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';

export { createWebhookEvents } from './webhooks.events.ts';

/**
 * Outbound webhooks (docs/decisions/0097): the endpoints' routes, and the queue's three jobs, the
 * fan-out of recorded events, the fan-out of an upload's transactions, and one delivery attempt.
 * The events themselves are made where their causes are, through `events` (app.ts hands it out).
 */
export async function registerWebhooks(
  api: FastifyInstance,
  deps: {
    db: Kysely<DB>;
    jobs: JobQueue;
    brands: BrandsRepository;
    events: WebhookEvents;
    config: Config;
    clock: () => Date;
    /** Tests make the back-off's jitter known. */
    random?: () => number;
    audit?: AuditRecorder;
  },
) {
  const { db, jobs, brands, events, config, clock } = deps;
  const delivery = createWebhookDelivery({
    db,
    settings: config.webhooks,
    clock,
    random: deps.random,
  });
  jobs.handle(fanOutJob, async (payload) => {
    await events.fanOutEvents(fanOutPayloadSchema.parse(payload).eventIds);
  });
  jobs.handle(transactionEventsJob, async (payload) => {
    const { ingestionLogId, mode } = transactionEventsPayloadSchema.parse(payload);
    await events.fanOutUpload(ingestionLogId, mode);
  });
  // Deliveries wait on receivers: a lane of their own, so a hung one holds up no other job.
  jobs.handle(deliverJob, (payload) => delivery.deliver(deliverPayloadSchema.parse(payload)), {
    concurrency: config.webhooks.concurrency,
  });
  const service = createWebhooksService({
    db,
    repository: createWebhooksRepository(db),
    brands,
    events,
    urlPolicy: config.webhooks.urlPolicy,
    clock,
    audit: deps.audit,
  });
  await api.register(webhooksRoutes, { webhooks: service });
  await api.register(publisherWebhooksRoutes, { webhooks: service });
  return { service, delivery };
}
