import { createHmac, randomBytes } from 'node:crypto';
import { verifySignature } from 'gocardless-nodejs/webhooks';
import type { Transaction } from 'kysely';
import { publicPaths } from '@krowd/domain/access/access.rules';
import type { TestBankDetails, TestScenario } from '@krowd/domain/payment/payment.schema';
import type { DB } from '../../db/database.generated.ts';
import {
  InvalidSignatureError,
  ProviderRefusedError,
  webhookEventsOf,
  type PaymentProvider,
} from './payment-provider.ts';
import type { TestProviderRepository } from './test-provider.repository.ts';

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
  store: TestProviderRepository;
  /** Runs the provider's own multi-row writes in one transaction. */
  transaction: <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;
  publicUrl: string;
  clock: () => Date;
  /** Posts a signed webhook to our own webhook route. */
  deliver: (body: string, signature: string) => Promise<void>;
}) {
  const { store, transaction, publicUrl, clock, deliver } = deps;

  /** An event in GoCardless's shape, for the next delivery. */
  function eventOf(resourceType: 'mandates' | 'payments', action: string, resourceId: string) {
    return {
      id: newId('EV'),
      created_at: clock().toISOString(),
      resource_type: resourceType,
      action,
      links: { [resourceType === 'mandates' ? 'mandate' : 'payment']: resourceId },
      details: { origin: 'bank', cause: `${resourceType.slice(0, -1)}_${action}`, description: 'Test mode' },
      metadata: {},
    };
  }

  async function queueEvent(resourceType: 'mandates' | 'payments', action: string, resourceId: string) {
    const event = eventOf(resourceType, action, resourceId);
    await store.queueEvent(event.id, event);
    return event.id;
  }

  const flowStatusOf = (flow: { status: TestFlowStatus; expires_at: Date }): TestFlowStatus =>
    flow.status === 'open' && flow.expires_at <= clock() ? 'expired' : flow.status;

  const provider: PaymentProvider & { deliverEvents(): Promise<void> } = {
    name: 'test',
    environment: 'test',

    async startSetup(input) {
      const flowId = newId('RE');
      await store.insertFlow({
        flow_id: flowId,
        session_token: input.sessionToken,
        brand_name: input.brand.name,
        description: input.description,
        success_redirect_url: input.successRedirectUrl,
        expires_at: new Date(clock().getTime() + flowLifetimeMs),
      });
      return { flowId, redirectUrl: `${publicUrl}${publicPaths.testPaymentPage.replace(':flowId', flowId)}` };
    },

    /**
     * Makes the mandate of a confirmed flow, with its 'created' and 'submitted' events, in one
     * transaction. Completing again answers the same mandate, as GoCardless does.
     */
    async completeSetup(flowId, sessionToken) {
      const flow = await transaction(async (trx) => {
        const found = await store.flow(flowId, trx);
        if (!found || found.session_token !== sessionToken) {
          throw new ProviderRefusedError('refused', 'unknown flow or session token');
        }
        if (found.status === 'open')
          throw new ProviderRefusedError('setup_not_finished', 'flow not confirmed');
        if (found.status === 'completed') return found;
        const mandateId = newId('MD');
        if (!(await store.completeFlow(flowId, mandateId, newId('CU'), trx))) return store.flow(flowId, trx);
        for (const action of ['created', 'submitted']) {
          const event = eventOf('mandates', action, mandateId);
          await store.queueEvent(event.id, event, trx);
        }
        return store.flow(flowId, trx);
      });
      if (!flow?.mandate_id || !flow.customer_id)
        throw new ProviderRefusedError('refused', 'flow without mandate');
      return {
        providerMandateId: flow.mandate_id,
        providerCustomerId: flow.customer_id,
        accountHolderName: flow.account_holder_name ?? undefined,
        accountNumberEnding: flow.account_number_ending ?? undefined,
        bankName: flow.bank_name ?? undefined,
      };
    },

    async cancelMandate(providerMandateId) {
      if (await store.setMandateStatus(providerMandateId, 'cancelled', ['cancelled', 'failed'])) {
        await queueEvent('mandates', 'cancelled', providerMandateId);
      }
    },

    async createPayment(input) {
      const payment = await store.insertPayment({
        payment_id: newId('PM'),
        idempotency_key: input.idempotencyKey,
        mandate_id: input.providerMandateId,
        amount_pence: input.amountPence,
        currency: input.currency,
        description: input.description,
        invoice_id: input.invoiceId,
      });
      return { paymentId: payment.payment_id, status: 'pending_submission' };
    },

    async parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new InvalidSignatureError();
      try {
        verifySignature(rawBody, await store.webhookSecret(), signatureHeader);
      } catch {
        throw new InvalidSignatureError();
      }
      return webhookEventsOf(rawBody);
    },

    /**
     * Sends every waiting event, oldest first, as one signed webhook. Events are claimed before
     * sending; ones that could not be sent are put back for the next delivery.
     */
    async deliverEvents() {
      const claimed = await store.claimEvents(clock());
      if (claimed.length === 0) return;
      const body = JSON.stringify({
        events: claimed.map((row) => row.event),
        meta: { webhook_id: newId('WB') },
      });
      try {
        await deliver(body, webhookSignature(body, await store.webhookSecret()));
      } catch (error) {
        await store.releaseEvents(claimed.map((row) => row.event_id));
        throw error;
      }
    },
  };

  return {
    ...provider,

    /** The hosted page's view of a flow, or null when there is none. */
    async flow(flowId: string) {
      const flow = await store.flow(flowId);
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
      const confirmed = await store.confirmFlow(
        flowId,
        {
          accountHolderName: details.accountHolderName,
          accountNumberEnding: details.accountNumber.slice(-2),
          bankName,
        },
        clock(),
      );
      if (confirmed) {
        const url = new URL(confirmed.success_redirect_url);
        url.searchParams.set('redirect_flow_id', flowId);
        return { redirectUrl: url.toString() };
      }
      const flow = await store.flow(flowId);
      return flow ? { status: flowStatusOf(flow) } : null;
    },

    /**
     * Makes the bank do what a scenario says to a mandate or payment: the provider's own record
     * follows, and the event goes out as a signed webhook now. Answers the event's id.
     */
    async simulate(scenario: TestScenario, resourceId: string): Promise<string> {
      const { resourceType, action } = scenarioEvents[scenario];
      if (resourceType === 'mandates') await store.setMandateStatus(resourceId, action);
      else await store.setPaymentStatus(resourceId, action);
      const eventId = await queueEvent(resourceType, action, resourceId);
      await provider.deliverEvents();
      return eventId;
    },
  };
}

export type TestProvider = ReturnType<typeof createTestProvider>;
