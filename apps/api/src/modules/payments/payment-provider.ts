import { z } from 'zod';
import { messages } from '@krowd/domain/messages/messages';
import type { CollectionStatus, PaymentProviderName } from '@krowd/domain/payment/payment.schema';
import { badRequest } from '../../http/errors.ts';

/**
 * What the payments service needs from a direct-debit provider (brief §4). Two implement it: the
 * built-in test provider (test-provider.ts, the default) and GoCardless (gocardless-provider.ts,
 * when GOCARDLESS_ACCESS_TOKEN is set). Both announce changes through signed webhooks in
 * GoCardless's shape, so one webhook path serves both.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What GET settings/getGoCardLessData shows: 'test', or GoCardless's environment. */
  readonly environment: 'test' | 'sandbox' | 'live';

  /** Starts a hosted setup page (a GoCardless redirect flow) the payer is sent to. */
  startSetup(input: StartSetupInput): Promise<{ flowId: string; redirectUrl: string }>;
  /** Completes a setup the payer has finished: the mandate exists from now on. */
  completeSetup(flowId: string, sessionToken: string): Promise<CompletedSetup>;
  cancelMandate(providerMandateId: string): Promise<void>;
  /** Asks for a payment; the same idempotency key never makes a second payment. */
  createPayment(input: CreatePaymentInput): Promise<{ paymentId: string; status: CollectionStatus }>;
  /** Checks the webhook's signature, then reads its events; throws InvalidSignatureError. */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<ProviderEvent[]>;
  /**
   * Sends the events the provider has waiting (the test provider delivers its own webhooks, after
   * our transaction has committed); a remote provider sends them itself and has none.
   */
  deliverEvents?(): Promise<void>;
}

export interface StartSetupInput {
  brand: { id: string; name: string };
  user: { email: string; givenName: string | null; familyName: string | null };
  sessionToken: string;
  successRedirectUrl: string;
  description: string;
}

export interface CompletedSetup {
  providerMandateId: string;
  providerCustomerId: string;
  accountHolderName?: string;
  accountNumberEnding?: string;
  bankName?: string;
}

export interface CreatePaymentInput {
  providerMandateId: string;
  amountPence: number;
  currency: 'GBP';
  description: string;
  idempotencyKey: string;
  invoiceId: string;
}

/** A webhook event, as both providers name it (GoCardless's event shape). */
export interface ProviderEvent {
  id: string;
  resourceType: string;
  action: string;
  /** The id of the resource it is about (links.mandate, links.payment, …); null when none. */
  resourceId: string | null;
  createdAt: string;
  payload: unknown;
}

/** The webhook was not signed with our secret (or not signed at all): it is refused. */
export class InvalidSignatureError extends Error {
  constructor() {
    super('invalid webhook signature');
    this.name = 'InvalidSignatureError';
  }
}

/**
 * The provider refused a request about something the payer or brand did (an unfinished or
 * unknown setup, a mandate it no longer knows); answered as a 409, never a 5xx.
 */
export class ProviderRefusedError extends Error {
  constructor(
    readonly reason: 'setup_not_finished' | 'refused',
    detail: string,
  ) {
    super(detail);
    this.name = 'ProviderRefusedError';
  }
}

/** GoCardless's webhook body: `{"events": [...]}`, each event naming its resource in `links`. */
const webhookBodySchema = z.object({
  events: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        created_at: z.string().max(40),
        resource_type: z.string().min(1).max(60),
        action: z.string().min(1).max(60),
        links: z.record(z.string(), z.string()).default({}),
      }),
    )
    .max(500),
});

/** The singular GoCardless uses in `links` for a resource type ('mandates' → 'mandate'). */
const linkOf = (resourceType: string) => resourceType.replace(/s$/, '');

/**
 * The events of a webhook body whose signature was checked. A body that is signed but not
 * GoCardless's shape is refused as a bad request.
 */
export function webhookEventsOf(rawBody: Buffer | string): ProviderEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    throw badRequest(messages.common.invalidRequest);
  }
  const body = webhookBodySchema.safeParse(parsed);
  if (!body.success) throw badRequest(messages.common.invalidRequest);
  const raw = (parsed as { events: unknown[] }).events;
  return body.data.events.map((event, index) => ({
    id: event.id,
    resourceType: event.resource_type,
    action: event.action,
    resourceId: event.links[linkOf(event.resource_type)] ?? null,
    createdAt: event.created_at,
    payload: raw[index],
  }));
}
