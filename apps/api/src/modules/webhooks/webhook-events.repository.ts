import { sql, type Transaction } from 'kysely';
import type {
  WebhookAnyEventType,
  WebhookEventType,
  WebhookMode,
} from '@krowd/domain/webhook/webhook.schema';
import type { DB } from '../../db/database.generated.ts';

export type OfferEventType = Extract<WebhookEventType, `offer.${string}`>;

export interface WebhookEventInput {
  type: WebhookAnyEventType;
  /** Test events reach test endpoints only, live ones live endpoints only. */
  mode: WebhookMode;
  /** The brand told (its endpoints), and for an offer the publishers carrying it. */
  brandId?: string | null;
  /** The publisher told (its endpoints). */
  publisherId?: string | null;
  /** One endpoint only (the test ping). */
  endpointId?: string | null;
  /** What it is about: a campaign, a transaction. */
  subjectId?: string | null;
  data: Record<string, unknown>;
}

/** An instant as the payloads write it: ISO 8601 in UTC, to the millisecond. */
const utc = (instant: ReturnType<typeof sql.ref>) =>
  sql`to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The publishers carrying a brand's offers: those the brand is linked to (publisher_brands, decision 0088). */
const publishersOfBrand = (brandId: ReturnType<typeof sql.ref>) =>
  sql`SELECT pb.publisher_id FROM publisher_brands pb WHERE pb.brand_id = ${brandId}`;

/**
 * The webhooks' events and their deliveries as written (decision 0097): every statement runs in
 * the transaction of what caused it or of the job that fans it out. SQL only.
 */
export const webhookEventsRepository = {
  /**
   * Deliveries of the events to every endpoint they reach, and each one's first attempt queued as a
   * `deliverJobKind` job (once, by its dedupe key): how many attempts were queued.
   */
  async insertDeliveries(
    trx: Transaction<DB>,
    eventIds: readonly string[],
    deliverJobKind: string,
  ): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      WITH made AS (
        INSERT INTO webhook_deliveries (event_id, endpoint_id)
        SELECT ev.id, e.id
        FROM webhook_events ev
        JOIN webhook_endpoints e ON e.enabled AND e.mode = ev.mode AND (
          (ev.endpoint_id IS NOT NULL AND e.id = ev.endpoint_id)
          OR (ev.endpoint_id IS NULL AND ev.type = ANY (e.events) AND (
            e.brand_id = ev.brand_id
            OR e.publisher_id = ev.publisher_id
            OR (ev.type LIKE 'offer.%' AND e.publisher_id IN (${publishersOfBrand(sql.ref('ev.brand_id'))}))
          ))
        )
        WHERE ev.id = ANY (${[...eventIds]}::uuid[])
        ON CONFLICT (event_id, endpoint_id) DO NOTHING
        RETURNING id
      ), queued AS (
        INSERT INTO jobs (kind, payload, dedupe_key)
        SELECT ${deliverJobKind}, jsonb_build_object('deliveryId', id, 'attempt', 1),
          ${`${deliverJobKind}:`} || id || ':1'
        FROM made
        ON CONFLICT (dedupe_key) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS count FROM queued
    `.execute(trx);
    return rows[0]?.count ?? 0;
  },

  /** One event as given: its id. */
  async insertEvent(trx: Transaction<DB>, event: WebhookEventInput) {
    return trx
      .insertInto('webhook_events')
      .values({
        type: event.type,
        mode: event.mode,
        brand_id: event.brandId ?? null,
        publisher_id: event.publisherId ?? null,
        endpoint_id: event.endpointId ?? null,
        subject_id: event.subjectId ?? null,
        data: JSON.stringify(event.data),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** An offer's event, live and test, with the campaign as publishers show it: the events' ids. */
  async insertOfferEvents(
    trx: Transaction<DB>,
    type: OfferEventType,
    campaignId: string,
    details: Record<string, string>,
  ): Promise<{ id: string }[]> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO webhook_events (type, mode, brand_id, subject_id, data)
      SELECT ${type}, m.mode, c.brand_id, c.id, jsonb_build_object(
        'id', c.id,
        'name', c.name,
        'brandId', c.brand_id,
        'brandName', b.name,
        'status', c.status,
        'startDate', c.start_date,
        'startsAt', ${utc(sql.ref('c.opening_time'))},
        'endsAt', ${utc(sql.ref('c.closing_time'))},
        'validUntil', c.valid_until,
        'recurring', c.recurring,
        'discountType', c.discount_type,
        'discountPercent', c.discount_percent,
        'discountAmountPence', c.discount_amount_pence,
        'customerType', c.customer_type,
        'weekDays', c.week_days,
        'startTime', c.start_time,
        'endTime', c.end_time,
        'budgetPence', c.budget_pence,
        'deleted', c.deleted_at IS NOT NULL
      ) || ${JSON.stringify(details)}::jsonb
      FROM campaigns c JOIN brands b ON b.id = c.brand_id
      CROSS JOIN (VALUES ('live'), ('test')) AS m (mode)
      WHERE c.id = ${campaignId}
      RETURNING id
    `.execute(trx);
    return rows;
  },

  /**
   * One event per transaction of the upload that an endpoint of the mode wants, once (the events'
   * dedupe keys): the events' ids.
   */
  async insertUploadEvents(
    trx: Transaction<DB>,
    ingestionLogId: string,
    mode: WebhookMode,
  ): Promise<{ id: string }[]> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO webhook_events (type, mode, brand_id, publisher_id, subject_id, dedupe_key, data)
      SELECT k.type, ${mode}, CASE WHEN t.campaign_id IS NOT NULL THEN t.brand_id END, t.publisher_id,
        t.id, k.type || ':' || t.id,
        jsonb_build_object(
          'id', t.id,
          'transactionId', t.publisher_transaction_id,
          'publisher', p.code,
          'outcome', t.outcome,
          'reason', t.reason,
          -- A cap's reason names its number (decision 0116): the cap that made a qualified one earn
          -- less, and the number of the cap either reason names, {limit, interval}.
          'cappedReason', t.capped_reason,
          'reasonParams', t.reason_params,
          'brandId', t.brand_id,
          'branchId', t.branch_id,
          'campaignId', t.campaign_id,
          'mid', t.mid,
          'cardLast4', t.card_last4,
          'amountPence', t.amount_pence,
          'refundedPence', t.refunded_pence,
          'cashbackPence', t.cashback_pence,
          'customerType', t.customer_type,
          'offerType', t.offer_type,
          'occurredAt', ${utc(sql.ref('t.occurred_at'))},
          'originalTransactionId', o.publisher_transaction_id
        )
      FROM transactions t
      JOIN publishers p ON p.id = t.publisher_id
      LEFT JOIN transactions o ON o.id = t.original_transaction_id
      CROSS JOIN LATERAL (
        SELECT CASE t.outcome
          WHEN 'qualified' THEN 'transaction.qualified'
          WHEN 'refund' THEN 'transaction.refunded'
          ELSE 'transaction.not_qualified'
        END AS type
      ) k
      WHERE t.ingestion_log_id = ${ingestionLogId}
        AND EXISTS (
          SELECT 1 FROM webhook_endpoints e
          WHERE e.enabled AND e.mode = ${mode} AND k.type = ANY (e.events)
            AND (e.publisher_id = t.publisher_id OR (t.campaign_id IS NOT NULL AND e.brand_id = t.brand_id))
        )
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id
    `.execute(trx);
    return rows;
  },
};
