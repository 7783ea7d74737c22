import { deflateSync } from 'node:zlib';
import { displayDate } from '@krowd/domain/campaign/campaign-dates.rules';
import type { DetailedTransaction } from '@krowd/domain/invoice/invoice.schema';
import { invoiceMonthLabel } from '@krowd/domain/invoice/invoice.rules';
import { formatPence } from '@krowd/domain/money/money.rules';
import type { InvoiceRecord } from './invoices.repository.ts';

/**
 * The invoice documents our invoice host serves, written here without a library: A4 pages of
 * text in the standard Helvetica fonts (WinAnsi encoding, which has '£'), each page's content
 * compressed with deflate. The invoice is one page; the detailed invoice adds the transaction
 * list, its column headings repeated on every page, and every page says 'Page n of N'.
 * Everything is built in memory: a month of one brand is a few thousand rows (~100 bytes each).
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

/** Helvetica advance widths (thousandths of the size) of the characters money and dates use. */
const narrow: Record<string, number> = {
  '.': 278,
  ',': 278,
  ' ': 278,
  ':': 278,
  '/': 278,
  '-': 333,
  '(': 333,
  ')': 333,
};
const textWidth = (text: string, size: number) =>
  ([...text].reduce((sum, char) => sum + (narrow[char] ?? 556), 0) * size) / 1000;

/** Text as a PDF literal string in WinAnsi: escaped, and any character it lacks shown as '?'. */
function pdfString(text: string): string {
  const latin = [...text].map((char) => (char.charCodeAt(0) <= 0xff ? char : '?')).join('');
  return `(${latin.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

function showText(text: string, x: number, y: number, size: number, bold: boolean): string {
  return `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td ${pdfString(text)} Tj ET`;
}

function drawLine(line: DocumentLine, y: number): string {
  const size = line.size ?? 11;
  const bold = line.bold ?? false;
  if (!line.cells) return showText(line.text ?? '', margin, y, size, bold);
  return line.cells
    .filter((cell) => cell.text !== '')
    .map((cell) =>
      showText(
        cell.text,
        cell.align === 'right' ? cell.x - textWidth(cell.text, size) : cell.x,
        y,
        size,
        bold,
      ),
    )
    .join('\n');
}

/** The lines laid out on A4 pages: a page ends where the next line would pass the bottom margin. */
function paginate(lines: DocumentLine[]): string[][] {
  const pages: string[][] = [[]];
  let y = pageHeight - margin;
  let heading: DocumentLine | undefined;
  const place = (line: DocumentLine, allowBreak: boolean) => {
    const size = line.size ?? 11;
    const advance = (line.gapAbove ?? 0) + size * 1.4;
    if (allowBreak && y - advance < bottom && pages.at(-1)!.length > 0) {
      pages.push([]);
      y = pageHeight - margin;
      if (heading && heading !== line) place({ ...heading, gapAbove: 0 }, false);
      place({ ...line, gapAbove: 0 }, false);
      return;
    }
    y -= advance;
    pages.at(-1)!.push(drawLine(line, y));
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
export function renderPdf(lines: DocumentLine[], options: { title?: string; footer?: string } = {}): Buffer {
  const pages = paginate(lines);
  const fontObjects = [
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  // Objects: 1 catalog, 2 page tree, 3–4 fonts, 5 info, then a page and its content per page.
  const firstPage = 6;
  const pageRefs = pages.map((_page, index) => `${firstPage + index * 2} 0 R`);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from(`<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${pages.length} >>`, 'latin1'),
    ...fontObjects.map((font) => Buffer.from(font, 'latin1')),
    Buffer.from(`<< /Title ${pdfString(options.title ?? 'Invoice')} /Producer (Krowd) >>`, 'latin1'),
  ];
  pages.forEach((content, index) => {
    const footer = [options.footer, `Page ${index + 1} of ${pages.length}`].filter(Boolean).join(' - ');
    const text = [...content, showText(footer, margin, footerY, 8, false)].join('\n');
    const stream = deflateSync(Buffer.from(text, 'latin1'));
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPage + index * 2 + 1} 0 R >>`,
        'latin1',
      ),
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets = objects.map((object, index) => {
    const offset = length;
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
    return offset;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** The invoice as a one-page PDF. */
export function invoicePdf(invoice: InvoiceRecord): Buffer {
  return renderPdf(invoiceDocumentLines(invoice), {
    title: `Invoice ${invoice.invoice_number}`,
    footer: `Krowd invoice ${invoice.invoice_number}`,
  });
}

/** The detailed invoice as a PDF of as many pages as its transactions need. */
export function detailedInvoicePdf(invoice: InvoiceRecord, rows: DetailedTransaction[]): Buffer {
  return renderPdf(detailedDocumentLines(invoice, rows), {
    title: `Invoice ${invoice.invoice_number} (detailed)`,
    footer: `Krowd invoice ${invoice.invoice_number}`,
  });
}

/** The credit note as a PDF: its figures and the refunds it covers. */
export function creditNotePdf(note: CreditNoteDocument, rows: DetailedTransaction[]): Buffer {
  return renderPdf(creditNoteDocumentLines(note, rows), {
    title: `Credit note ${note.creditNoteNumber}`,
    footer: `Krowd credit note ${note.creditNoteNumber}`,
  });
}
