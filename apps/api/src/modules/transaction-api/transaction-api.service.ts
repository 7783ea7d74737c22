import type { Kysely, Transaction } from 'kysely';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence, poundsToPence } from '@krowd/domain/money/money.rules';
import type {
  AuthorisedTransaction,
  ClearedTransaction,
  RefundedTransaction,
  TransactionStatus,
  TransactionStepResult,
} from '@krowd/domain/publisher/transaction-api.schema';
import {
  authorisationExpiresAt,
  refundAmountPence,
} from '@krowd/domain/publisher/transaction-lifecycle.rules';
import type { DB } from '../../db/database.generated.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { PublisherCaller } from '../../http/publisher-caller.ts';
import type { TransactionIngestion } from '../ingestion/ingestion.transactions.ts';
import { createClearingBatches, type MarkEffect } from './cleared-batches.ts';
import { statusOfAuthorisation, statusOfStored } from './transaction-status.ts';
import { transactionApiRepository as repo, type StoredAuthorisation } from './transaction-api.repository.ts';

const m = messages.transactionApi;

/** How the webhooks module is told of an authorisation's steps, in the causing transaction. */
export interface TransactionApiEvents {
  emitEvent(
    trx: Transaction<DB>,
    event: {
      type: 'transaction.authorised' | 'transaction.expired';
      mode: 'live';
      publisherId: string;
      subjectId: string;
      data: Record<string, unknown>;
    },
  ): Promise<string>;
}

export type { MarkEffect };

/** Expired per statement by the sweep. */
const sweepBatch = 500;

/** Pence as the file writes pounds: '-12.34'. */
function poundsText(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(pence);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** An authorisation's webhook data: what the publisher sent, and when it expires. */
const authorisationEventData = (row: StoredAuthorisation) => ({
  transactionId: row.publisher_transaction_id,
  amountPence: row.amount_pence,
  mid: row.mid,
  cardLast4: row.card_last4,
  occurredAt: row.occurred_at.toISOString(),
  expiresAt: row.expires_at.toISOString(),
  status: row.status,
});

/**
 * The transaction lifecycle one at a time (docs/decisions/0109): authorised (optional), cleared,
 * refunded, and the status of any transaction id. A cleared transaction and a refund are one-row
 * files through ingestion (the same qualification, reporting store, invoices and webhook events
 * as a file's rows, channel 'api'); an authorisation is kept apart until it clears or expires.
 * Each step is one database transaction, idempotent on the publisher's transaction id (a repeat
 * answers the status, duplicate: true) and on the Idempotency-Key (marked in that transaction).
 */
export function createTransactionApiService(deps: {
  db: Kysely<DB>;
  ingestion: Pick<TransactionIngestion, 'ingest'>;
  events: TransactionApiEvents;
  clock: () => Date;
}) {
  const { db, ingestion, events, clock } = deps;

  /** The status of a transaction id the caller's transaction has just stored (it must exist). */
  async function storedStatus(trx: Transaction<DB>, publisherId: string, transactionId: string) {
    const row = await repo.transaction(trx, publisherId, transactionId);
    if (!row) throw new Error(`transaction ${transactionId} was not stored`);
    return statusOfStored(row, await repo.authorisation(trx, publisherId, transactionId));
  }

  /** One row through ingestion, in `trx`: whether it was stored (false: a repeat of a stored id). */
  async function ingestRow(
    trx: Transaction<DB>,
    publisher: PublisherCaller,
    fields: Record<string, unknown>,
    markEffect: MarkEffect,
  ): Promise<boolean> {
    // Partial, so a refused row is listed rather than thrown: ingestion's errors stay its own.
    const result = await ingestion.ingest(
      { id: publisher.publisherId, code: publisher.publisherCode },
      async function* () {
        yield [{ line: 1, fields }];
      },
      { partial: true, channel: 'api', trx, markEffect },
    );
    // The row breaks a rule the route's schema does not hold (a time in the future): its message.
    const refused = result.errors[0];
    if (refused) throw badRequest(refused.message);
    return result.inserted > 0;
  }

  const clearings = createClearingBatches({ db, ingestion, clock });

  return {
    /** Where a transaction id of the publisher's is: 404 when it names nothing of theirs. */
    async status(publisher: PublisherCaller, transactionId: string): Promise<TransactionStatus> {
      const [stored, authorisation] = await Promise.all([
        repo.transaction(db, publisher.publisherId, transactionId),
        repo.authorisation(db, publisher.publisherId, transactionId),
      ]);
      if (stored) return statusOfStored(stored, authorisation);
      if (authorisation) return statusOfAuthorisation(authorisation);
      throw notFound(m.transactionNotFound);
    },

    /**
     * A purchase authorised: kept until its clearing, or until it expires (transaction.expired);
     * fires transaction.authorised. An id already cleared answers 409: an authorisation comes first.
     */
    async authorised(
      publisher: PublisherCaller,
      sent: AuthorisedTransaction,
      markEffect: MarkEffect,
    ): Promise<TransactionStepResult> {
      return db.transaction().execute(async (trx) => {
        if (await repo.transaction(trx, publisher.publisherId, sent.transaction_id))
          throw conflict(m.alreadyCleared);
        const now = clock();
        const made = await repo.insertAuthorisation(trx, {
          publisher_id: publisher.publisherId,
          publisher_transaction_id: sent.transaction_id,
          occurred_at: new Date(sent.datetime),
          amount_pence: poundsToPence(Number(sent.amount)),
          mid: sent.mid,
          card_token: sent.card_token,
          card_last4: sent.card_last4,
          postcode: sent.postcode || null,
          expires_at: authorisationExpiresAt(now),
          created_at: now,
        });
        if (!made) {
          const earlier = await repo.authorisation(trx, publisher.publisherId, sent.transaction_id);
          return { ...statusOfAuthorisation(earlier!), duplicate: true };
        }
        await markEffect(trx);
        await events.emitEvent(trx, {
          type: 'transaction.authorised',
          mode: 'live',
          publisherId: publisher.publisherId,
          subjectId: made.id,
          data: authorisationEventData(made),
        });
        return { ...statusOfAuthorisation(made), duplicate: false };
      });
    },

    /**
     * A purchase cleared: qualified and stored as a row of a file (its outcome fires
     * transaction.qualified or transaction.not_qualified, as a file's rows do); its authorisation,
     * if any, is marked cleared. The amount may differ from the authorisation's. Calls that arrive
     * while the publisher's previous batch is being stored are stored together, as one upload
     * (group commit: an upload's fixed costs and ingestion's locks paid once a batch).
     */
    cleared(
      publisher: PublisherCaller,
      sent: ClearedTransaction,
      markEffect: MarkEffect,
    ): Promise<TransactionStepResult> {
      return clearings.submit(publisher, sent, markEffect);
    },

    /**
     * A refund of a cleared purchase, full (no amount) or partial: a one-row file naming its
     * original, so the engine reverses cashback and fee as qualification.md ("Refunds") says, and
     * transaction.refunded fires. More than what is left of the original answers 409.
     */
    async refunded(
      publisher: PublisherCaller,
      sent: RefundedTransaction,
      markEffect: MarkEffect,
    ): Promise<TransactionStepResult> {
      return db.transaction().execute(async (trx) => {
        const { publisherId } = publisher;
        const earlier = await repo.transaction(trx, publisherId, sent.transaction_id);
        if (earlier) {
          if (earlier.amount_pence > 0 || earlier.original_transaction_id !== sent.original_transaction_id)
            throw conflict(m.refundIdTaken);
          return { ...statusOfStored(earlier, null), duplicate: true };
        }
        const original = await repo.transaction(trx, publisherId, sent.original_transaction_id);
        if (!original) throw notFound(m.originalNotFound);
        if (original.amount_pence < 0) throw badRequest(m.originalIsRefund);
        const amount = refundAmountPence(
          { amountPence: original.amount_pence, refundedPence: original.refunded_pence },
          sent.amount === undefined ? null : poundsToPence(Number(sent.amount)),
        );
        const left = original.amount_pence - original.refunded_pence;
        if (amount === null)
          throw conflict(left <= 0 ? m.nothingLeftToRefund : m.refundTooLarge(formatPence(left)));
        await ingestRow(
          trx,
          publisher,
          {
            transaction_id: sent.transaction_id,
            datetime: sent.datetime,
            amount: poundsText(-amount),
            currency: sent.currency,
            mid: original.mid,
            card_token: original.card_token,
            card_last4: original.card_last4,
            postcode: original.postcode,
            publisher: publisher.publisherCode,
            original_transaction_id: sent.original_transaction_id,
          },
          markEffect,
        );
        // Another refund of the same original may have been stored meanwhile (the publisher's
        // ingestion lock orders them, ingestion-locks.ts): what is refunded never passes the original's amount.
        const after = await repo.transaction(trx, publisherId, sent.original_transaction_id);
        if (after!.refunded_pence > after!.amount_pence) {
          throw conflict(m.refundTooLarge(formatPence(Math.max(0, left))));
        }
        return { ...(await storedStatus(trx, publisherId, sent.transaction_id)), duplicate: false };
      });
    },

    /**
     * The recurring sweep: authorisations past their expiry marked expired, a batch a transaction,
     * each firing transaction.expired in it. Answers how many expired.
     */
    async expireDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const expired = await db.transaction().execute(async (trx) => {
          const rows = await repo.expireDue(trx, clock(), sweepBatch);
          for (const row of rows) {
            await events.emitEvent(trx, {
              type: 'transaction.expired',
              mode: 'live',
              publisherId: row.publisher_id,
              subjectId: row.id,
              data: authorisationEventData(row),
            });
          }
          return rows.length;
        });
        total += expired;
        if (expired < sweepBatch) return total;
      }
    },
  };
}

export type TransactionApiService = ReturnType<typeof createTransactionApiService>;
