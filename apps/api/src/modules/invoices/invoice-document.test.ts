import { describe, expect, it } from 'vitest';
import type { DetailedTransaction } from '@krowd/domain/invoice/invoice-response.schema';
import { invoiceDocumentLines, noParts, type InvoiceDocumentParts } from './invoice-document-lines.ts';
import { creditNotePdf, detailedInvoicePdf, invoicePdf, renderPdf } from './invoice-document.ts';
import type { InvoiceRecord } from './invoices.repository.ts';
import { pdfPageItems, pdfPages, pdfTexts } from './pdf-text.fixtures.ts';

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
  document_id: 'INV-000007',
};

/** The documents' times are read in London here: GMT in March, BST from 29/03/2026. */
const timeZone = 'Europe/London';
const bare: InvoiceDocumentParts = { ...noParts, timeZone };

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

  it('says it bills final rewards only, past the return period, on lines that fit the page', async () => {
    const lines = invoiceDocumentLines(invoice);
    const said = lines.filter(
      (line) => line.text?.includes('return period') || line.text?.includes('credit note'),
    );
    expect(said.map((line) => line.text)).toEqual([
      'Final rewards only: every purchase billed here is past its 30-day return period;',
      'a refund inside that period cancelled its reward. A refund after issue goes on a credit note.',
    ]);
    const pdf = await renderPdf(said);
    expect(await pdfTexts(pdf)).toEqual([...said.map((line) => line.text), 'Page 1 of 1']);
    // The document does not wrap: each line must fit between the margins at its size.
    const { default: PDFDocument } = await import('pdfkit');
    const measure = new PDFDocument({ autoFirstPage: false });
    for (const line of said)
      expect(measure.fontSize(line.size!).widthOfString(line.text!)).toBeLessThan(595 - 2 * 56);
  });

  it('leaves the administrative charge out when the invoice is collected by direct debit', () => {
    const texts = invoiceDocumentLines({
      ...invoice,
      collection_method: 'direct_debit',
      admin_charge_pence: 0,
      amount_pence: 126_369,
    }).map((line) => line.text);
    expect(texts.some((text) => text?.startsWith('Administrative charge'))).toBe(false);
  });
});

describe('renderPdf', () => {
  it('writes compressed A4 pages with the fonts embedded, only the glyphs used', async () => {
    const pdf = await renderPdf([{ text: 'Total (due): £5 \\ ok' }], { footer: 'INV-1' });
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw).toContain('/MediaBox [0 0 595 842]');
    expect(raw).toContain('/Filter /FlateDecode');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(raw).toContain('/FontFile2');
    expect(await pdfTexts(pdf)).toEqual(['Total (due): £5 \\ ok', 'INV-1 - Page 1 of 1']);
  });

  it('prints every Latin, Latin Extended, Greek and Cyrillic character as it is, in both weights', async () => {
    const pdf = await renderPdf([
      { text: 'Café Zoë Łódź Ωμέγα Кафе' },
      { text: 'Ärger Ñandú Şişli Ħamrun Ἀθῆναι Ёлка Їжак', bold: true },
    ]);
    expect(await pdfTexts(pdf)).toEqual([
      'Café Zoë Łódź Ωμέγα Кафе',
      'Ärger Ñandú Şişli Ħamrun Ἀθῆναι Ёлка Їжак',
      'Page 1 of 1',
    ]);
  });
});

describe('the invoice PDFs', () => {
  const rows: DetailedTransaction[] = Array.from({ length: 130 }, (_, index) => ({
    date: `2026-03-${String((index % 28) + 1).padStart(2, '0')} 12:${String(index % 60).padStart(2, '0')}`,
    postcode: index % 5 === 0 ? '' : 'N1 9AA',
    cardLastNumber: String(1000 + index),
    amount: index === 129 ? -2_500 : 2_500 + index,
    cashback: index === 129 ? -250 : 250,
  }));

  it('keep an invoice with nothing to list on one page, saying the seller is not configured', async () => {
    const pages = await pdfPages(await invoicePdf(invoice, bare));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Invoice INV-000007');
    expect(pages[0]).toContain('Seller details are not configured (INVOICE_SELLER_* settings).');
    expect(pages[0]).toContain('Krowd invoice INV-000007 - Page 1 of 1');
  });

  it("carry the seller's and buyer's details, the campaigns, how to pay by hand, and the transactions (decision 0072)", async () => {
    const parts: InvoiceDocumentParts = {
      seller: {
        name: 'Krowd Technologies Ltd',
        address: '1 Example Street, London EC1A 1AA',
        vatNumber: 'GB123456789',
        bankAccountName: 'Krowd Technologies Ltd',
        bankSortCode: '12-34-56',
        bankAccountNumber: '12345678',
      },
      buyerContact: 'companyadmin@demo.test',
      groupName: null,
      campaigns: [
        {
          name: 'GreenFork-03-2026-1',
          purchases: 129,
          refunds: 1,
          spendPence: 1_241_156,
          cashbackPence: 32_000,
          successFeePence: 0,
        },
      ],
      transactions: rows,
      timeZone,
    };
    const pages = await pdfPages(await invoicePdf(invoice, parts));
    // The seller's name heads the invoice once; its bank account's name is the other mention.
    expect(pages.flat().filter((text) => text === 'Krowd Technologies Ltd')).toHaveLength(1);
    const texts = pages.flat().join('\n');
    for (const expected of [
      'Krowd Technologies Ltd',
      '1 Example Street, London EC1A 1AA',
      'VAT number: GB123456789',
      'Billed to: Green Fork',
      'Billing contact: companyadmin@demo.test',
      'Campaigns',
      'GreenFork-03-2026-1',
      '129 (1 refunded)',
      'How to pay',
      'Pay £1,276.33 by bank transfer by 30/05/2026, quoting INV-000007.',
      'Sort code: 12-34-56',
      'Account number: 12345678',
      'Transactions',
      '130 transactions; refunds are shown negative.',
    ]) {
      expect(texts).toContain(expected);
    }
  });

  it('say a direct-debit invoice is collected under the mandate', async () => {
    const texts = (
      await pdfPages(await invoicePdf({ ...invoice, collection_method: 'direct_debit' }, bare))
    ).flat();
    expect(texts).toContain('Collected by direct debit under your mandate on or after 30/05/2026.');
  });

  it('list every transaction of the detailed invoice across pages, headings repeated, with totals', async () => {
    const pages = await pdfPages(await detailedInvoicePdf(invoice, rows, bare));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page.at(-1)).toBe(`Krowd invoice INV-000007 - Page ${index + 1} of ${pages.length}`);
      expect(page).toContain('Cashback (£)');
    });
    const texts = pages.flat();
    expect(texts).toContain('Invoice INV-000007');
    expect(texts).toContain('130 transactions; refunds are shown negative.');
    // Date and time as dd/MM/yyyy HH:mm with the zone, the card's last 4 digits, money in pounds;
    // refunds negative.
    expect(texts).toEqual(
      expect.arrayContaining(['01/03/2026 12:00 GMT', '1000', '£25.00', '£2.50', '-£25.00', '-£2.50']),
    );
    for (const row of rows) expect(texts).toContain(String(row.cardLastNumber));
    const totalAmount = rows.reduce((sum, row) => sum + row.amount, 0);
    const total = texts.indexOf('Total');
    expect(texts.slice(total + 1, total + 3)).toEqual([
      `£${(totalAmount / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
      '£320.00',
    ]);
  });

  it('right-align the amount and cashback columns of the detailed invoice', async () => {
    const [firstPage = []] = await pdfPageItems(await detailedInvoicePdf(invoice, rows.slice(0, 3), bare));
    const rightEdges = (texts: string[]) =>
      texts.map((text) => Math.round(firstPage.find((item) => item.text === text)!.right));
    expect(rightEdges(['Amount (£)', '£25.00', '£25.02'])).toEqual([450, 450, 450]);
    expect(rightEdges(['Cashback (£)', '£2.50', '£7.50'])).toEqual([539, 539, 539]);
  });

  it('say there are no transactions when the list is empty', async () => {
    const texts = await pdfTexts(await detailedInvoicePdf(invoice, [], bare));
    expect(texts).toContain('0 transactions; refunds are shown negative.');
  });

  it.each(['Café Zoë Łódź', 'Ωμέγα Кафе'])(
    'print the brand %s exactly in the invoice and the detailed invoice',
    async (brandName) => {
      const named = { ...invoice, brand_name: brandName };
      expect(await pdfTexts(await invoicePdf(named, bare))).toContain(`Billed to: ${brandName}`);
      expect(await pdfTexts(await detailedInvoicePdf(named, rows.slice(0, 3), bare))).toContain(
        `Billed to: ${brandName}`,
      );
    },
  );

  it("print every transaction's time with the zone of the timezone setting at that instant (decision 0073)", async () => {
    const times: DetailedTransaction[] = [
      { ...rows[0]!, date: '2026-03-28 23:30' },
      { ...rows[1]!, date: '2026-03-29 09:15' },
    ];
    const london = await pdfTexts(await detailedInvoicePdf(invoice, times, bare));
    expect(london).toEqual(expect.arrayContaining(['28/03/2026 23:30 GMT', '29/03/2026 09:15 BST']));

    const newYork = await pdfTexts(
      await detailedInvoicePdf(invoice, times, { ...bare, timeZone: 'America/New_York' }),
    );
    expect(newYork).toEqual(expect.arrayContaining(['28/03/2026 23:30 EDT', '29/03/2026 09:15 EDT']));
    // No time of the table is printed bare.
    const bareTime = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
    expect([...london, ...newYork].filter((text) => bareTime.test(text))).toEqual([]);
  });

  it("print a credit note's refunds with their zone", async () => {
    const texts = await pdfTexts(
      await creditNotePdf(
        {
          creditNoteNumber: 'CN-000001',
          invoiceNumber: 'INV-000007',
          brandName: 'Green Fork',
          month: 3,
          year: 2026,
          issuedOn: '2026-05-01',
          cashbackPence: -250,
          successFeePence: 0,
          amountPence: -250,
          timeZone: 'America/New_York',
        },
        [{ ...rows[129]!, date: '2026-04-02 18:05' }],
      ),
    );
    expect(texts).toContain('02/04/2026 18:05 EDT');
  });
});
