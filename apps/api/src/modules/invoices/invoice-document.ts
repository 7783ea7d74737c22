import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import type { DetailedTransaction } from '@krowd/domain/invoice/invoice-response.schema';
import {
  bottom,
  creditNoteDocumentLines,
  detailedDocumentLines,
  footerY,
  margin,
  pageHeight,
  pageWidth,
  type CreditNoteDocument,
  type DocumentLine,
  type InvoiceDocumentParts,
} from './invoice-document-lines.ts';
import type { InvoiceRecord } from './invoices.repository.ts';

/**
 * The invoice documents our invoice host serves: A4 pages of text written with pdfkit in Noto
 * Sans, embedded (only the glyphs used), so any Latin, Greek or Cyrillic name prints as it is
 * (docs/decisions.md 'Invoice PDFs: pdfkit and Noto Sans'). The invoice names its seller and
 * buyer, its campaigns and how to pay, and lists its transactions as an appendix, their column
 * headings repeated on every page (decision 0072); every page says 'Page n of N'. Everything is built in memory.
 */

/** Noto Sans regular and bold, read once from its package (which carries the font's licence). */
const fontFile = (path: string) => readFileSync(createRequire(import.meta.url).resolve(path));
const fonts = {
  regular: fontFile('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: fontFile('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

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
  // Loaded on the first document, not at start: pdfkit takes ~0.4 s to load.
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

/**
 * The invoice a brand opens from the list: the seller and buyer, its figures, its campaigns, how to
 * pay, and its transactions as an appendix (the same list as the detailed invoice's).
 */
export function invoicePdf(invoice: InvoiceRecord, parts: InvoiceDocumentParts): Promise<Buffer> {
  return renderPdf(detailedDocumentLines(invoice, parts.transactions, parts), {
    title: `Invoice ${invoice.invoice_number}`,
    footer: `Krowd invoice ${invoice.invoice_number}`,
  });
}

/** The detailed invoice as a PDF of as many pages as its transactions need. */
export function detailedInvoicePdf(
  invoice: InvoiceRecord,
  rows: DetailedTransaction[],
  parts: InvoiceDocumentParts,
): Promise<Buffer> {
  return renderPdf(detailedDocumentLines(invoice, rows, parts), {
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
