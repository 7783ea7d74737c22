import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceRow } from '@krowd/domain/invoice/invoice-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import { sessionUserFixture } from '@krowd/domain/user/session-user.fixtures';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { InvoicesPage } from './invoices-page.tsx';

const m = messages.invoice;
const user = sessionUserFixture();

const invoice: InvoiceRow = {
  _id: 'e0e0e0e0-0000-4000-8000-000000000001',
  kind: 'invoice',
  brandId: user.brandId!,
  brandName: 'Green Fork',
  month: 3,
  year: 2024,
  invoiceAmountPence: 707,
  InvoiceNumber: 'INV-000001',
  correctsInvoiceNumber: null,
  issuedOn: '2024-05-01',
  dueDate: '2024-06-01',
  paymentStatus: 'Paid',
  xero_invoice_id: 'INV-000001',
};
const creditNote: InvoiceRow = {
  ...invoice,
  _id: 'e0e0e0e0-0000-4000-8000-000000000002',
  kind: 'creditNote',
  invoiceAmountPence: -300,
  InvoiceNumber: 'CN-000001',
  correctsInvoiceNumber: 'INV-000001',
  issuedOn: '2024-06-20',
  dueDate: null,
  paymentStatus: null,
  xero_invoice_id: 'CN-000001',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Invoices', () => {
  it('lists a credit note with its negative amount, the invoice it corrects and its own view action', async () => {
    stubApi(
      {
        'GET /api/distributors/getInvoiceList/invoice': {
          respCode: 200,
          data: [creditNote, invoice],
          pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
        },
      },
      user,
    );
    renderWithProviders(<InvoicesPage />);

    const row = (await screen.findByText('CN-000001')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      '03-2024',
      '-£3.00',
      `CN-000001${m.correctsInvoice('INV-000001')}`,
      '—',
      m.creditNote,
    ]);
    expect(within(row).getByRole('button', { name: `${m.viewCreditNote} CN-000001` })).toBeTruthy();
    const invoiceRow = screen.getByText('INV-000001', { selector: 'td' }).closest('tr')!;
    expect(within(invoiceRow).getByText('Paid')).toBeTruthy();
  });
});
