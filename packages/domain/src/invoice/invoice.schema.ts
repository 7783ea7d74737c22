import { z } from 'zod';
import { messages } from '../messages/messages';

/**
 * Invoices (spec 2 §2.6, §3; brief §5): one a brand a closed campaign month. Money is whole pence.
 * The invoice document is published by our invoice host (the spec's Xero): `xero_invoice_id` is
 * its reference, null while no document exists ('Invoice is not created.').
 */
export const paymentStatuses = ['Unpaid', 'Pending', 'Paid', 'Failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * The statuses an invoice shows: the stored one, or Overdue for an invoice still owed (Unpaid, or a
 * direct debit that Failed) after its due date in the timezone setting. Overdue is never stored: it
 * follows from the date (`shownPaymentStatus`), so it cannot go stale.
 */
export const shownPaymentStatuses = [...paymentStatuses, 'Overdue'] as const;
export type ShownPaymentStatus = (typeof shownPaymentStatuses)[number];
/** The stored statuses that turn Overdue once the due date has passed. */
export const owedPaymentStatuses = ['Unpaid', 'Failed'] as const satisfies readonly PaymentStatus[];

/** What an invoice shows today ('YYYY-MM-DD' in the timezone setting) for its stored status. */
export function shownPaymentStatus(
  stored: PaymentStatus,
  dueDate: string,
  today: string,
): ShownPaymentStatus {
  const owed = (owedPaymentStatuses as readonly PaymentStatus[]).includes(stored);
  return owed && today > dueDate ? 'Overdue' : stored;
}

/** How an invoice is collected: by direct debit with a mandate, otherwise paid by hand (+1%). */
export const collectionMethods = ['direct_debit', 'manual'] as const;
export type CollectionMethod = (typeof collectionMethods)[number];

export const invoiceSortFields = [
  'invoiceMonth',
  'invoiceAmount',
  'invoiceNumber',
  'dueDate',
  'paymentStatus',
  'brandName',
] as const;
export type InvoiceSortField = (typeof invoiceSortFields)[number];

/**
 * What a row of the invoice list is: an invoice, or a credit note for refunds that arrived after
 * the invoice it corrects was issued.
 */
export const billingDocumentKinds = ['invoice', 'creditNote'] as const;
export type BillingDocumentKind = (typeof billingDocumentKinds)[number];

/** The invoice document call: the row's month, year and document reference (spec 2 §7). */
export const invoiceDocumentQuerySchema = z.strictObject({
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(9999),
  xero_invoice_id: z.string().trim().min(1).max(100),
});
export type InvoiceDocumentQuery = z.infer<typeof invoiceDocumentQuerySchema>;

const invoiceNumberSchema = z
  .string()
  .trim()
  .regex(/^INV-\d{6,}$/, messages.invoice.numberInvalid);

/**
 * GET dashboard/getInvoice/{campaignId}?type=detailed[&month&year][&transaction=true] (spec 3 §7,
 * §2.4): the campaign's month unless month and year (both) name another; with transaction=true
 * the campaign's transactions of that month (the 'Transaction Details' modal), a page at a time
 * (`limit` and the cursor `after`, added by the API, which writes and reads the cursor), otherwise
 * the brand's invoice of that month with its detailed file.
 */
export const campaignInvoiceParamsSchema = z.strictObject({ campaignId: z.uuid() });
export const campaignInvoiceQuerySchema = z
  .strictObject({
    type: z.literal('detailed'),
    month: z.coerce.number().int().min(1).max(12).optional(),
    year: z.coerce.number().int().min(2000).max(9999).optional(),
    transaction: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  })
  .refine((query) => (query.month === undefined) === (query.year === undefined), {
    message: messages.invoice.monthAndYear,
    path: ['month'],
  });
export type CampaignInvoiceQuery = z.infer<typeof campaignInvoiceQuerySchema>;

/** POST distributors/getXeroInvoice/invoice: the dashboard's invoice-number lookup (spec 3 §7). */
export const invoiceLookupBodySchema = z.strictObject({ xero_invoiceNumber: invoiceNumberSchema });

/** GET transaction/verifyInvoices?InvoiceNumbers=INV-000001,INV-000002 (spec 3 §7). */
export const verifyInvoicesQuerySchema = z.strictObject({
  InvoiceNumbers: z
    .string()
    .max(2_000)
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(invoiceNumberSchema).min(1, messages.invoice.numbersRequired).max(100)),
});
