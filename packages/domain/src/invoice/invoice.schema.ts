import { z } from 'zod';

/**
 * Invoices (spec 2 §2.6, §3; brief §5): one a brand a closed campaign month. Money is whole pence.
 * The invoice document is published by our invoice host (the spec's Xero): `xero_invoice_id` is
 * its reference, null while no document exists ('Invoice is not created.').
 */
export const paymentStatuses = ['Unpaid', 'Pending', 'Paid', 'Failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

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

const calendarDate = z.iso.date();

export const invoiceRowSchema = z.object({
  _id: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  month: z.number().int().min(1).max(12),
  year: z.number().int(),
  /** The amount to pay in whole pence: cashback plus success fee plus any administrative charge. */
  invoiceAmountPence: z.number().int(),
  InvoiceNumber: z.string(),
  dueDate: calendarDate,
  paymentStatus: z.enum(paymentStatuses),
  /** The invoice document's reference; null when no document has been created. */
  xero_invoice_id: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** The invoice document call: the row's month, year and document reference (spec 2 §7). */
export const invoiceDocumentQuerySchema = z.strictObject({
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(2000).max(9999),
  xero_invoice_id: z.string().trim().min(1).max(100),
});
export type InvoiceDocumentQuery = z.infer<typeof invoiceDocumentQuerySchema>;
