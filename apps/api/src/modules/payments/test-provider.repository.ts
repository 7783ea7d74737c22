import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

type Executor = Kysely<DB> | Transaction<DB>;

const webhookSecretName = 'webhook';

/** The built-in test provider's own tables (migration 0021), as a remote provider keeps its state. */
export function createTestProviderRepository(db: Kysely<DB>) {
  return {
    /** The webhook secret, made randomly at first use and kept (never a constant in code). */
    async webhookSecret(): Promise<string> {
      await db
        .insertInto('test_provider_secrets')
        .values({ name: webhookSecretName, secret: randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('test_provider_secrets')
        .select('secret')
        .where('name', '=', webhookSecretName)
        .executeTakeFirstOrThrow();
      return row.secret;
    },

    async insertFlow(values: Insertable<DB['test_provider_flows']>) {
      await db.insertInto('test_provider_flows').values(values).execute();
    },

    flow(flowId: string, executor: Executor = db) {
      return executor
        .selectFrom('test_provider_flows')
        .selectAll()
        .where('flow_id', '=', flowId)
        .executeTakeFirst();
    },

    /** Confirms an open, unexpired flow with the payer's details; undefined when it is not one. */
    confirmFlow(
      flowId: string,
      details: { accountHolderName: string; accountNumberEnding: string; bankName: string },
      now: Date,
    ) {
      return db
        .updateTable('test_provider_flows')
        .set({
          status: 'confirmed',
          account_holder_name: details.accountHolderName,
          account_number_ending: details.accountNumberEnding,
          bank_name: details.bankName,
        })
        .where('flow_id', '=', flowId)
        .where('status', '=', 'open')
        .where('expires_at', '>', now)
        .returning('success_redirect_url')
        .executeTakeFirst();
    },

    /** Completes a confirmed flow with its new mandate; undefined when it was not confirmed. */
    completeFlow(flowId: string, mandateId: string, customerId: string, executor: Executor) {
      return executor
        .updateTable('test_provider_flows')
        .set({
          status: 'completed',
          mandate_id: mandateId,
          customer_id: customerId,
          mandate_status: 'submitted',
        })
        .where('flow_id', '=', flowId)
        .where('status', '=', 'confirmed')
        .returning('flow_id')
        .executeTakeFirst();
    },

    /** Sets a mandate's status; with `unlessIn`, only when it is in none of those. Answers whether it changed. */
    async setMandateStatus(mandateId: string, status: string, unlessIn: string[] = []) {
      let query = db
        .updateTable('test_provider_flows')
        .set({ mandate_status: status })
        .where('mandate_id', '=', mandateId);
      if (unlessIn.length > 0) query = query.where('mandate_status', 'not in', unlessIn);
      const row = await query.returning('mandate_id').executeTakeFirst();
      return row !== undefined;
    },

    /** Stores a payment once per idempotency key; answers the payment of that key. */
    async insertPayment(values: Insertable<DB['test_provider_payments']>) {
      await db
        .insertInto('test_provider_payments')
        .values(values)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return db
        .selectFrom('test_provider_payments')
        .select('payment_id')
        .where('idempotency_key', '=', values.idempotency_key)
        .executeTakeFirstOrThrow();
    },

    async setPaymentStatus(paymentId: string, status: string) {
      await db
        .updateTable('test_provider_payments')
        .set({ status })
        .where('payment_id', '=', paymentId)
        .execute();
    },

    async queueEvent(eventId: string, event: object, executor: Executor = db) {
      await executor
        .insertInto('test_provider_outbox')
        .values({ event_id: eventId, event: JSON.stringify(event) })
        .execute();
    },

    /** Claims up to 100 waiting events, oldest first (another delivery skips them). */
    async claimEvents(now: Date) {
      const { rows } = await sql<{ event_id: string; event: unknown }>`
        UPDATE test_provider_outbox SET delivered_at = ${now}
        WHERE event_id IN (
          SELECT event_id FROM test_provider_outbox WHERE delivered_at IS NULL
          ORDER BY created_at, event_id LIMIT 100 FOR UPDATE SKIP LOCKED
        )
        RETURNING event_id, event`.execute(db);
      return rows;
    },

    /** Puts claimed events back for the next delivery. */
    async releaseEvents(eventIds: string[]) {
      if (eventIds.length === 0) return;
      await db
        .updateTable('test_provider_outbox')
        .set({ delivered_at: null })
        .where('event_id', 'in', eventIds)
        .execute();
    },
  };
}

export type TestProviderRepository = ReturnType<typeof createTestProviderRepository>;
