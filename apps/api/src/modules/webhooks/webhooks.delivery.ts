import type { Kysely } from 'kysely';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { createWebhookDeliveriesRepository } from './webhook-deliveries.repository.ts';
import { deliverJobRow } from './webhooks.events.ts';
import { postTo } from './webhook-post.ts';
import {
  AddressRefused,
  resolveDeliveryAddress,
  type HostResolver,
  type WebhookUrlPolicy,
} from './webhook-urls.ts';
import {
  attemptHeader,
  eventIdHeader,
  eventTypeHeader,
  signatureHeader,
  signatureOf,
} from './webhook-signature.ts';

const m = messages.webhook;

/**
 * One delivery attempt, as a job of the queue (docs/decisions/0097): the event's body POSTed to the
 * endpoint, signed, with a timeout; a 2xx answer delivers it. Otherwise the next attempt is queued
 * after an exponential back-off with jitter, until an attempt fails 24 hours or more after the
 * schedule began: the delivery is then failed. Redirects are not followed (a receiver must not
 * send us elsewhere). An attempt whose outcome was written is never made again, so a job run a
 * second time (a lease that ran out after a restart) sends nothing twice; one whose outcome was
 * not written is made again, and receivers dedupe on the event id.
 */
export const retryForMs = 24 * 3_600_000;
const firstDelayMs = 30_000;
const maxDelayMs = 6 * 3_600_000;

/** The wait after the `attempt`th failure: doubling from 30 s up to 6 h, ±20 % at random. */
export function retryDelayMs(attempt: number, random: () => number): number {
  const base = Math.min(firstDelayMs * 2 ** (attempt - 1), maxDelayMs);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The body as sent, the same bytes on every attempt: the signatures cover exactly these. */
export function eventBody(event: {
  id: string;
  type: string;
  mode: string;
  created_at: Date;
  data: unknown;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: event.created_at.toISOString(),
    livemode: event.mode === 'live',
    data: event.data,
  });
}

export interface DeliverySettings {
  timeoutMs: number;
  urlPolicy: WebhookUrlPolicy;
}

export function createWebhookDelivery(deps: {
  db: Kysely<DB>;
  settings: DeliverySettings;
  clock: () => Date;
  random?: () => number;
  /** Tests answer names of their own; DNS otherwise. */
  resolve?: HostResolver;
}) {
  const { db, settings, clock } = deps;
  const deliveries = createWebhookDeliveriesRepository(db);
  const random = deps.random ?? Math.random;

  /** POSTs the body; answers the status code (null when none came) and what went wrong. */
  async function send(url: string, body: string, headers: Record<string, string>) {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      // Resolved and checked once; the attempt connects to that address (decision 0104).
      const address = await resolveDeliveryAddress(url, settings.urlPolicy, deps.resolve);
      // The answer's body is not read: only its status counts.
      const status = await postTo(url, address, body, headers, settings.timeoutMs);
      const ok = status >= 200 && status < 300;
      return { statusCode: status, latencyMs: latency(), error: ok ? null : m.answeredStatus(status) };
    } catch (error) {
      return { statusCode: null, latencyMs: latency(), error: failureText(error, settings.timeoutMs) };
    }
  }

  return {
    async deliver({ deliveryId, attempt }: { deliveryId: string; attempt: number }): Promise<void> {
      const delivery = await deliveries.toSend(deliveryId);
      // Gone with its endpoint, already attempted, or ended meanwhile: nothing to send.
      if (!delivery || delivery.status !== 'pending' || delivery.attempts >= attempt) return;
      const now = clock();
      if (!delivery.enabled) {
        await deliveries.fail(deliveryId, m.endpointWasDisabled);
        return;
      }
      const body = eventBody({ ...delivery, id: delivery.event_id });
      const secrets = [delivery.secret];
      if (
        delivery.previous_secret &&
        delivery.previous_secret_expires_at &&
        delivery.previous_secret_expires_at > now
      ) {
        secrets.push(delivery.previous_secret);
      }
      const outcome = await send(delivery.url, body, {
        'content-type': 'application/json',
        'user-agent': 'Krowd-Webhooks/1',
        [signatureHeader]: signatureOf(body, Math.floor(now.getTime() / 1000), secrets),
        [eventIdHeader]: delivery.event_id,
        [eventTypeHeader]: delivery.type,
        [attemptHeader]: String(attempt),
      });
      const attemptedAt = clock();
      const delivered = outcome.error === null;
      const givesUp =
        !delivered && attemptedAt.getTime() - delivery.schedule_started_at.getTime() >= retryForMs;
      const nextAt =
        delivered || givesUp ? null : new Date(attemptedAt.getTime() + retryDelayMs(attempt, random));
      await db.transaction().execute(async (trx) => {
        await deliveries.recordAttempt(trx, {
          deliveryId,
          attempt,
          attemptedAt,
          ...outcome,
          status: delivered ? 'delivered' : givesUp ? 'failed' : 'pending',
          nextAt,
        });
        if (nextAt) await deliveries.queueAttempt(trx, deliverJobRow(deliveryId, attempt + 1, nextAt));
      });
    },
  };
}

function failureText(error: unknown, timeoutMs: number): string {
  if (error instanceof AddressRefused) return error.message.slice(0, 500);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return m.timeoutError(timeoutMs / 1000);
  }
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return m.unreachable(why).slice(0, 500);
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
