import { z } from 'zod';
import { listPageSchema } from '../list/list.schema.ts';
import { billingDocumentKinds, shownPaymentStatuses } from './invoice.schema.ts';

/**
 * What the invoice routes answer (the requests are in invoice.schema.ts): the API serialises
 * through these allowlists and the web client's calls are typed from them.
 */

const calendarDate = z.iso.date();

/** A row of the invoice list: an invoice, or a credit note. Money in whole pence. */
export const invoiceRowSchema = z.object({
  _id: z.string(),
  kind: z.enum(billingDocumentKinds),
  brandId: z.string(),
  brandName: z.string(),
  /** The campaign month invoiced (for a credit note, that of the invoice it corrects). */
  month: z.number().int().min(1).max(12),
  year: z.number().int(),
  /**
   * The amount to pay in whole pence: cashback plus success fee plus any administrative charge;
   * negative for a credit note (what is credited).
   */
  invoiceAmountPence: z.number().int(),
  /** INV-000123, or CN-000001 for a credit note. */
  InvoiceNumber: z.string(),
  /** A credit note's: the invoice it corrects; null for an invoice. */
  correctsInvoiceNumber: z.string().nullable(),
  issuedOn: calendarDate,
  /** Null for a credit note: nothing is due. */
  dueDate: calendarDate.nullable(),
  /** Null for a credit note, which is not paid by the brand; Overdue past the due date while owed. */
  paymentStatus: z.enum(shownPaymentStatuses).nullable(),
  /** The document's reference; null when no document has been created. */
  xero_invoice_id: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** GET distributors/getInvoiceList/invoice: one page of the invoice list. */
export const invoiceListPageSchema = listPageSchema(invoiceRowSchema);

/** Where an invoice's document opens (distributors/getInvoice/invoice, getXeroInvoice/invoice). */
export const invoiceUrlSchema = z.object({ invoiceURL: z.string() });
export type InvoiceUrl = z.infer<typeof invoiceUrlSchema>;

/** One transaction of a detailed list: local date and time, money in whole pence (spec 3 §3). */
export const detailedTransactionSchema = z.object({
  /** yyyy-MM-dd HH:mm in the timezone setting. */
  date: z.string(),
  postcode: z.string(),
  cardLastNumber: z.string(),
  /** Negative for a refund. */
  amount: z.number().int(),
  cashback: z.number().int(),
});
export type DetailedTransaction = z.infer<typeof detailedTransactionSchema>;

export const campaignInvoiceAnswerSchema = z.object({
  /** The detailed PDF (GET invoices/detailed/{fileName}); null for transaction=true, which has no file. */
  fileName: z.string().nullable(),
  pdfType: z.literal('detailed'),
  /** With transaction=true one page of the month's transactions; otherwise the invoice's whole list. */
  pdfData: z.object({ detailedList: z.array(detailedTransactionSchema) }),
  /** transaction=true only: how many transactions the month has, over every page. */
  total: z.number().int().optional(),
  /** transaction=true only: the `after` of the next page, null on the last. */
  next: z.string().nullable().optional(),
});
export type CampaignInvoiceAnswer = z.infer<typeof campaignInvoiceAnswerSchema>;

export const verifiedInvoiceSchema = z.object({
  InvoiceNumber: z.string(),
  /** False also for an invoice outside the caller's scope: its existence is not revealed. */
  exists: z.boolean(),
  paymentStatus: z.enum(shownPaymentStatuses).nullable(),
  /** The amount due in whole pence; null when the invoice does not exist. */
  amount: z.number().int().nullable(),
});
export type VerifiedInvoice = z.infer<typeof verifiedInvoiceSchema>;

/** GET transaction/verifyInvoices. */
export const verifiedInvoicesSchema = z.object({ invoices: z.array(verifiedInvoiceSchema) });
