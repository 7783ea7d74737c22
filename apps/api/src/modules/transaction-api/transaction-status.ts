import { messages } from '@krowd/domain/messages/messages';
import type { TransactionStatus } from '@krowd/domain/publisher/transaction-api.schema';
import {
  qualificationMessage,
  type QualificationReason,
} from '@krowd/domain/qualification/qualification.rules';
import { storedReasonParams } from '@krowd/domain/qualification/cap-reasons.rules';
import type { StoredAuthorisation, StoredTransaction } from './transaction-api.repository.ts';

const m = messages.transactionApi;

function authorisationOf(row: StoredAuthorisation | null): TransactionStatus['authorisation'] {
  return row
    ? {
        amountPence: row.amount_pence,
        authorisedAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        status: row.status,
      }
    : null;
}

/** A stored transaction's place in its lifecycle (transaction-api.schema.ts). */
export function statusOfStored(
  row: StoredTransaction,
  authorisation: StoredAuthorisation | null,
): TransactionStatus {
  const status =
    row.amount_pence < 0
      ? 'refund'
      : row.refunded_pence > 0
        ? 'refunded'
        : row.outcome === 'qualified'
          ? 'qualified'
          : 'notQualified';
  // Why it earned nothing, or (a cap, decision 0116) why it earned less.
  const reason = row.outcome === 'notQualified' ? row.reason : row.capped_reason;
  const params = reason ? storedReasonParams(row.reason_params) : null;
  return {
    id: row.id,
    transactionId: row.publisher_transaction_id,
    status,
    statusText: m.statuses[status],
    amountPence: row.amount_pence,
    refundedPence: row.refunded_pence,
    cashbackPence: row.cashback_pence,
    campaignId: row.campaign_id,
    brandId: row.brand_id,
    reasonCode: reason,
    reason: reason ? qualificationMessage(reason as QualificationReason, params) : null,
    reasonParams: params,
    occurredAt: row.occurred_at.toISOString(),
    originalTransactionId: row.original_transaction_id,
    authorisation: authorisationOf(authorisation),
  };
}

export function statusOfAuthorisation(row: StoredAuthorisation): TransactionStatus {
  const status = row.status === 'expired' ? 'expired' : 'authorised';
  return {
    id: null,
    transactionId: row.publisher_transaction_id,
    status,
    statusText: m.statuses[status],
    amountPence: row.amount_pence,
    refundedPence: 0,
    cashbackPence: 0,
    campaignId: null,
    brandId: null,
    reasonCode: null,
    reason: null,
    reasonParams: null,
    occurredAt: row.occurred_at.toISOString(),
    originalTransactionId: null,
    authorisation: authorisationOf(row),
  };
}
