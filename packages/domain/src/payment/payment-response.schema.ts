import { z } from 'zod';
import { paymentStatuses } from '../invoice/invoice.schema.ts';
import { mandateStatuses, paymentProviders } from './payment.schema.ts';

/**
 * What the payment routes answer (the requests are in payment.schema.ts): the API serialises
 * through these allowlists and the web client's calls are typed from them.
 */

/** The mandate as the Payments screen shows it: never a provider secret or full bank details. */
export const mandateSchema = z.object({
  _id: z.string(),
  brandId: z.string(),
  provider: z.enum(paymentProviders),
  status: z.enum(mandateStatuses),
  /** The provider's mandate reference (spec's payerAuthorisationId), once the payer has authorised it. */
  reference: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  /** Last two digits of the account number, as providers show them. */
  accountNumberEnding: z.string().nullable(),
  bankName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Mandate = z.infer<typeof mandateSchema>;

/** GET settings/getGoCardLessData: which provider runs and whether it is the built-in test mode. */
export const directDebitSettingsSchema = z.object({
  provider: z.enum(paymentProviders),
  /** 'test' for the built-in provider; GoCardless runs in 'sandbox' or 'live'. */
  environment: z.enum(['test', 'sandbox', 'live']),
  testMode: z.boolean(),
  /** The direct-debit setting: 'Mandatory' hides Skip; 'false' drops the 1% charge note. */
  autoDebit: z.enum(['Mandatory', 'true', 'false']),
});
export type DirectDebitSettings = z.infer<typeof directDebitSettingsSchema>;

/** GET settings/getGoCardLessData. */
export const directDebitSettingsAnswerSchema = z.object({ details: directDebitSettingsSchema });
export type DirectDebitSettingsAnswer = z.infer<typeof directDebitSettingsAnswerSchema>;

/** GET payments/mandate: the brand's latest mandate, if any. */
export const brandMandateSchema = z.object({ mandate: mandateSchema.nullable() });
export type BrandMandate = z.infer<typeof brandMandateSchema>;

/** POST payments/mandate/complete: the mandate the payer authorised. */
export const mandateCompletedSchema = z.object({ mandate: mandateSchema });
export type MandateCompleted = z.infer<typeof mandateCompletedSchema>;

/** POST payments/mandate: the setup started; the payer goes to redirectUrl. */
export const mandateStartedSchema = z.object({ flowId: z.string(), redirectUrl: z.string() });
export type MandateStarted = z.infer<typeof mandateStartedSchema>;

/** POST payments/test-provider/flows/{flowId}/confirm: where the payer goes next. */
export const testFlowConfirmedSchema = z.object({ redirectUrl: z.string() });
export type TestFlowConfirmed = z.infer<typeof testFlowConfirmedSchema>;

/** GET payments/test-provider/flows/{flowId}: what the test provider's hosted page shows. */
export const testProviderFlowSchema = z.object({
  brandName: z.string(),
  description: z.string(),
  /** Only an open flow takes bank details; a confirmed or completed one was used, an expired one is over. */
  status: z.enum(['open', 'confirmed', 'completed', 'expired']),
  testMode: z.literal(true),
});
export type TestProviderFlow = z.infer<typeof testProviderFlowSchema>;

/** POST payments/test-provider/simulate: the event sent, and the mandate and invoice after it. */
export const providerEventSimulatedSchema = z.object({
  event: z
    .object({
      id: z.string(),
      resourceType: z.string(),
      action: z.string(),
      outcome: z.enum(['applied', 'unchanged', 'ignored']),
    })
    .nullable(),
  mandate: mandateSchema.nullable(),
  invoice: z.object({ _id: z.string(), paymentStatus: z.enum(paymentStatuses) }).nullable(),
});
export type ProviderEventSimulated = z.infer<typeof providerEventSimulatedSchema>;
