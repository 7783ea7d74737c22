import { describe, expect, it } from 'vitest';
import { invoiceDocumentLines, renderPdf } from './invoice-document.ts';
import type { InvoiceRecord } from './invoices.repository.ts';

const invoice: InvoiceRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  brand_id: '00000000-0000-4000-8000-000000000002',
  brand_name: 'Green Fork',
  group_id: null,
  year: 2026,
  month: 3,
  invoice_number: 'INV-000007',
  cashback_pence: 126_369,
  success_fee_pence: 0,
  admin_charge_pence: 1264,
  amount_pence: 127_633,
  collection_method: 'manual',
  issued_on: '2026-04-30',
  due_date: '2026-05-30',
  payment_status: 'Unpaid',
  document_id: 'XI-202603-standalone',
};

describe('invoiceDocumentLines', () => {
  it('states the number, the brand, the month as MM-YYYY, the dates and the amounts in pounds', () => {
    const texts = invoiceDocumentLines(invoice).map((line) => line.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Invoice INV-000007',
        'Billed to: Green Fork',
        'Invoice month: 03-2026',
        'Issued: 30/04/2026',
        'Due date: 30/05/2026',
        'Customer cashback: £1,263.69',
        'Administrative charge (1%): £12.64',
        'Total due: £1,276.33',
      ]),
    );
  });

  it('leaves the administrative charge out when the invoice is collected by direct debit', () => {
    const texts = invoiceDocumentLines({
      ...invoice,
      collection_method: 'direct_debit',
      admin_charge_pence: 0,
      amount_pence: 126_369,
    }).map((line) => line.text);
    expect(texts.some((text) => text.startsWith('Administrative charge'))).toBe(false);
  });
});

describe('renderPdf', () => {
  const pdf = renderPdf([{ text: 'Total (due): £5 \\ ok' }, { text: 'Café 日本' }]).toString('latin1');

  it('writes a PDF whose cross-reference table points at each object', () => {
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref).startsWith('xref')).toBe(true);
  });

  it('escapes parentheses and backslashes and shows characters outside WinAnsi as ?', () => {
    expect(pdf).toContain('(Total \\(due\\): £5 \\\\ ok) Tj');
    expect(pdf).toContain('(Café ??) Tj');
  });
});
