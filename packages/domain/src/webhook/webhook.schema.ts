import { z } from 'zod';
import { listPageSchema, pageQuerySchema } from '../list/list.schema.ts';
import { messages } from '../messages/messages.ts';

const m = messages.webhook;

/**
 * Outbound webhooks (docs/decisions/0097): the events an endpoint may choose, what it is
 * registered with, and the delivery log it reads. The signature scheme is in webhook-signature.ts.
 */
export const webhookEventTypes = [
  'offer.published',
  'offer.updated',
  'offer.paused',
  'offer.ended',
  'transaction.qualified',
  'transaction.not_qualified',
  'transaction.refunded',
  // The single-transaction API's steps before clearing (docs/decisions/0109).
  'transaction.authorised',
  'transaction.expired',
  'claim.updated',
  // A publisher's settlement file made, with its checksum and where to download it (decision 0107).
  'settlement.ready',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The test ping: sent to one endpoint when asked, never chosen. */
export const webhookPingType = 'webhook.ping';
export type WebhookAnyEventType = WebhookEventType | typeof webhookPingType;

export const webhookModes = ['live', 'test'] as const;
export type WebhookMode = (typeof webhookModes)[number];

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookUrlMaxLength = 2000;

/** A web address the form accepts; the server's own rules (HTTPS, public address) follow it. */
const urlField = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(webhookUrlMaxLength, m.urlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, m.urlInvalid);

const eventsField = z
  .array(z.enum(webhookEventTypes, m.eventsRequired), { error: m.eventsRequired })
  .min(1, m.eventsRequired)
  .max(webhookEventTypes.length, m.eventsRequired)
  .transform((events) => [...new Set(events)]);

const descriptionField = z.string().trim().max(200, m.descriptionTooLong);

/** Whose endpoint it is: a brand (its admins, for its own campaigns) or a publisher. */
export const webhookOwnerSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('brand'), brandId: z.uuid(messages.validation.idInvalid) }),
    z.strictObject({ type: z.literal('publisher'), publisherId: z.uuid(messages.validation.idInvalid) }),
  ],
  { error: m.ownerRequired },
);
export type WebhookOwner = z.infer<typeof webhookOwnerSchema>;

export const webhookEndpointCreateSchema = z.strictObject({
  owner: webhookOwnerSchema,
  url: urlField,
  events: eventsField,
  mode: z.enum(webhookModes).default('live'),
  description: descriptionField.default(''),
});
export type WebhookEndpointCreate = z.output<typeof webhookEndpointCreateSchema>;
export type WebhookEndpointCreateInput = z.input<typeof webhookEndpointCreateSchema>;

/** A publisher's own system registering with its key: the key says whose and which mode. */
export const webhookPublisherEndpointCreateSchema = z.strictObject({
  url: urlField,
  events: eventsField,
  description: descriptionField.default(''),
});
export type WebhookPublisherEndpointCreate = z.output<typeof webhookPublisherEndpointCreateSchema>;

/** A change of an endpoint: only what is sent changes. */
export const webhookEndpointUpdateSchema = z
  .strictObject({
    url: urlField.optional(),
    events: eventsField.optional(),
    description: descriptionField.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: messages.common.invalidRequest,
  });
export type WebhookEndpointUpdate = z.output<typeof webhookEndpointUpdateSchema>;

export const maxSecretOverlapHours = 72;
export const webhookSecretRotateSchema = z.strictObject({
  overlapHours: z
    .number(m.overlapInvalid)
    .int(m.overlapInvalid)
    .min(0, m.overlapInvalid)
    .max(maxSecretOverlapHours, m.overlapInvalid)
    .default(24),
});

export const webhookEndpointListQuerySchema = z.strictObject({
  brandId: z.uuid(messages.validation.idInvalid).optional(),
  publisherId: z.uuid(messages.validation.idInvalid).optional(),
});

export const webhookDeliveryListQuerySchema = pageQuerySchema
  .extend({ status: z.enum(webhookDeliveryStatuses).optional() })
  .strict();

export const webhookRedeliverSinceSchema = z.strictObject({
  since: z.iso.datetime({ offset: true, error: m.redeliverSinceInvalid }),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  owner: z.object({
    type: z.enum(['brand', 'publisher']),
    id: z.string(),
    name: z.string(),
  }),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  mode: z.enum(webhookModes),
  enabled: z.boolean(),
  /** The secret's first characters, so an owner knows which one a receiver holds. */
  secretPrefix: z.string(),
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The endpoint with its whole signing secret: answered once, when it is made or rotated. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  attemptedAt: z.string(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum([...webhookEventTypes, webhookPingType]),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryDetailsSchema = webhookDeliverySchema.extend({
  attemptLog: z.array(webhookAttemptSchema),
  /** The body as sent, byte for byte: what the signatures cover. */
  body: z.string(),
});
export type WebhookDeliveryDetails = z.infer<typeof webhookDeliveryDetailsSchema>;

export const webhookDeliveryPageSchema = listPageSchema(webhookDeliverySchema);

const ownerChoice = z.object({ id: z.string(), name: z.string() });
/** Whose endpoints the caller may register: brands in scope, publishers administered. */
export const webhookOwnersSchema = z.object({
  brands: z.array(ownerChoice),
  publishers: z.array(ownerChoice),
});
export type WebhookOwners = z.infer<typeof webhookOwnersSchema>;
