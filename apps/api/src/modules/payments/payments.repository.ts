import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { PaymentStatus } from '@krowd/domain/invoice/invoice.schema';
import {
  liveMandateStatuses,
  type CollectionStatus,
  type MandateStatus,
  type PaymentProviderName,
} from '@krowd/domain/payment/payment.schema';
import type { DB } from '../../db/database.generated.ts';
import type { PaymentEventOutcome } from '../../db/schema.ts';
import type { CompletedSetup, ProviderEvent } from './payment-provider.ts';

type Executor = Kysely<DB> | Transaction<DB>;
export type MandateRow = Selectable<DB['payment_mandates']>;

export function createPaymentsRepository(db: Kysely<DB>) {
  return {
    insertMandate(values: Insertable<DB['payment_mandates']>, executor: Executor = db) {
      return executor.insertInto('payment_mandates').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** The mandate of a setup; `lock` holds it until the transaction ends. */
    mandateByFlowId(flowId: string, executor: Executor = db, lock = false) {
      let query = executor.selectFrom('payment_mandates').selectAll().where('flow_id', '=', flowId);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** The brand's live mandate when it has one; otherwise its newest (awaiting, failed, cancelled). */
    currentMandate(brandId: string, executor: Executor = db) {
      return executor
        .selectFrom('payment_mandates')
        .selectAll()
        .where('brand_id', '=', brandId)
        .orderBy((eb) => eb('status', 'in', liveMandateStatuses), 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    liveMandate(brandId: string, executor: Executor = db) {
      return executor
        .selectFrom('payment_mandates')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('status', 'in', liveMandateStatuses)
        .executeTakeFirst();
    },

    /** The brand's newest mandate the provider knows (the test provider's simulator aims at it). */
    newestProviderMandate(brandId: string) {
      return db
        .selectFrom('payment_mandates')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('provider_mandate_id', 'is not', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Holds the brand's mandates until the transaction ends: completions of one brand go one at a time. */
    async lockBrand(brandId: string, executor: Executor) {
      await executor.selectFrom('brands').select('id').where('id', '=', brandId).forUpdate().execute();
    },

    /** Cancels the brand's live mandates other than `keepId`; answers their provider ids. */
    async cancelOtherLiveMandates(brandId: string, keepId: string, now: Date, executor: Executor) {
      const rows = await executor
        .updateTable('payment_mandates')
        .set({ status: 'cancelled', updated_at: now })
        .where('brand_id', '=', brandId)
        .where('id', '<>', keepId)
        .where('status', 'in', liveMandateStatuses)
        .returning('provider_mandate_id')
        .execute();
      return rows.flatMap((row) => (row.provider_mandate_id ? [row.provider_mandate_id] : []));
    },

    markCompleted(id: string, setup: CompletedSetup, now: Date, executor: Executor) {
      return executor
        .updateTable('payment_mandates')
        .set({
          status: 'pending',
          provider_mandate_id: setup.providerMandateId,
          provider_customer_id: setup.providerCustomerId,
          account_holder_name: setup.accountHolderName ?? null,
          account_number_ending: setup.accountNumberEnding ?? null,
          bank_name: setup.bankName ?? null,
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    setMandateStatus(id: string, status: MandateStatus, now: Date, executor: Executor = db) {
      return executor
        .updateTable('payment_mandates')
        .set({ status, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    mandateByProviderId(providerMandateId: string, executor: Executor) {
      return executor
        .selectFrom('payment_mandates')
        .selectAll()
        .where('provider_mandate_id', '=', providerMandateId)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * The onboarding train's Payment step is done (spec 2 §4 'Payments': stepTwo is set). Only while
     * the user is still onboarding: a full account setting up a mandate from Payments keeps its step.
     */
    async markPaymentStepDone(userId: string, now: Date, executor: Executor) {
      await executor
        .updateTable('users')
        .set((eb) => ({ step_two: true, step: 'payment', updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', userId)
        .where('process_completed', '=', false)
        .execute();
    },

    /** Logs an event; undefined when it was logged before (a replay). */
    async insertEvent(
      provider: PaymentProviderName,
      event: ProviderEvent,
      outcome: PaymentEventOutcome,
      executor: Executor,
    ) {
      const row = await executor
        .insertInto('payment_events')
        .values({
          provider,
          provider_event_id: event.id,
          resource_type: event.resourceType,
          action: event.action,
          resource_id: event.resourceId,
          payload: JSON.stringify(event.payload),
          outcome,
        })
        .onConflict((oc) => oc.columns(['provider', 'provider_event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async setEventOutcome(id: string, outcome: PaymentEventOutcome, executor: Executor) {
      await executor.updateTable('payment_events').set({ outcome }).where('id', '=', id).execute();
    },

    event(provider: PaymentProviderName, providerEventId: string) {
      return db
        .selectFrom('payment_events')
        .select(['provider_event_id', 'resource_type', 'action', 'outcome'])
        .where('provider', '=', provider)
        .where('provider_event_id', '=', providerEventId)
        .executeTakeFirst();
    },

    collectionByProviderId(providerPaymentId: string, executor: Executor) {
      return executor
        .selectFrom('payment_collections')
        .selectAll()
        .where('provider_payment_id', '=', providerPaymentId)
        .forUpdate()
        .executeTakeFirst();
    },

    collectionOfInvoice(invoiceId: string, executor: Executor = db) {
      return executor
        .selectFrom('payment_collections')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .executeTakeFirst();
    },

    async setCollectionStatus(id: string, status: CollectionStatus, now: Date, executor: Executor) {
      await executor
        .updateTable('payment_collections')
        .set({ status, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Stores the collection of an invoice once (a retried job finds the first one kept). */
    async insertCollection(
      values: {
        invoiceId: string;
        brandId: string;
        mandateId: string;
        provider: PaymentProviderName;
        providerPaymentId: string;
        amountPence: number;
        status: CollectionStatus;
      },
      executor: Executor = db,
    ) {
      await executor
        .insertInto('payment_collections')
        .values({
          invoice_id: values.invoiceId,
          brand_id: values.brandId,
          mandate_id: values.mandateId,
          provider: values.provider,
          provider_payment_id: values.providerPaymentId,
          amount_pence: values.amountPence,
          status: values.status,
        })
        .onConflict((oc) => oc.column('invoice_id').doNothing())
        .execute();
    },

    invoice(invoiceId: string, executor: Executor = db) {
      return executor
        .selectFrom('invoices as i')
        .innerJoin('brands as b', 'b.id', 'i.brand_id')
        .select([
          'i.id',
          'i.brand_id',
          'b.group_id',
          'i.invoice_number',
          'i.amount_pence',
          'i.collection_method',
          'i.payment_status',
        ])
        .where('i.id', '=', invoiceId)
        .executeTakeFirst();
    },

    async setInvoicePaymentStatus(invoiceId: string, status: PaymentStatus, now: Date, executor: Executor) {
      await executor
        .updateTable('invoices')
        .set({ payment_status: status, paid_at: status === 'Paid' ? now : null, updated_at: now })
        .where('id', '=', invoiceId)
        .execute();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
