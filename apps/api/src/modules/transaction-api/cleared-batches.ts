import type { Kysely, Transaction } from 'kysely';
import { messages } from '@krowd/domain/messages/messages';
import type {
  ClearedTransaction,
  TransactionStepResult,
} from '@krowd/domain/publisher/transaction-api.schema';
import type { DB } from '../../db/database.generated.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { PublisherCaller } from '../../http/publisher-caller.ts';
import type { TransactionIngestion } from '../ingestion/ingestion.transactions.ts';
import { transactionApiRepository as repo } from './transaction-api.repository.ts';
import { statusOfStored } from './transaction-status.ts';

const m = messages.transactionApi;

/** The Idempotency-Key's record, written in the step's transaction (decision 0104). */
export type MarkEffect = (trx: Transaction<DB>) => Promise<void>;

/** A clearing waiting for its batch (see `cleared`). */
interface PendingClearing {
  publisher: PublisherCaller;
  sent: ClearedTransaction;
  markEffect: MarkEffect;
  resolve: (result: TransactionStepResult) => void;
  reject: (error: unknown) => void;
}

/** Clearings stored together at most: a batch stays one page of an upload. */
const maxClearingBatch = 500;

/** A clearing as a row of the transactions file. */
const clearedFields = ({ publisher, sent }: PendingClearing): Record<string, unknown> => ({
  transaction_id: sent.transaction_id,
  datetime: sent.datetime,
  amount: sent.amount,
  currency: sent.currency,
  mid: sent.mid,
  card_token: sent.card_token,
  card_last4: sent.card_last4,
  postcode: sent.postcode ?? null,
  publisher: publisher.publisherCode,
});

/**
 * Group commit of cleared transactions (docs/decisions/0109): a publisher's clearings that arrive
 * while its previous batch is being stored wait, and are then stored together as one upload, so
 * an upload's fixed costs and ingestion's locks are paid once a batch, not once a call. A call
 * alone is stored at once (on the next turn of the event loop).
 */
export function createClearingBatches(deps: {
  db: Kysely<DB>;
  ingestion: Pick<TransactionIngestion, 'ingest'>;
  clock: () => Date;
}) {
  const { db, ingestion, clock } = deps;
  /** The clearings waiting for their batch, by publisher; the publishers whose batch is running. */
  const queues = new Map<string, PendingClearing[]>();
  const running = new Set<string>();

  /** Starts the publisher's next batch unless one is running; the next starts when it ends. */
  function schedule(publisherId: string) {
    const queue = queues.get(publisherId);
    if (running.has(publisherId) || !queue || queue.length === 0) return;
    running.add(publisherId);
    setImmediate(() => {
      const batch = queue.splice(0, maxClearingBatch);
      if (queue.length === 0) queues.delete(publisherId);
      void clearBatch(batch).finally(() => {
        running.delete(publisherId);
        schedule(publisherId);
      });
    });
  }

  /**
   * One batch of a publisher's clearings in one transaction: each call's Idempotency-Key marked,
   * the new ones ingested as one partial upload (a row's error answers its own call), each
   * answered its status after the commit. A call repeating an id already stored, or another of the
   * batch, answers duplicate: true.
   */
  async function clearBatch(batch: PendingClearing[]) {
    const { publisher } = batch[0]!;
    const { publisherId } = publisher;
    const ids = [...new Set(batch.map((call) => call.sent.transaction_id))];
    const answers = new Map<PendingClearing, TransactionStepResult>();
    const failures = new Map<PendingClearing, unknown>();
    try {
      await db.transaction().execute(async (trx) => {
        answers.clear();
        failures.clear();
        const earlier = await repo.transactions(trx, publisherId, ids);
        const firstOf = new Map<string, PendingClearing>();
        for (const call of batch) {
          const id = call.sent.transaction_id;
          const stored = earlier.get(id);
          if (stored && stored.amount_pence < 0) failures.set(call, conflict(m.clearingOfRefund));
          if (stored || firstOf.has(id)) continue;
          try {
            await call.markEffect(trx);
            firstOf.set(id, call);
          } catch (error) {
            failures.set(call, error);
          }
        }
        const ingested = [...firstOf.values()];
        const refused = new Map<string, string>();
        if (ingested.length > 0) {
          const result = await ingestion.ingest(
            { id: publisherId, code: publisher.publisherCode },
            async function* () {
              yield ingested.map((call, index) => ({ line: index + 1, fields: clearedFields(call) }));
            },
            { partial: true, channel: 'api', trx },
          );
          for (const error of result.errors) {
            const id = ingested[error.line - 1]!.sent.transaction_id;
            if (!refused.has(id)) refused.set(id, error.message);
          }
        }
        const authorisations = await repo.clearAuthorisations(
          trx,
          publisherId,
          {
            cleared: ingested.map((call) => call.sent.transaction_id).filter((id) => !refused.has(id)),
            of: ids,
          },
          clock(),
        );
        const rows = await repo.transactions(trx, publisherId, ids);
        for (const call of batch) {
          if (failures.has(call)) continue;
          const id = call.sent.transaction_id;
          const row = rows.get(id);
          // The row breaks a rule the route's schema does not hold (a time in the future): its message.
          if (!row) failures.set(call, badRequest(refused.get(id) ?? m.transactionNotFound));
          else
            answers.set(call, {
              ...statusOfStored(row, authorisations.get(id) ?? null),
              duplicate: firstOf.get(id) !== call,
            });
        }
      });
    } catch (error) {
      for (const call of batch) call.reject(error);
      return;
    }
    for (const call of batch) {
      if (failures.has(call)) call.reject(failures.get(call));
      else call.resolve(answers.get(call)!);
    }
  }

  return {
    /** The clearing stored with its batch: its status, or the error of its own row. */
    submit(
      publisher: PublisherCaller,
      sent: ClearedTransaction,
      markEffect: MarkEffect,
    ): Promise<TransactionStepResult> {
      return new Promise((resolve, reject) => {
        const queue = queues.get(publisher.publisherId) ?? [];
        queues.set(publisher.publisherId, queue);
        queue.push({ publisher, sent, markEffect, resolve, reject });
        schedule(publisher.publisherId);
      });
    },
  };
}
