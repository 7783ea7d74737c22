import { displayDate } from '@krowd/domain/campaign/campaign-dates.rules';
import { invoiceMonthLabel } from '@krowd/domain/invoice/invoice.rules';
import { formatPence } from '@krowd/domain/money/money.rules';
import type { InvoiceRecord } from './invoices.repository.ts';

/**
 * The invoice document our invoice host serves: one A4 page in PDF, written here without a
 * library (text only: the standard Helvetica fonts, WinAnsi encoding, which has '£').
 */

export interface DocumentLine {
  text: string;
  bold?: boolean;
  size?: number;
  /** Space above this line, in points. */
  gapAbove?: number;
}

const collectionLabels = { direct_debit: 'Direct debit', manual: 'Manual payment' } as const;

/** What the invoice says, line by line. */
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
    { text: `Payment status: ${invoice.payment_status}` },
    { text: `Customer cashback: ${money(invoice.cashback_pence)}`, gapAbove: 18 },
    { text: `Success fee: ${money(invoice.success_fee_pence)}` },
    ...(invoice.admin_charge_pence > 0
      ? [{ text: `Administrative charge (1%): ${money(invoice.admin_charge_pence)}` }]
      : []),
    { text: `Total due: ${money(invoice.amount_pence)}`, bold: true, size: 14, gapAbove: 12 },
  ];
}

/** Text as a PDF literal string in WinAnsi: escaped, and any character it lacks shown as '?'. */
function pdfString(text: string): string {
  const latin = [...text].map((char) => (char.charCodeAt(0) <= 0xff ? char : '?')).join('');
  return `(${latin.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/** A one-page A4 PDF holding the lines, top to bottom from the top-left margin. */
export function renderPdf(lines: DocumentLine[]): Buffer {
  let y = 842 - 72;
  const text = lines
    .map((line) => {
      const size = line.size ?? 11;
      y -= (line.gapAbove ?? 0) + size * 1.4;
      return `BT /${line.bold ? 'F2' : 'F1'} ${size} Tf 72 ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
