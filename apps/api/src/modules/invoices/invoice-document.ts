import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import { displayDate } from '@krowd/domain/campaign/campaign-dates.rules';
import type { DetailedTransaction } from '@krowd/domain/invoice/invoice-response.schema';
import { invoiceMonthLabel } from '@krowd/domain/invoice/invoice.rules';
import { formatPence } from '@krowd/domain/money/money.rules';
import type { InvoiceRecord } from './invoices.repository.ts';

/**
 * The invoice documents our invoice host serves: A4 pages of text written with pdfkit in Noto
 * Sans, embedded (only the glyphs used), so any Latin, Greek or Cyrillic name prints as it is
 * (docs/decisions.md 'Invoice PDFs: pdfkit and Noto Sans'). The invoice is one page; the
 * detailed invoice adds the transaction list, its column headings repeated on every page, and
 * every page says 'Page n of N'. Everything is built in memory.
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

const pageWidth = 595;
const pageHeight = 842;
const margin = 56;
const right = pageWidth - margin;
const footerY = 32;
const bottom = margin;

/** Noto Sans regular and bold, read once from its package (which carries the font's licence). */
const fontFile = (path: string) => readFileSync(createRequire(import.meta.url).resolve(path));
const fonts = {
  regular: fontFile('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: fontFile('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

const collectionLabels = { direct_debit: 'Direct debit', manual: 'Manual payment' } as const;

/**
 * What the invoice says, line by line: only what is fixed when it is issued (the document is
 * stored then and never changes), so its payment status, which moves on, is left to the list.
 */
export function invoiceDocumentLines(invoice: InvoiceRecord): DocumentLine[] {
  const money = (pence: number) => formatPence(pence);
  return [
    { text: 'Krowd', bold: true, size: 22 },
    { text: `Invoice ${invoice.invoice_number}`, bold: true, size: 16, gapAbove: 18 },
    { text: `Billed to: ${invoice.brand_name}`, gapAbove: 12 },
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
  ];
}

/** 'yyyy-MM-dd HH:mm' → 'dd/MM/yyyy HH:mm' (spec 3 §9: dates other than the dashboard's). */
function displayDateTime(value: string): string {
  const [date = '', time = ''] = value.split(' ');
  return `${displayDate(date)} ${time}`.trim();
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
 * timezone setting, post code, card's last 4 digits, amount and cashback; refunds negative) and
 * their totals, which equal the invoice's cashback.
 */
export function detailedDocumentLines(invoice: InvoiceRecord, rows: DetailedTransaction[]): DocumentLine[] {
  return [...invoiceDocumentLines(invoice), ...transactionTable(rows)];
}

/** A list of transactions with their totals, as the detailed invoice and the credit note show it. */
function transactionTable(rows: DetailedTransaction[]): DocumentLine[] {
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
        displayDateTime(row.date),
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

/** A credit note as its document shows it (issue 16 §4). */
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
    ...transactionTable(rows),
  ];
}

/** How a credit is settled: never taken off a collection; paid back to the brand (see the decision). */
export const creditNoteSettlement =
  'This credit is owed to you and is paid back to you; it is not deducted from a direct-debit collection.';

type Pdf = InstanceType<typeof PDFDocument>;

/** A line where it is drawn: `baseline` measured down from the top of its page, in points. */
interface PlacedLine {
  line: DocumentLine;
  baseline: number;
}

/** Draws the line's text, or its cells, on the current page; right-aligned cells end at their x. */
function drawLine(pdf: Pdf, { line, baseline }: PlacedLine) {
  pdf.font(line.bold ? 'bold' : 'regular').fontSize(line.size ?? 11);
  const cells = line.cells ?? [{ text: line.text ?? '', x: margin }];
  for (const cell of cells.filter((cell) => cell.text !== '')) {
    const x = cell.align === 'right' ? cell.x - pdf.widthOfString(cell.text) : cell.x;
    pdf.text(cell.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
  }
}

/** The lines laid out on A4 pages: a page ends where the next line would pass the bottom margin. */
function paginate(lines: DocumentLine[]): PlacedLine[][] {
  const pages: PlacedLine[][] = [[]];
  let baseline = margin;
  let heading: DocumentLine | undefined;
  const place = (line: DocumentLine, allowBreak: boolean) => {
    const size = line.size ?? 11;
    const advance = (line.gapAbove ?? 0) + size * 1.4;
    if (allowBreak && baseline + advance > pageHeight - bottom && pages.at(-1)!.length > 0) {
      pages.push([]);
      baseline = margin;
      if (heading && heading !== line) place({ ...heading, gapAbove: 0 }, false);
      place({ ...line, gapAbove: 0 }, false);
      return;
    }
    baseline += advance;
    pages.at(-1)!.push({ line, baseline });
  };
  for (const line of lines) {
    if (line.repeatsAsHeading) heading = line;
    place(line, true);
    if (line.endsTable) heading = undefined;
  }
  return pages;
}

/**
 * A PDF of the lines on as many A4 pages as they need, each page footed with the reference and
 * 'Page n of N'. `title` goes into the document information.
 */
export async function renderPdf(
  lines: DocumentLine[],
  options: { title?: string; footer?: string } = {},
): Promise<Buffer> {
  // Loaded on the first document, not at start: pdfkit takes ~0.4 s to load (issue 17 §6).
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: [pageWidth, pageHeight],
    margin: 0,
    autoFirstPage: false,
    info: { Title: options.title ?? 'Invoice', Producer: 'Krowd', Creator: 'Krowd' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const written = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const pages = paginate(lines);
  pages.forEach((page, index) => {
    pdf.addPage();
    for (const placed of page) drawLine(pdf, placed);
    const footer = [options.footer, `Page ${index + 1} of ${pages.length}`].filter(Boolean).join(' - ');
    drawLine(pdf, { line: { text: footer, size: 8 }, baseline: pageHeight - footerY });
  });
  pdf.end();
  return written;
}

/** The invoice as a one-page PDF. */
export function invoicePdf(invoice: InvoiceRecord): Promise<Buffer> {
  return renderPdf(invoiceDocumentLines(invoice), {
    title: `Invoice ${invoice.invoice_number}`,
    footer: `Krowd invoice ${invoice.invoice_number}`,
  });
}

/** The detailed invoice as a PDF of as many pages as its transactions need. */
export function detailedInvoicePdf(invoice: InvoiceRecord, rows: DetailedTransaction[]): Promise<Buffer> {
  return renderPdf(detailedDocumentLines(invoice, rows), {
    title: `Invoice ${invoice.invoice_number} (detailed)`,
    footer: `Krowd invoice ${invoice.invoice_number}`,
  });
}

/** The credit note as a PDF: its figures and the refunds it covers. */
export function creditNotePdf(note: CreditNoteDocument, rows: DetailedTransaction[]): Promise<Buffer> {
  return renderPdf(creditNoteDocumentLines(note, rows), {
    title: `Credit note ${note.creditNoteNumber}`,
    footer: `Krowd credit note ${note.creditNoteNumber}`,
  });
}
