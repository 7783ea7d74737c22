import type { Transaction } from 'kysely';
import type { PublisherKeyMode } from '@krowd/domain/publisher/publisher-key.rules';
import type { ReasonParams } from '@krowd/domain/qualification/cap-reasons.rules';
import type { DB } from '../../db/database.generated.ts';

/**
 * Domain events about a publisher's data (decision 0092), for the outbound webhooks to deliver.
 * The code that causes an event emits it inside its own database transaction; each listener gets
 * that transaction, so a listener that enqueues a delivery job (plugins/jobs.ts, `trx`) makes the
 * job exist exactly when the event's data does, and never slows or fails the caller after commit.
 * A listener that throws rolls the cause back with it: listeners only write, they never call out.
 */

export interface TransactionEventData {
  /** Our id of the stored (test) transaction. */
  id: string;
  /** The publisher's own transaction_id. */
  transactionId: string;
  datetime: string;
  amountPence: number;
  mid: string;
  cardLast4: string;
  campaignId: string | null;
  brandId: string | null;
  cashbackPence: number;
  /** Not qualified only: the engine's reason key and its text. */
  reasonCode: string | null;
  reason: string | null;
  /** Qualified only: the cap that made it earn less (decision 0116), its key and its text. */
  cappedReasonCode: string | null;
  cappedReason: string | null;
  /** The number of the cap either reason names (`{limit, interval}`, cap-reasons.rules.ts); else null. */
  reasonParams: ReasonParams | null;
}

export type PublisherEvent = {
  type: 'transaction.qualified' | 'transaction.not_qualified';
  /** 'test' for what a test key caused: delivered to test subscriptions only. */
  mode: PublisherKeyMode;
  publisherId: string;
  occurredAt: Date;
  data: TransactionEventData;
};

export type PublisherEventListener = (event: PublisherEvent, trx: Transaction<DB>) => Promise<void>;

/** The app's one event channel: listeners subscribe once at start, emitters call `emit`. */
export function createPublisherEvents() {
  const listeners: PublisherEventListener[] = [];
  return {
    subscribe(listener: PublisherEventListener): void {
      listeners.push(listener);
    },
    async emit(event: PublisherEvent, trx: Transaction<DB>): Promise<void> {
      for (const listener of listeners) await listener(event, trx);
    },
  };
}

export type PublisherEvents = ReturnType<typeof createPublisherEvents>;
