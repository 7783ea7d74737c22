import type { Kysely } from 'kysely';
import type { WebhookDeliveryStatus } from '@krowd/domain/webhook/webhook.schema';
import type { DB } from '../../db/database.generated.ts';
import { newSigningSecret } from './webhook-signature.ts';

/** An endpoint written directly (no rule checked), for the matrices' rows that need one. */
export async function insertEndpoint(
  db: Kysely<DB>,
  owner: { brandId: string } | { publisherId: string },
  url = 'https://hooks.example.com/matrix',
): Promise<string> {
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      brand_id: 'brandId' in owner ? owner.brandId : null,
      publisher_id: 'publisherId' in owner ? owner.publisherId : null,
      url,
      events: ['offer.published'],
      mode: 'live',
      secret: newSigningSecret(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A delivery of a ping to the endpoint, in the state given (failed by default: redeliverable). */
export async function insertDelivery(
  db: Kysely<DB>,
  endpointId: string,
  status: WebhookDeliveryStatus = 'failed',
): Promise<string> {
  const event = await db
    .insertInto('webhook_events')
    .values({ type: 'webhook.ping', mode: 'live', endpoint_id: endpointId, data: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('webhook_deliveries')
    .values({ event_id: event.id, endpoint_id: endpointId, status, attempts: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
