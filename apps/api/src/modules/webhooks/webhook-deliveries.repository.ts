import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/** A delivery's attempt as written: what came back and what follows. */
export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  status: 'delivered' | 'failed' | 'pending';
  nextAt: Date | null;
}

/** The webhooks' deliveries and their attempts (decision 0097). SQL only. */
export function createWebhookDeliveriesRepository(db: Kysely<DB>) {
  return {
    /** A delivery with its event and endpoint, as an attempt sends it. */
    async toSend(deliveryId: string) {
      return db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select([
          'd.id',
          'd.status',
          'd.attempts',
          'd.schedule_started_at',
          'ev.id as event_id',
          'ev.type',
          'ev.mode',
          'ev.created_at',
          'ev.data',
          'e.url',
          'e.enabled',
          'e.secret',
          'e.previous_secret',
          'e.previous_secret_expires_at',
        ])
        .where('d.id', '=', deliveryId)
        .executeTakeFirst();
    },

    /** Ends a delivery as failed, for the reason given, with no attempt to come. */
    async fail(deliveryId: string, reason: string) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', next_attempt_at: null, last_error: reason })
        .where('id', '=', deliveryId)
        .execute();
    },

    /** An attempt's outcome (once: an attempt written stays as it was) and the delivery's state after it. */
    async recordAttempt(trx: Transaction<DB>, record: AttemptRecord) {
      await trx
        .insertInto('webhook_attempts')
        .values({
          delivery_id: record.deliveryId,
          attempt: record.attempt,
          attempted_at: record.attemptedAt,
          status_code: record.statusCode,
          latency_ms: record.latencyMs,
          error: record.error,
        })
        .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({
          attempts: record.attempt,
          status: record.status,
          last_status_code: record.statusCode,
          last_latency_ms: record.latencyMs,
          last_error: record.error,
          next_attempt_at: record.nextAt,
          delivered_at: record.status === 'delivered' ? record.attemptedAt : null,
        })
        .where('id', '=', record.deliveryId)
        .execute();
    },

    /** Queues the next attempt's job, once (its dedupe key). */
    async queueAttempt(trx: Transaction<DB>, job: Insertable<DB['jobs']>) {
      await trx
        .insertInto('jobs')
        .values(job)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    },
  };
}

export type WebhookDeliveriesRepository = ReturnType<typeof createWebhookDeliveriesRepository>;
