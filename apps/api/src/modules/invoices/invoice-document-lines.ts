import type { DetailedTransaction } from '@krowd/domain/invoice/invoice-response.schema';
import { displayDate } from '@krowd/domain/campaign/campaign-dates.rules';
import { formatWallTime } from '@krowd/domain/calendar/date-format.rules';
import { invoiceMonthLabel, returnPeriodDays } from '@krowd/domain/invoice/invoice.rules';
import { formatPence } from '@krowd/domain/money/money.rules';
import type { InvoiceRecord } from './invoices.repository.ts';

/**
 * What the invoice documents say, line by line (the invoice, the detailed invoice, the credit
 * note), and the A4 layout they are placed on; invoice-document.ts draws them with pdfkit.
 */

export interface DocumentCell {
  text: string;
  /** The left edge, or the right edge when right-aligned, in points. */
  x: number;
  align?: 'left' | 'right';
}

export interface DocumentLine {
  text?: string;
  /** A table row instead of one text: cells placed by x. */
  cells?: DocumentCell[];
  bold?: boolean;
  size?: number;
  /** Space above this line, in points. */
  gapAbove?: number;
  /** A table's heading: repeated at the top of each page its rows continue on. */
  repeatsAsHeading?: boolean;
  /** Ends a table: later lines no longer repeat its heading. */
  endsTable?: boolean;
}

export const pageWidth = 595;
export const pageHeight = 842;
export const margin = 56;
const right = pageWidth - margin;
export const footerY = 32;
export const bottom = margin;

const collectionLabels = { direct_debit: 'Direct debit', manual: 'Manual payment' } as const;

/**
 * Who issues the invoice and where a manual payment goes: the INVOICE_SELLER_* and INVOICE_BANK_*
 * settings (config.ts, documented in .env.example), never written into the code. A detail not
 * configured is left out, and the document says the seller's details are not configured.
 */
export interface SellerDetails {
  name?: string;
  address?: string;
  companyNumber?: string;
  vatNumber?: string;
  email?: string;
  bankAccountName?: string;
  bankSortCode?: string;
  bankAccountNumber?: string;
}

/** One campaign's share of what the invoice billed. */
export interface CampaignLine {
  name: string;
  purchases: number;
  refunds: number;
  spendPence: number;
  cashbackPence: number;
  successFeePence: number;
}

/** What the document names beyond the invoice's figures (invoice-document.repository.ts). */
export interface InvoiceDocumentParts {
  seller: SellerDetails;
  buyerContact: string | null;
  groupName: string | null;
  campaigns: CampaignLine[];
  transactions: DetailedTransaction[];
  /** The timezone setting: the transactions' times are printed in it with its zone (decision 0073). */
  timeZone: string;
}

/** What a document names when nothing beyond the invoice is known (no times are printed). */
export const noParts: Omit<InvoiceDocumentParts, 'timeZone'> = {
  seller: {},
  buyerContact: null,
  groupName: null,
  campaigns: [],
  transactions: [],
};

/** The seller's details under the heading, which carries its name (printed once, not twice). */
function sellerLines(seller: SellerDetails): DocumentLine[] {
  const given = [
    seller.address,
    seller.email,
    seller.companyNumber && `Company number: ${seller.companyNumber}`,
    seller.vatNumber && `VAT number: ${seller.vatNumber}`,
  ].filter((text): text is string => Boolean(text));
  if (!seller.name && given.length === 0) {
    return [{ text: 'Seller details are not configured (INVOICE_SELLER_* settings).', size: 9 }];
  }
  return given.map((text) => ({ text, size: 9 }));
}

/** How to pay: the bank details and the reference for a manual payment; the mandate otherwise. */
function paymentLines(invoice: InvoiceRecord, seller: SellerDetails): DocumentLine[] {
  if (invoice.collection_method === 'direct_debit') {
    return [
      { text: 'How to pay', bold: true, size: 13, gapAbove: 18 },
      {
        text: `Collected by direct debit under your mandate on or after ${displayDate(invoice.due_date)}.`,
        size: 9,
      },
    ];
  }
  const bank = [
    seller.bankAccountName && `Account name: ${seller.bankAccountName}`,
    seller.bankSortCode && `Sort code: ${seller.bankSortCode}`,
    seller.bankAccountNumber && `Account number: ${seller.bankAccountNumber}`,
  ].filter((text): text is string => Boolean(text));
  return [
    { text: 'How to pay', bold: true, size: 13, gapAbove: 18 },
    {
      text: `Pay ${formatPence(invoice.amount_pence)} by bank transfer by ${displayDate(invoice.due_date)}, quoting ${invoice.invoice_number}.`,
      size: 9,
    },
    ...(bank.length > 0
      ? bank.map((text) => ({ text, size: 9 }))
      : [{ text: 'Bank details are not configured (INVOICE_BANK_* settings).', size: 9 }]),
    {
      text: 'Paid by hand, the invoice carries the 1% administrative charge; a direct-debit mandate (Payments) avoids it.',
      size: 9,
    },
  ];
}

const campaignColumns = { name: margin, purchases: 300, spend: 380, cashback: 460, fee: right } as const;

function campaignRow(cells: [string, string, string, string, string], bold = false): DocumentLine {
  const [name, purchases, spend, cashback, fee] = cells;
  return {
    size: 9,
    bold,
    cells: [
      { text: name, x: campaignColumns.name },
      { text: purchases, x: campaignColumns.purchases, align: 'right' },
      { text: spend, x: campaignColumns.spend, align: 'right' },
      { text: cashback, x: campaignColumns.cashback, align: 'right' },
      { text: fee, x: campaignColumns.fee, align: 'right' },
    ],
  };
}

/** One line a campaign: purchases (refunds), spend, cashback and success fee, net of refunds. */
function campaignLines(campaigns: CampaignLine[]): DocumentLine[] {
  if (campaigns.length === 0) return [];
  return [
    { text: 'Campaigns', bold: true, size: 13, gapAbove: 18 },
    {
      ...campaignRow(['Campaign', 'Purchases', 'Spend (£)', 'Cashback (£)', 'Success fee (£)'], true),
      gapAbove: 6,
      repeatsAsHeading: true,
    },
    ...campaigns.map((line) =>
      campaignRow([
        line.name.length > 48 ? `${line.name.slice(0, 47)}…` : line.name,
        line.refunds > 0 ? `${line.purchases} (${line.refunds} refunded)` : String(line.purchases),
        formatPence(line.spendPence),
        formatPence(line.cashbackPence),
        formatPence(line.successFeePence),
      ]),
    ),
    { text: '', size: 4, endsTable: true },
  ];
}

/**
 * What the invoice says, line by line (decision 0072): the seller and the buyer, the invoice's
 * dates and figures, one line a campaign, how to pay, then its transactions as an appendix. Only
 * what is fixed when it is issued (the document is stored then and never changes), so its payment
 * status, which moves on, is left to the list.
 */
export function invoiceDocumentLines(
  invoice: InvoiceRecord,
  parts: Omit<InvoiceDocumentParts, 'timeZone'> = noParts,
): DocumentLine[] {
  return [...invoiceSummaryLines(invoice, parts), ...paymentLines(invoice, parts.seller)];
}

function invoiceSummaryLines(
  invoice: InvoiceRecord,
  parts: Omit<InvoiceDocumentParts, 'timeZone'>,
): DocumentLine[] {
  const money = (pence: number) => formatPence(pence);
  const buyer = [
    parts.groupName && `Group: ${parts.groupName}`,
    parts.buyerContact && `Billing contact: ${parts.buyerContact}`,
  ].filter((text): text is string => Boolean(text));
  return [
    { text: parts.seller.name ?? 'Krowd', bold: true, size: 22 },
    ...sellerLines(parts.seller),
    { text: `Invoice ${invoice.invoice_number}`, bold: true, size: 16, gapAbove: 18 },
    { text: `Billed to: ${invoice.brand_name}`, gapAbove: 12 },
    ...buyer.map((text) => ({ text, size: 9 })),
    { text: `Invoice month: ${invoiceMonthLabel(invoice.month, invoice.year)}` },
    { text: `Issued: ${displayDate(invoice.issued_on)}` },
    { text: `Due date: ${displayDate(invoice.due_date)}` },
    { text: `Payment: ${collectionLabels[invoice.collection_method]}` },
    { text: `Customer cashback: ${money(invoice.cashback_pence)}`, gapAbove: 18 },
    { text: `Success fee: ${money(invoice.success_fee_pence)}` },
    ...(invoice.admin_charge_pence > 0
      ? [{ text: `Administrative charge (1%): ${money(invoice.admin_charge_pence)}` }]
      : []),
    { text: `Total due: ${money(invoice.amount_pence)}`, bold: true, size: 14, gapAbove: 12 },
    // Invoices bill final rewards only (docs/decisions/0117): said on the document itself.
    // Two lines: the document does not wrap text.
    {
      text: `Final rewards only: every purchase billed here is past its ${returnPeriodDays}-day return period;`,
      size: 9,
      gapAbove: 6,
    },
    {
      text: 'a refund inside that period cancelled its reward. A refund after issue goes on a credit note.',
      size: 9,
    },
    ...campaignLines(parts.campaigns),
  ];
}

const columns = { date: margin, postcode: 186, card: 276, amount: 450, cashback: right } as const;

function tableRow(cells: [string, string, string, string, string], bold = false): DocumentLine {
  const [date, postcode, card, amount, cashback] = cells;
  return {
    size: 9,
    bold,
    cells: [
      { text: date, x: columns.date },
      { text: postcode, x: columns.postcode },
      { text: card, x: columns.card },
      { text: amount, x: columns.amount, align: 'right' },
      { text: cashback, x: columns.cashback, align: 'right' },
    ],
  };
}

/**
 * The detailed invoice: the invoice, then every transaction it covers (date and time in the
 * timezone setting with its zone, post code, card's last 4 digits, amount and cashback; refunds
 * negative) and their totals, which equal the invoice's cashback.
 */
export function detailedDocumentLines(
  invoice: InvoiceRecord,
  rows: DetailedTransaction[],
  parts: InvoiceDocumentParts,
): DocumentLine[] {
  return [...invoiceDocumentLines(invoice, parts), ...transactionTable(rows, parts.timeZone)];
}

/**
 * A list of transactions with their totals, as the detailed invoice and the credit note show it.
 * A row's time is its local time in the timezone setting, printed as every screen prints a time:
 * DD/MM/YYYY HH:mm and the zone's short name at that instant ('01/03/2026 12:00 GMT').
 */
function transactionTable(rows: DetailedTransaction[], timeZone: string): DocumentLine[] {
  const totalAmount = rows.reduce((sum, row) => sum + row.amount, 0);
  const totalCashback = rows.reduce((sum, row) => sum + row.cashback, 0);
  return [
    { text: 'Transactions', bold: true, size: 13, gapAbove: 24 },
    {
      text: `${rows.length} ${rows.length === 1 ? 'transaction' : 'transactions'}; refunds are shown negative.`,
      size: 9,
    },
    {
      ...tableRow(['Date', 'Post code', 'Card (last 4)', 'Amount (£)', 'Cashback (£)'], true),
      gapAbove: 8,
      repeatsAsHeading: true,
    },
    ...rows.map((row) =>
      tableRow([
        formatWallTime(row.date, timeZone, 'dateTime'),
        row.postcode,
        row.cardLastNumber,
        formatPence(row.amount),
        formatPence(row.cashback),
      ]),
    ),
    {
      ...tableRow(['Total', '', '', formatPence(totalAmount), formatPence(totalCashback)], true),
      gapAbove: 4,
      endsTable: true,
    },
  ];
}

/** A credit note as its document shows it. */
export interface CreditNoteDocument {
  creditNoteNumber: string;
  invoiceNumber: string;
  brandName: string;
  month: number;
  year: number;
  issuedOn: string;
  cashbackPence: number;
  successFeePence: number;
  amountPence: number;
  /** The timezone setting, which the refunds' times are printed in, with its zone. */
  timeZone: string;
}

/**
 * The credit note: which invoice it corrects, the refunds' cashback and success fee (negative),
 * the total credited, what happens to the credit (docs/decisions.md 'Credit notes'), then the
 * refunds it covers.
 */
export function creditNoteDocumentLines(
  note: CreditNoteDocument,
  rows: DetailedTransaction[],
): DocumentLine[] {
  return [
    { text: 'Krowd', bold: true, size: 22 },
    { text: `Credit note ${note.creditNoteNumber}`, bold: true, size: 16, gapAbove: 18 },
    { text: `Credited to: ${note.brandName}`, gapAbove: 12 },
    {
      text: `Corrects invoice: ${note.invoiceNumber} (invoice month ${invoiceMonthLabel(note.month, note.year)})`,
    },
    { text: `Issued: ${displayDate(note.issuedOn)}` },
    { text: 'Refunds received after the invoice was issued.', size: 9 },
    { text: `Customer cashback: ${formatPence(note.cashbackPence)}`, gapAbove: 18 },
    { text: `Success fee: ${formatPence(note.successFeePence)}` },
    { text: `Total credit: ${formatPence(note.amountPence)}`, bold: true, size: 14, gapAbove: 12 },
    { text: creditNoteSettlement, size: 9, gapAbove: 8 },
    ...transactionTable(rows, note.timeZone),
  ];
}

/** How a credit is settled: never taken off a collection; paid back to the brand (see the decision). */
export const creditNoteSettlement =
  'This credit is owed to you and is paid back to you; it is not deducted from a direct-debit collection.';
