import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { pages } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import {
  collectionStatusAfter,
  invoicePaymentStatusOf,
  mandateStatusAfter,
} from '@krowd/domain/payment/payment.rules';
import type { DirectDebitSettings, Mandate } from '@krowd/domain/payment/payment-response.schema';
import {
  liveMandateStatuses,
  type MandateReturnTarget,
  type MandateStatus,
  type SimulateProviderEventInput,
  type TestBankDetails,
} from '@krowd/domain/payment/payment.schema';
import type { DB } from '../../db/database.generated.ts';
import type { PaymentEventOutcome } from '../../db/schema.ts';
import type { AuthContext } from '../../http/caller.ts';
import { conflict, gone, notFound, invalidField } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { brandInScope } from '../../http/brand-scope.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import {
  InvalidSignatureError,
  ProviderRefusedError,
  type PaymentProvider,
  type ProviderEvent,
} from './payment-provider.ts';
import type { MandateRow, PaymentsRepository } from './payments.repository.ts';
import { createMandateAudit, createProviderMandateAudit } from './payments.audit.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { TestProvider } from './test-provider.ts';

const m = messages.payment;

/** The job that asks the provider for a direct-debit invoice's payment (queued with the invoice). */
export const collectInvoiceJob = 'payments.collect-invoice';
export const collectInvoicePayloadSchema = z.object({ invoiceId: z.uuid() });

/** Queues an invoice's collection inside the transaction that issues it (the invoice run's `collect`). */
export const collectLater =
  (jobs: JobQueue) =>
  (invoiceId: string, trx: Transaction<DB>): Promise<void> =>
    jobs.enqueue(collectInvoiceJob, { invoiceId }, { trx });

/** Where the payer comes back to after the provider's page: built here, never taken from the client. */
const returnPaths: Record<MandateReturnTarget, string> = {
  payments: pages.payments.path,
  onboarding: pages.campaignsCreate.path,
};

export function toMandate(row: MandateRow): Mandate {
  return {
    _id: row.id,
    brandId: row.brand_id,
    provider: row.provider,
    status: row.status,
    reference: row.provider_mandate_id,
    accountHolderName: row.account_holder_name,
    accountNumberEnding: row.account_number_ending,
    bankName: row.bank_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A provider's refusal of something the payer or brand did is a 409, never a 5xx. */
async function unlessRefused<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ProviderRefusedError) {
      throw conflict(error.reason === 'setup_not_finished' ? m.setupNotFinished : m.providerRefused);
    }
    throw error;
  }
}

export function createPaymentsService(deps: {
  db: Kysely<DB>;
  payments: PaymentsRepository;
  brands: BrandsRepository;
  settings: SettingsRepository;
  provider: PaymentProvider;
  /** The built-in test provider when it is the one running; null with GoCardless. */
  testProvider: TestProvider | null;
  publicUrl: string;
  clock: () => Date;
  logger: FastifyBaseLogger;
  /** Each mandate change a user makes recorded in its own transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, payments, brands, settings, provider, testProvider, publicUrl, clock, logger } = deps;
  const audited = createMandateAudit(deps.audit);
  const providerAudited = createProviderMandateAudit(audited);

  /**
   * The brand a call is about: the one named by brandId when the caller's scope covers it (else
   * 404), or the caller's own brand. Group roles and operators must name one.
   */
  async function brandOf(caller: AuthContext, brandId?: string) {
    const chosen = brandId ?? (caller.scope.kind === 'brand' ? caller.scope.brandId : undefined);
    if (!chosen) throw invalidField('brandId', m.chooseBrand);
    return brandInScope(brands, caller.scope, chosen);
  }

  /** Sends the provider's waiting events; a failure is logged (they stay queued for the next time). */
  async function deliverEvents() {
    try {
      await provider.deliverEvents?.();
    } catch (error) {
      logger.error({ err: error }, 'payment provider events not delivered');
    }
  }

  /** What one webhook event does to our mandates, collections and invoices (payment.rules.ts). */
  async function applyEvent(event: ProviderEvent, trx: Transaction<DB>): Promise<PaymentEventOutcome> {
    if (!event.resourceId) return 'ignored';
    const now = clock();
    if (event.resourceType === 'mandates') {
      const mandate = await payments.mandateByProviderId(event.resourceId, trx);
      if (!mandate) return 'ignored';
      const next = mandateStatusAfter(mandate.status, event.action);
      if (!next) return 'unchanged';
      if ((liveMandateStatuses as readonly MandateStatus[]).includes(next)) {
        // A brand has one live mandate: an old one reinstated after a newer took its place stays as is.
        const live = await payments.liveMandate(mandate.brand_id, trx);
        if (live && live.id !== mandate.id) return 'unchanged';
      }
      await payments.setMandateStatus(mandate.id, next, now, trx);
      await providerAudited(trx, provider.name, mandate, next);
      return 'applied';
    }
    if (event.resourceType === 'payments') {
      const collection = await payments.collectionByProviderId(event.resourceId, trx);
      if (!collection) return 'ignored';
      const next = collectionStatusAfter(collection.status, event.action);
      if (!next) return 'unchanged';
      await payments.setCollectionStatus(collection.id, next, now, trx);
      const invoice = await payments.invoice(collection.invoice_id, trx);
      const paymentStatus = invoicePaymentStatusOf(next);
      if (invoice && invoice.payment_status !== paymentStatus) {
        await payments.setInvoicePaymentStatus(invoice.id, paymentStatus, now, trx);
      }
      return 'applied';
    }
    return 'ignored';
  }

  function requireTestProvider(): TestProvider {
    if (!testProvider) throw notFound();
    return testProvider;
  }

  return {
    async directDebitSettings(): Promise<DirectDebitSettings> {
      const { autoDebit } = await settings.read();
      return {
        provider: provider.name,
        environment: provider.environment,
        testMode: provider.name === 'test',
        autoDebit,
      };
    },

    /** The brand's live mandate, else its newest setup (awaiting, failed or cancelled), else null. */
    async currentMandate(caller: AuthContext, brandId?: string): Promise<Mandate | null> {
      const brand = await brandOf(caller, brandId);
      const row = await payments.currentMandate(brand.id);
      return row ? toMandate(row) : null;
    },

    /** Starts a setup on the provider's hosted page; the payer is sent to `redirectUrl`. */
    async startMandate(caller: AuthContext, input: { brandId?: string; returnTo: MandateReturnTarget }) {
      const brand = await brandOf(caller, input.brandId);
      const sessionToken = randomBytes(32).toString('hex');
      const { account } = caller;
      const flow = await unlessRefused(
        provider.startSetup({
          brand: { id: brand.id, name: brand.name },
          user: { email: account.email, givenName: account.first_name, familyName: account.last_name },
          sessionToken,
          successRedirectUrl: `${publicUrl}${returnPaths[input.returnTo]}`,
          description: m.setupDescription(brand.name),
        }),
      );
      const values = { brand_id: brand.id, provider: provider.name, flow_id: flow.flowId };
      await db.transaction().execute(async (trx) => {
        const made = await payments.insertMandate(
          { ...values, session_token: sessionToken, return_to: input.returnTo, created_by: account.id },
          trx,
        );
        await audited(trx, caller, made, 'created', null, { ...values, status: made.status });
      });
      return flow;
    },

    /**
     * Completes the setup the payer came back from: the mandate becomes pending with the
     * provider's reference, any older live mandate of the brand is cancelled, and the caller's
     * onboarding Payment step is done, in one transaction. The replaced mandate is cancelled with
     * the provider after the commit, so a provider failure never leaves the brand with none.
     * Completing again answers the same mandate. Another user's or brand's setup, or one made with
     * a provider no longer running, is 404.
     */
    async completeMandate(caller: AuthContext, flowId: string): Promise<Mandate> {
      const row = await payments.mandateByFlowId(flowId);
      const brand = row && (await brands.findById(row.brand_id));
      if (
        !row ||
        !brand ||
        !scopeCoversBrand(caller.scope, brand) ||
        row.created_by !== caller.account.id ||
        row.provider !== provider.name
      ) {
        throw notFound();
      }
      if (row.status !== 'awaiting_customer') return toMandate(row);
      const setup = await unlessRefused(provider.completeSetup(flowId, row.session_token));
      const { mandate, replaced } = await db.transaction().execute(async (trx) => {
        await payments.lockBrand(row.brand_id, trx);
        const locked = await payments.mandateByFlowId(flowId, trx, true);
        if (!locked || locked.status !== 'awaiting_customer') {
          return { mandate: locked ?? row, replaced: [] };
        }
        const now = clock();
        const replaced = await payments.cancelOtherLiveMandates(row.brand_id, row.id, now, trx);
        const mandate = await payments.markCompleted(row.id, setup, now, trx);
        await payments.markPaymentStepDone(caller.account.id, now, trx);
        const was = { status: row.status, provider_mandate_id: null, replaced_mandates: [] };
        const is = {
          status: mandate.status,
          provider_mandate_id: mandate.provider_mandate_id,
          replaced_mandates: replaced,
        };
        await audited(trx, caller, mandate, 'updated', was, is);
        return { mandate, replaced };
      });
      for (const providerMandateId of replaced) {
        try {
          await provider.cancelMandate(providerMandateId);
        } catch (error) {
          logger.error({ err: error, providerMandateId }, 'replaced mandate not cancelled with the provider');
        }
      }
      await deliverEvents();
      return toMandate(mandate);
    },

    /** Cancels the brand's live mandate with the provider, then here; 404 when it has none. */
    async cancelMandate(caller: AuthContext, brandId?: string): Promise<void> {
      const brand = await brandOf(caller, brandId);
      const live = await payments.liveMandate(brand.id);
      if (!live?.provider_mandate_id) throw notFound(m.noMandateToCancel);
      await unlessRefused(provider.cancelMandate(live.provider_mandate_id));
      await db.transaction().execute(async (trx) => {
        await payments.setMandateStatus(live.id, 'cancelled', clock(), trx);
        await audited(trx, caller, live, 'revoked', { status: live.status }, { status: 'cancelled' });
      });
      await deliverEvents();
    },

    /**
     * A webhook: its signature checked (false when it is not ours), then each event logged once;
     * only an event logged now changes anything, so a replay changes nothing. One transaction.
     */
    async receiveWebhook(providerName: string, rawBody: Buffer, signature: string | undefined) {
      if (providerName !== provider.name) throw notFound();
      let events: ProviderEvent[];
      try {
        events = await provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof InvalidSignatureError) return false;
        throw error;
      }
      await db.transaction().execute(async (trx) => {
        for (const event of events) {
          const id = await payments.insertEvent(provider.name, event, 'ignored', trx);
          if (!id) continue;
          const outcome = await applyEvent(event, trx);
          if (outcome !== 'ignored') await payments.setEventOutcome(id, outcome, trx);
        }
      });
      return true;
    },

    /**
     * The collection of a direct-debit invoice (the job queued with it): the provider is asked for
     * the payment with the invoice's id as idempotency key, so a retried job never pays twice. A
     * brand whose mandate stopped being active since invoicing cannot be collected: the invoice
     * fails and is paid by hand.
     */
    async collectInvoice(invoiceId: string): Promise<void> {
      const invoice = await payments.invoice(invoiceId);
      if (!invoice || invoice.collection_method !== 'direct_debit') return;
      if (await payments.collectionOfInvoice(invoiceId)) return;
      const mandate = await payments.liveMandate(invoice.brand_id);
      if (mandate?.status !== 'active' || !mandate.provider_mandate_id) {
        logger.warn({ invoiceId }, 'direct-debit invoice without an active mandate: marked Failed');
        await payments.setInvoicePaymentStatus(invoiceId, 'Failed', clock(), db);
        return;
      }
      const payment = await provider.createPayment({
        providerMandateId: mandate.provider_mandate_id,
        amountPence: invoice.amount_pence,
        currency: 'GBP',
        description: m.invoiceDescription(invoice.invoice_number),
        idempotencyKey: invoice.id,
        invoiceId: invoice.id,
      });
      await payments.insertCollection({
        invoiceId: invoice.id,
        brandId: invoice.brand_id,
        mandateId: mandate.id,
        provider: provider.name,
        providerPaymentId: payment.paymentId,
        amountPence: invoice.amount_pence,
        status: payment.status,
      });
      await deliverEvents();
    },

    /** The test provider's hosted page: what the payer is setting up. */
    async testFlow(flowId: string) {
      const flow = await requireTestProvider().flow(flowId);
      if (!flow) throw notFound(m.flowUnavailable);
      return { ...flow, testMode: true as const };
    },

    /** The payer's bank details on the test provider's page; answers where the payer goes next. */
    async confirmTestFlow(flowId: string, details: TestBankDetails) {
      const result = await requireTestProvider().confirm(flowId, details);
      if (!result) throw notFound(m.flowUnavailable);
      if ('status' in result) {
        throw result.status === 'expired' ? gone(m.setupExpired) : conflict(m.detailsAlreadySubmitted);
      }
      return result.redirectUrl;
    },

    /**
     * The test provider's simulator: the bank does what the scenario says to the brand's newest
     * mandate or to an invoice's payment, and the signed event goes through the webhook route.
     * Answers the event as logged and the mandate and invoice as they are now.
     */
    async simulate(caller: AuthContext, input: SimulateProviderEventInput) {
      const test = requireTestProvider();
      let brandId: string;
      let resourceId: string;
      let invoiceId: string | null = null;
      if (input.scenario.startsWith('mandate_')) {
        brandId = (await brandOf(caller, input.brandId)).id;
        const mandate = await payments.newestProviderMandate(brandId);
        if (!mandate?.provider_mandate_id) throw notFound(m.noMandate);
        resourceId = mandate.provider_mandate_id;
      } else {
        if (!input.invoiceId) throw invalidField('invoiceId', m.invoiceRequired);
        const invoice = await payments.invoice(input.invoiceId);
        if (
          !invoice ||
          !scopeCoversBrand(caller.scope, { id: invoice.brand_id, group_id: invoice.group_id }) ||
          (input.brandId && input.brandId !== invoice.brand_id)
        ) {
          throw notFound();
        }
        const collection = await payments.collectionOfInvoice(invoice.id);
        if (!collection) throw notFound(m.notCollected);
        brandId = invoice.brand_id;
        invoiceId = invoice.id;
        resourceId = collection.provider_payment_id;
      }
      const eventId = await test.simulate(input.scenario, resourceId);
      const event = await payments.event('test', eventId);
      const mandate = await payments.currentMandate(brandId);
      const invoice = invoiceId ? await payments.invoice(invoiceId) : undefined;
      return {
        event: event
          ? {
              id: event.provider_event_id,
              resourceType: event.resource_type,
              action: event.action,
              outcome: event.outcome,
            }
          : null,
        mandate: mandate ? toMandate(mandate) : null,
        invoice: invoice ? { _id: invoice.id, paymentStatus: invoice.payment_status } : null,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
