import { createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { verifySignature } from 'gocardless-nodejs/webhooks';
import { publicPaths } from '@krowd/domain/access/access.rules';
import type { TestBankDetails } from '@krowd/domain/payment/payment.schema';
import type { DB } from '../../db/schema.ts';
import {
  type CompletedSetup,
  InvalidSignatureError,
  ProviderRefusedError,
  webhookEventsOf,
  type PaymentProvider,
} from './payment-provider.ts';

/**
 * The built-in test provider (brief §4 'Test mode'): the default when no GoCardless token is set.
 * It keeps what a remote provider would keep in tables of its own (migration 0021: its hosted-page
 * flows with the mandates they made, its payments, the events it has yet to send, its webhook
 * secret) and behaves as GoCardless's redirect flows do: a flow is started, the payer fills in the
 * hosted page (served by the web app at /payments/test-provider/{flowId}), the payer returns with
 * ?redirect_flow_id=, and completing the flow with its session token makes the mandate. Changes are
 * announced by webhooks signed exactly as GoCardless signs them (HMAC-SHA256 hex of the raw body in
 * Webhook-Signature), delivered through the real webhook route by `deliver`.
 */

/** A hosted page left unfinished this long can no longer be used (GoCardless: a few hours). */
const flowLifetimeMs = 24 * 3_600_000;
const bankName = 'Krowd Test Bank';
const secretName = 'webhook';

export type TestScenario =
  | 'mandate_activated'
  | 'mandate_failed'
  | 'mandate_cancelled'
  | 'payment_confirmed'
  | 'payment_paid_out'
  | 'payment_failed';

/** What each scenario makes the bank do: the event GoCardless would send for it. */
const scenarioEvents: Record<TestScenario, { resourceType: 'mandates' | 'payments'; action: string }> = {
  mandate_activated: { resourceType: 'mandates', action: 'active' },
  mandate_failed: { resourceType: 'mandates', action: 'failed' },
  mandate_cancelled: { resourceType: 'mandates', action: 'cancelled' },
  payment_confirmed: { resourceType: 'payments', action: 'confirmed' },
  payment_paid_out: { resourceType: 'payments', action: 'paid_out' },
  payment_failed: { resourceType: 'payments', action: 'failed' },
};

export type TestFlowStatus = 'open' | 'confirmed' | 'completed' | 'expired';

/** Ids in GoCardless's style: a two-letter prefix and random characters (unguessable). */
const newId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex').toUpperCase()}`;

/** The hex HMAC-SHA256 of the body: GoCardless's webhook signature. */
export const webhookSignature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

export function createTestProvider(deps: {
  db: Kysely<DB>;
  publicUrl: string;
  clock: () => Date;
  /** Posts a signed webhook to our own webhook route. */
  deliver: (body: string, signature: string) => Promise<void>;
}) {
  const { db, publicUrl, clock, deliver } = deps;

  /** The webhook secret, made at first use and kept in the database (never a constant). */
  async function webhookSecret(): Promise<string> {
    await db
      .insertInto('test_provider_secrets')
      .values({ name: secretName, secret: randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('test_provider_secrets')
      .select('secret')
      .where('name', '=', secretName)
      .executeTakeFirstOrThrow();
    return row.secret;
  }

  /** Queues an event in GoCardless's shape for the next delivery. */
  async function queueEvent(resourceType: 'mandates' | 'payments', action: string, resourceId: string) {
    const id = newId('EV');
    const event = {
      id,
      created_at: clock().toISOString(),
      resource_type: resourceType,
      action,
      links: { [resourceType === 'mandates' ? 'mandate' : 'payment']: resourceId },
      details: { origin: 'bank', cause: `${resourceType.slice(0, -1)}_${action}`, description: 'Test mode' },
      metadata: {},
    };
    await db
      .insertInto('test_provider_outbox')
      .values({ event_id: id, event: JSON.stringify(event) })
      .execute();
    return id;
  }

  const flowStatusOf = (flow: { status: TestFlowStatus; expires_at: Date }): TestFlowStatus =>
    flow.status === 'open' && flow.expires_at <= clock() ? 'expired' : flow.status;

  const provider = {
    name: 'test',
    environment: 'test',

    async startSetup(input) {
      const flowId = newId('RE');
      await db
        .insertInto('test_provider_flows')
        .values({
          flow_id: flowId,
          session_token: input.sessionToken,
          brand_name: input.brand.name,
          description: input.description,
          success_redirect_url: input.successRedirectUrl,
          expires_at: new Date(clock().getTime() + flowLifetimeMs),
        })
        .execute();
      return { flowId, redirectUrl: `${publicUrl}${publicPaths.testPaymentPage.replace(':flowId', flowId)}` };
    },

    async completeSetup(flowId: string, sessionToken: string): Promise<CompletedSetup> {
      const flow = await db
        .selectFrom('test_provider_flows')
        .selectAll()
        .where('flow_id', '=', flowId)
        .executeTakeFirst();
      if (!flow || flow.session_token !== sessionToken) {
        throw new ProviderRefusedError('refused', 'unknown flow or session token');
      }
      if (flow.status === 'open') throw new ProviderRefusedError('setup_not_finished', 'flow not confirmed');
      let { mandate_id: mandateId, customer_id: customerId } = flow;
      if (flow.status === 'confirmed') {
        // Completing twice answers the same mandate, as GoCardless does.
        mandateId = newId('MD');
        customerId = newId('CU');
        const made = await db
          .updateTable('test_provider_flows')
          .set({
            status: 'completed',
            mandate_id: mandateId,
            customer_id: customerId,
            mandate_status: 'submitted',
          })
          .where('flow_id', '=', flowId)
          .where('status', '=', 'confirmed')
          .returning(['mandate_id', 'customer_id'])
          .executeTakeFirst();
        if (made) {
          await queueEvent('mandates', 'created', mandateId);
          await queueEvent('mandates', 'submitted', mandateId);
        } else {
          return provider.completeSetup(flowId, sessionToken);
        }
      }
      if (!mandateId || !customerId) throw new ProviderRefusedError('refused', 'flow without mandate');
      return {
        providerMandateId: mandateId,
        providerCustomerId: customerId,
        accountHolderName: flow.account_holder_name ?? undefined,
        accountNumberEnding: flow.account_number_ending ?? undefined,
        bankName: flow.bank_name ?? undefined,
      };
    },

    async cancelMandate(providerMandateId) {
      const cancelled = await db
        .updateTable('test_provider_flows')
        .set({ mandate_status: 'cancelled' })
        .where('mandate_id', '=', providerMandateId)
        .where('mandate_status', 'not in', ['cancelled', 'failed'])
        .returning('mandate_id')
        .executeTakeFirst();
      if (cancelled) await queueEvent('mandates', 'cancelled', providerMandateId);
    },

    async createPayment(input) {
      await db
        .insertInto('test_provider_payments')
        .values({
          payment_id: newId('PM'),
          idempotency_key: input.idempotencyKey,
          mandate_id: input.providerMandateId,
          amount_pence: input.amountPence,
          currency: input.currency,
          description: input.description,
          invoice_id: input.invoiceId,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const payment = await db
        .selectFrom('test_provider_payments')
        .select(['payment_id'])
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { paymentId: payment.payment_id, status: 'pending_submission' };
    },

    async parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new InvalidSignatureError();
      try {
        verifySignature(rawBody, await webhookSecret(), signatureHeader);
      } catch {
        throw new InvalidSignatureError();
      }
      return webhookEventsOf(rawBody);
    },

    /**
     * Sends every waiting event, oldest first, as one signed webhook. Events are claimed before
     * sending; one that could not be sent is put back for the next delivery.
     */
    async deliverEvents() {
      const claimed = await sql<{ event_id: string; event: unknown }>`
        UPDATE test_provider_outbox SET delivered_at = ${clock()}
        WHERE event_id IN (
          SELECT event_id FROM test_provider_outbox WHERE delivered_at IS NULL
          ORDER BY created_at, event_id LIMIT 100 FOR UPDATE SKIP LOCKED
        )
        RETURNING event_id, event, created_at
      `.execute(db);
      if (claimed.rows.length === 0) return;
      const events = claimed.rows.map((row) => row.event);
      const body = JSON.stringify({ events, meta: { webhook_id: newId('WB') } });
      try {
        await deliver(body, webhookSignature(body, await webhookSecret()));
      } catch (error) {
        await db
          .updateTable('test_provider_outbox')
          .set({ delivered_at: null })
          .where(
            'event_id',
            'in',
            claimed.rows.map((row) => row.event_id),
          )
          .execute();
        throw error;
      }
    },
  } satisfies PaymentProvider & Record<string, unknown>;

  return {
    ...provider,

    /** The hosted page's view of a flow, or null when there is none. */
    async flow(flowId: string) {
      const flow = await db
        .selectFrom('test_provider_flows')
        .select(['brand_name', 'description', 'status', 'expires_at'])
        .where('flow_id', '=', flowId)
        .executeTakeFirst();
      if (!flow) return null;
      return { brandName: flow.brand_name, description: flow.description, status: flowStatusOf(flow) };
    },

    /**
     * The payer's bank details on the hosted page: the flow is confirmed once and answers where
     * the payer goes next (our success URL with ?redirect_flow_id=). Only the holder's name, the
     * account number's last two digits and a bank name are kept. Null when there is no such flow;
     * otherwise the flow's status when it is not open.
     */
    async confirm(
      flowId: string,
      details: TestBankDetails,
    ): Promise<{ redirectUrl: string } | { status: TestFlowStatus } | null> {
      const confirmed = await db
        .updateTable('test_provider_flows')
        .set({
          status: 'confirmed',
          account_holder_name: details.accountHolderName,
          account_number_ending: details.accountNumber.slice(-2),
          bank_name: bankName,
        })
        .where('flow_id', '=', flowId)
        .where('status', '=', 'open')
        .where('expires_at', '>', clock())
        .returning('success_redirect_url')
        .executeTakeFirst();
      if (confirmed) {
        const url = new URL(confirmed.success_redirect_url);
        url.searchParams.set('redirect_flow_id', flowId);
        return { redirectUrl: url.toString() };
      }
      const flow = await storedFlowStatus(flowId);
      return flow ? { status: flow } : null;
    },

    /**
     * Makes the bank do what a scenario says to a mandate or payment: the provider's own record
     * follows, and the event goes out as a signed webhook now. Answers the event's id.
     */
    async simulate(scenario: TestScenario, resourceId: string): Promise<string> {
      const { resourceType, action } = scenarioEvents[scenario];
      if (resourceType === 'mandates') {
        await db
          .updateTable('test_provider_flows')
          .set({ mandate_status: action })
          .where('mandate_id', '=', resourceId)
          .execute();
      } else {
        await db
          .updateTable('test_provider_payments')
          .set({ status: action })
          .where('payment_id', '=', resourceId)
          .execute();
      }
      const eventId = await queueEvent(resourceType, action, resourceId);
      await provider.deliverEvents();
      return eventId;
    },
  };

  async function storedFlowStatus(flowId: string): Promise<TestFlowStatus | null> {
    const flow = await db
      .selectFrom('test_provider_flows')
      .select(['status', 'expires_at'])
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    return flow ? flowStatusOf(flow) : null;
  }
}

export type TestProvider = ReturnType<typeof createTestProvider>;
