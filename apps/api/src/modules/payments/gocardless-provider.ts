import { GoCardlessClient } from 'gocardless-nodejs/client';
import { Environments } from 'gocardless-nodejs/constants';
import { InvalidApiUsageError, InvalidStateError, ValidationFailedError } from 'gocardless-nodejs/errors';
import { verifySignature } from 'gocardless-nodejs/webhooks';
import { collectionStatuses, type CollectionStatus } from '@krowd/domain/payment/payment.schema';
import {
  InvalidSignatureError,
  ProviderRefusedError,
  webhookEventsOf,
  type PaymentProvider,
} from './payment-provider.ts';

/** The client's `proxy` option: the agents got connects through. */
export type GoCardlessAgents = NonNullable<
  NonNullable<ConstructorParameters<typeof GoCardlessClient>[2]>['proxy']
>;

export interface GoCardlessSettings {
  accessToken: string;
  environment: 'sandbox' | 'live';
  webhookSecret: string;
}

/**
 * GoCardless through its official client (gocardless-nodejs, API 2015-07-06): redirect flows for
 * the setup (docs/decisions.md: the payer fills in GoCardless's own page, so bank details never
 * touch our servers), mandates.cancel, payments.create with the invoice's id as Idempotency-Key,
 * and webhooks checked with the client's verifySignature against the endpoint's secret.
 *
 * `agents` is the client's own `proxy` option (handed to got as its agent); tests pass one that
 * connects to a local fake of the endpoints. It is not a setting.
 */
export function createGoCardlessProvider(
  settings: GoCardlessSettings,
  agents?: GoCardlessAgents,
): PaymentProvider {
  const environment = settings.environment === 'live' ? Environments.Live : Environments.Sandbox;
  const client = new GoCardlessClient(settings.accessToken, environment, agents ? { proxy: agents } : {});

  /** GoCardless refusing what the payer or brand did (not our bug, not an outage) is a refusal. */
  async function refusalsNamed<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (
        error instanceof InvalidStateError &&
        error.errors.some((e) => e.reason === 'redirect_flow_incomplete')
      ) {
        throw new ProviderRefusedError('setup_not_finished', error.message);
      }
      if (
        error instanceof InvalidStateError ||
        error instanceof ValidationFailedError ||
        error instanceof InvalidApiUsageError
      ) {
        throw new ProviderRefusedError('refused', error.message);
      }
      throw error;
    }
  }

  return {
    name: 'gocardless',
    environment: settings.environment,

    async startSetup(input) {
      const flow = await refusalsNamed(
        client.redirectFlows.create({
          description: input.description,
          session_token: input.sessionToken,
          success_redirect_url: input.successRedirectUrl,
          prefilled_customer: {
            email: input.user.email,
            given_name: input.user.givenName ?? undefined,
            family_name: input.user.familyName ?? undefined,
            company_name: input.brand.name,
          },
        }),
      );
      if (!flow.id || !flow.redirect_url)
        throw new Error('GoCardless answered a redirect flow without id or url');
      return { flowId: flow.id, redirectUrl: flow.redirect_url };
    },

    async completeSetup(flowId, sessionToken) {
      const flow = await refusalsNamed(
        client.redirectFlows.complete(flowId, { session_token: sessionToken }),
      );
      const links = flow.links;
      if (!links?.mandate || !links.customer)
        throw new Error('GoCardless completed a redirect flow without a mandate');
      // What the payer may see of the account (holder, last two digits, bank): never the full details.
      const account = links.customer_bank_account
        ? await client.customerBankAccounts.find(links.customer_bank_account)
        : undefined;
      return {
        providerMandateId: links.mandate,
        providerCustomerId: links.customer,
        accountHolderName: account?.account_holder_name ?? undefined,
        accountNumberEnding: account?.account_number_ending ?? undefined,
        bankName: account?.bank_name ?? undefined,
      };
    },

    async cancelMandate(providerMandateId) {
      // Already cancelled, failed or expired at GoCardless (invalid state): what we wanted is so.
      await refusalsNamed(
        client.mandates.cancel(providerMandateId).catch((error: unknown) => {
          if (error instanceof InvalidStateError) return undefined;
          throw error;
        }),
      );
    },

    async createPayment(input) {
      const payment = await client.payments.create(
        {
          amount: input.amountPence,
          currency: input.currency,
          description: input.description,
          metadata: { invoice_id: input.invoiceId },
          links: { mandate: input.providerMandateId },
        },
        input.idempotencyKey,
      );
      if (!payment.id) throw new Error('GoCardless answered a payment without id');
      return { paymentId: payment.id, status: collectionStatusOf(payment.status) };
    },

    async parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new InvalidSignatureError();
      try {
        verifySignature(rawBody, settings.webhookSecret, signatureHeader);
      } catch {
        throw new InvalidSignatureError();
      }
      return webhookEventsOf(rawBody);
    },
  };
}

/** A new payment's status in our terms; one awaiting the payer's approval is still to be submitted. */
function collectionStatusOf(status: string | undefined): CollectionStatus {
  if (status === 'customer_approval_denied') return 'failed';
  return (collectionStatuses as readonly string[]).includes(status ?? '')
    ? (status as CollectionStatus)
    : 'pending_submission';
}
