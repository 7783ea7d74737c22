import { describe, expect, it } from 'vitest';
import { collectionStatusAfter, invoicePaymentStatusOf, mandateStatusAfter } from './payment.rules';

describe('mandateStatusAfter', () => {
  it('moves a new mandate to pending when it is created or submitted', () => {
    expect(mandateStatusAfter('awaiting_customer', 'created')).toBe('pending');
    expect(mandateStatusAfter('awaiting_customer', 'submitted')).toBe('pending');
  });

  it('activates, fails and cancels a pending mandate', () => {
    expect(mandateStatusAfter('pending', 'active')).toBe('active');
    expect(mandateStatusAfter('pending', 'failed')).toBe('failed');
    expect(mandateStatusAfter('pending', 'cancelled')).toBe('cancelled');
    expect(mandateStatusAfter('active', 'expired')).toBe('cancelled');
  });

  it('changes nothing for the state it already has, a step back or an action it does not follow', () => {
    expect(mandateStatusAfter('pending', 'submitted')).toBeNull();
    expect(mandateStatusAfter('active', 'submitted')).toBeNull();
    expect(mandateStatusAfter('active', 'created')).toBeNull();
    expect(mandateStatusAfter('active', 'customer_approval_granted')).toBeNull();
    expect(mandateStatusAfter('active', 'transferred')).toBeNull();
  });

  it('leaves a failed or cancelled mandate only when it is reinstated', () => {
    expect(mandateStatusAfter('cancelled', 'active')).toBeNull();
    expect(mandateStatusAfter('failed', 'submitted')).toBeNull();
    expect(mandateStatusAfter('cancelled', 'failed')).toBeNull();
    expect(mandateStatusAfter('cancelled', 'reinstated')).toBe('active');
    expect(mandateStatusAfter('failed', 'reinstated')).toBe('active');
  });
});

describe('collectionStatusAfter', () => {
  it('follows a payment forward to paid out', () => {
    expect(collectionStatusAfter('pending_submission', 'submitted')).toBe('submitted');
    expect(collectionStatusAfter('submitted', 'confirmed')).toBe('confirmed');
    expect(collectionStatusAfter('confirmed', 'paid_out')).toBe('paid_out');
    expect(collectionStatusAfter('pending_submission', 'confirmed')).toBe('confirmed');
  });

  it('ignores a late event that would move it back, and actions it does not follow', () => {
    expect(collectionStatusAfter('paid_out', 'confirmed')).toBeNull();
    expect(collectionStatusAfter('confirmed', 'submitted')).toBeNull();
    expect(collectionStatusAfter('confirmed', 'confirmed')).toBeNull();
    expect(collectionStatusAfter('submitted', 'surcharge_fee_debited')).toBeNull();
  });

  it('fails or cancels a payment on its way; only a collected payment is charged back', () => {
    expect(collectionStatusAfter('submitted', 'failed')).toBe('failed');
    expect(collectionStatusAfter('pending_submission', 'cancelled')).toBe('cancelled');
    expect(collectionStatusAfter('paid_out', 'cancelled')).toBeNull();
    expect(collectionStatusAfter('paid_out', 'charged_back')).toBe('charged_back');
    expect(collectionStatusAfter('submitted', 'charged_back')).toBeNull();
    expect(collectionStatusAfter('paid_out', 'late_failure_settled')).toBe('failed');
  });

  it('leaves a final state only the ways the provider documents', () => {
    expect(collectionStatusAfter('failed', 'confirmed')).toBeNull();
    expect(collectionStatusAfter('failed', 'resubmission_requested')).toBe('pending_submission');
    expect(collectionStatusAfter('charged_back', 'paid_out')).toBeNull();
    expect(collectionStatusAfter('charged_back', 'chargeback_cancelled')).toBe('paid_out');
    expect(collectionStatusAfter('cancelled', 'submitted')).toBeNull();
  });
});

describe('invoicePaymentStatusOf', () => {
  it('is Pending while collecting, Paid once confirmed, Failed when the money does not come', () => {
    expect(invoicePaymentStatusOf('pending_submission')).toBe('Pending');
    expect(invoicePaymentStatusOf('submitted')).toBe('Pending');
    expect(invoicePaymentStatusOf('confirmed')).toBe('Paid');
    expect(invoicePaymentStatusOf('paid_out')).toBe('Paid');
    expect(invoicePaymentStatusOf('failed')).toBe('Failed');
    expect(invoicePaymentStatusOf('cancelled')).toBe('Failed');
    expect(invoicePaymentStatusOf('charged_back')).toBe('Failed');
  });
});
