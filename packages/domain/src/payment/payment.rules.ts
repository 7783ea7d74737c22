import type { PaymentStatus } from '../invoice/invoice.schema';
import type { CollectionStatus, MandateStatus } from './payment.schema';

/**
 * How the provider's events move our states (docs/decisions.md 'Payments'). Events
 * follow GoCardless's names (resource type + action); the built-in test provider sends the same.
 * A final state is left only where the provider documents a way back (a mandate reinstated, a
 * failed payment resubmitted, a chargeback cancelled); an event arriving late (an older action
 * after a newer one) changes nothing, so order of delivery does not matter.
 */

/** The mandate state each action announces; an action not listed changes nothing. */
const mandateActions: Partial<Record<string, MandateStatus>> = {
  created: 'pending',
  submitted: 'pending',
  active: 'active',
  reinstated: 'active',
  failed: 'failed',
  cancelled: 'cancelled',
  expired: 'cancelled',
};

/**
 * The mandate's state after an event, or null when the event changes nothing: an action we do
 * not follow, the state it already has, or a step back (a late 'submitted' after 'active'). Only
 * 'reinstated' brings a failed or cancelled mandate back.
 */
export function mandateStatusAfter(current: MandateStatus, action: string): MandateStatus | null {
  const next = mandateActions[action];
  if (!next || next === current) return null;
  if (current === 'failed' || current === 'cancelled') return action === 'reinstated' ? next : null;
  if (current === 'active' && next === 'pending') return null;
  return next;
}

/** The payment state each action announces; an action not listed changes nothing. */
const paymentActions: Partial<Record<string, CollectionStatus>> = {
  created: 'pending_submission',
  resubmission_requested: 'pending_submission',
  submitted: 'submitted',
  confirmed: 'confirmed',
  chargeback_cancelled: 'paid_out',
  paid_out: 'paid_out',
  failed: 'failed',
  late_failure_settled: 'failed',
  cancelled: 'cancelled',
  charged_back: 'charged_back',
  chargeback_settled: 'charged_back',
};

/** The order of a payment on its way to the creditor. */
const collectionProgress: Partial<Record<CollectionStatus, number>> = {
  pending_submission: 0,
  submitted: 1,
  confirmed: 2,
  paid_out: 3,
};
const confirmedStep = 2;

/**
 * The collection's state after a payment event, or null when it changes nothing. On its way
 * (pending_submission → submitted → confirmed → paid_out) it only moves forward, and may fail
 * or be cancelled; a collected payment may be charged back or fail late. From a final state only
 * the documented ways back: a failed payment resubmitted, a chargeback cancelled.
 */
export function collectionStatusAfter(current: CollectionStatus, action: string): CollectionStatus | null {
  const next = paymentActions[action];
  if (!next || next === current) return null;
  switch (current) {
    case 'failed':
      return action === 'resubmission_requested' ? next : null;
    case 'charged_back':
      return action === 'chargeback_cancelled' ? next : null;
    case 'cancelled':
      return null;
  }
  const from = collectionProgress[current] ?? 0;
  const to = collectionProgress[next];
  if (to !== undefined) return to > from ? next : null;
  const collected = from >= confirmedStep;
  // A chargeback reverses collected money; a cancellation stops money not yet collected.
  if (next === 'charged_back') return collected ? next : null;
  if (next === 'cancelled') return collected ? null : next;
  return next;
}

/**
 * The invoice's payment status while a collection runs: Pending until the payment is confirmed
 * (the money is collected from the payer), then Paid; Failed when it fails, is cancelled or is
 * charged back (the brand then pays by hand).
 */
export function invoicePaymentStatusOf(collection: CollectionStatus): Exclude<PaymentStatus, 'Unpaid'> {
  switch (collection) {
    case 'pending_submission':
    case 'submitted':
      return 'Pending';
    case 'confirmed':
    case 'paid_out':
      return 'Paid';
    case 'failed':
    case 'cancelled':
    case 'charged_back':
      return 'Failed';
  }
}
