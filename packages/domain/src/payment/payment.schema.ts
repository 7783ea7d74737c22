import { z } from 'zod';
import { messages } from '../messages/messages.ts';

/**
 * Direct debit (spec 2 §2.10, brief §4): the shapes shared by the API and the web. Money is pence.
 *
 * A brand has at most one live mandate at a time. Its life:
 *   awaiting_customer: a setup was started; the payer has not finished the provider's hosted page;
 *   pending: the payer authorised it; the provider is submitting it to the bank;
 *   active: the bank accepted it: invoices are collected by direct debit, with no 1% charge;
 *   failed / cancelled: it will collect nothing; the brand may set up another.
 */
export const paymentProviders = ['test', 'gocardless'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const mandateStatuses = ['awaiting_customer', 'pending', 'active', 'failed', 'cancelled'] as const;
export type MandateStatus = (typeof mandateStatuses)[number];

/** The statuses of a mandate the brand can count on: authorised by the payer, not refused or cancelled. */
export const liveMandateStatuses = ['pending', 'active'] as const satisfies readonly MandateStatus[];

/**
 * A payment collected for one issued invoice. Mirrors the provider's payment states; the invoice's
 * payment status follows it (payment.rules.ts).
 */
export const collectionStatuses = [
  'pending_submission',
  'submitted',
  'confirmed',
  'paid_out',
  'failed',
  'cancelled',
  'charged_back',
] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];

/** Where the payer comes back to after the provider's page: the Payments screen or the onboarding train. */
export const mandateReturnTargets = ['payments', 'onboarding'] as const;
export type MandateReturnTarget = (typeof mandateReturnTargets)[number];

export const mandateBrandQuerySchema = z.strictObject({ brandId: z.uuid('Invalid brand').optional() });

export const startMandateSchema = z.strictObject({
  brandId: z.uuid('Invalid brand').optional(),
  returnTo: z.enum(mandateReturnTargets),
});
export type StartMandateInput = z.input<typeof startMandateSchema>;

/** The provider sends the payer back with the flow id (GoCardless names it redirect_flow_id). */
export const completeMandateSchema = z.strictObject({
  redirect_flow_id: z
    .string({ error: 'The payment setup reference is missing.' })
    .trim()
    .min(4, 'The payment setup reference is missing.')
    .max(100, 'The payment setup reference is not valid.')
    .regex(/^[A-Za-z0-9_-]+$/, 'The payment setup reference is not valid.'),
});
export type CompleteMandateInput = z.input<typeof completeMandateSchema>;

/** Digits only: a sort code typed as '12-34-56' or '12 34 56' is the same sort code. */
const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The built-in test provider's hosted page (brief §4): the payer's bank details. Nothing is sent to
 * a bank; the provider keeps the holder's name, the account's last two digits and a bank name.
 */
export const testBankDetailsSchema = z.strictObject({
  accountHolderName: z
    .string()
    .trim()
    .min(1, messages.payment.accountHolderRequired)
    .max(100, messages.payment.accountHolderMax),
  sortCode: z
    .string()
    .transform(digitsOf)
    .pipe(z.string().regex(/^\d{6}$/, messages.payment.sortCodeInvalid)),
  accountNumber: z
    .string()
    .transform(digitsOf)
    .pipe(z.string().regex(/^\d{8}$/, messages.payment.accountNumberInvalid)),
});
export type TestBankDetailsInput = z.input<typeof testBankDetailsSchema>;
export type TestBankDetails = z.output<typeof testBankDetailsSchema>;

/** What the test provider can make the bank do: to a brand's mandate, or to an invoice's payment. */
export const testScenarios = [
  'mandate_activated',
  'mandate_failed',
  'mandate_cancelled',
  'payment_confirmed',
  'payment_paid_out',
  'payment_failed',
] as const;
export type TestScenario = (typeof testScenarios)[number];

/** The test provider's simulator: mandate scenarios act on a brand's mandate, payment ones on an invoice's payment. */
export const simulateProviderEventSchema = z.strictObject({
  scenario: z.enum(testScenarios),
  brandId: z.uuid('Invalid brand').optional(),
  invoiceId: z.uuid('Invalid invoice').optional(),
});
export type SimulateProviderEventInput = z.input<typeof simulateProviderEventSchema>;
