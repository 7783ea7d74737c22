import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { WebhookMode } from '@krowd/domain/webhook/webhook.schema';
import type { DB } from '../../db/database.generated.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import {
  webhookEventsRepository,
  type OfferEventType,
  type WebhookEventInput,
} from './webhook-events.repository.ts';

/**
 * Where events are made and fanned out to endpoints (docs/decisions/0097). The causing write adds
 * one row, in its own transaction: the event (emitEvent) or, for an upload, one job naming the
 * ingestion log (transactionsUploaded). A job then makes the deliveries, one job an attempt, so
 * nothing a receiver does reaches the request or the upload that caused the event.
 */
export const fanOutJob = 'webhooks.fanOut';
export const transactionEventsJob = 'webhooks.transactionEvents';
export const deliverJob = 'webhooks.deliver';

export const fanOutPayloadSchema = z.object({ eventIds: z.array(z.uuid()) });
export const transactionEventsPayloadSchema = z.object({
  ingestionLogId: z.uuid(),
  mode: z.enum(['live', 'test']).default('live'),
});
export const deliverPayloadSchema = z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(1) });

/** The job (and its dedupe key) of a delivery's attempt: an attempt is queued once. */
export const deliverJobRow = (deliveryId: string, attempt: number, runAt?: Date) => ({
  kind: deliverJob,
  payload: JSON.stringify({ deliveryId, attempt }),
  dedupe_key: `${deliverJob}:${deliveryId}:${attempt}`,
  ...(runAt ? { run_at: runAt } : {}),
});

export function createWebhookEvents(deps: { db: Kysely<DB>; jobs: JobQueue }) {
  const { db, jobs } = deps;

  /** Deliveries of the events to every endpoint they reach, and each one's first attempt queued. */
  async function fanOut(trx: Transaction<DB>, eventIds: readonly string[]): Promise<number> {
    if (eventIds.length === 0) return 0;
    return webhookEventsRepository.insertDeliveries(trx, eventIds, deliverJob);
  }

  return {
    /**
     * Records an event in the caller's transaction and queues its fan-out there too: the event
     * exists exactly when what caused it was committed. Answers the event's id.
     */
    async emitEvent(trx: Transaction<DB>, event: WebhookEventInput): Promise<string> {
      const row = await webhookEventsRepository.insertEvent(trx, event);
      await jobs.enqueue(fanOutJob, { eventIds: [row.id] }, { trx });
      return row.id;
    },

    /**
     * An offer's change (a campaign approved, edited, paused, ended): the campaign as publishers
     * show it, told to its brand and the publishers carrying the brand, in the caller's transaction.
     * Made twice, live and test: test offers are the live ones seen with a test key (decision
     * 0091), so a test endpoint follows the same offers as a live one. `details` joins the data
     * (an end's `reason`, decision 0100).
     */
    async emitOfferEvent(
      trx: Transaction<DB>,
      type: OfferEventType,
      campaignId: string,
      details: Record<string, string> = {},
    ): Promise<void> {
      const rows = await webhookEventsRepository.insertOfferEvents(trx, type, campaignId, details);
      if (rows.length > 0) await jobs.enqueue(fanOutJob, { eventIds: rows.map((row) => row.id) }, { trx });
    },

    /**
     * An upload's transactions become events later, in a job: the upload adds this one row only,
     * whatever its size (measured in webhooks.ingestion.test.ts).
     */
    async transactionsUploaded(trx: Transaction<DB>, ingestionLogId: string, mode: WebhookMode = 'live') {
      await jobs.enqueue(transactionEventsJob, { ingestionLogId, mode }, { trx });
    },

    /** The fan-out job: deliveries for events already recorded. */
    async fanOutEvents(eventIds: readonly string[]): Promise<number> {
      return db.transaction().execute((trx) => fanOut(trx, eventIds));
    },

    /**
     * The upload's job: one event per transaction an endpoint wants (the publisher's endpoints all
     * of its own; a brand's those one of its campaigns was tried on), then their deliveries, in one
     * transaction. A run again makes nothing twice (the events' dedupe keys).
     */
    async fanOutUpload(ingestionLogId: string, mode: WebhookMode): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await webhookEventsRepository.insertUploadEvents(trx, ingestionLogId, mode);
        return fanOut(
          trx,
          rows.map((row) => row.id),
        );
      });
    },
  };
}

export type WebhookEvents = ReturnType<typeof createWebhookEvents>;
