import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceRow } from '@krowd/domain/invoice/invoice-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { Mandate } from '@krowd/domain/payment/payment-response.schema';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubApi } from '@/test/stub-api';
import { TestModeSimulator } from './test-mode-simulator.tsx';

const m = messages.payment;
const brandId = 'c0c0c0c0-0000-4000-8000-000000000003';

const mandate: Mandate = {
  _id: 'd0d0d0d0-0000-4000-8000-000000000004',
  brandId,
  provider: 'test',
  status: 'active',
  reference: 'MD-TEST-0001',
  accountHolderName: 'Green Fork Ltd',
  accountNumberEnding: '78',
  bankName: 'Test Bank',
  createdAt: '2026-11-26T03:00:00.000Z',
  updatedAt: '2026-11-26T03:00:00.000Z',
};

const invoice: InvoiceRow = {
  _id: 'e0e0e0e0-0000-4000-8000-000000000005',
  kind: 'invoice',
  brandId,
  brandName: 'Green Fork',
  month: 10,
  year: 2026,
  invoiceAmountPence: 123456,
  InvoiceNumber: 'INV-000042',
  correctsInvoiceNumber: null,
  issuedOn: '2026-11-30',
  dueDate: '2026-12-30',
  paymentStatus: 'Pending',
  xero_invoice_id: 'X-42',
};

/** The simulator's calls: the brand's mandate, its invoices being collected, and the simulation. */
function stubSimulatorApi(current: Mandate | null, invoices: InvoiceRow[]) {
  return stubApi({
    'GET /api/payments/mandate': { respCode: 200, mandate: current },
    'GET /api/distributors/getInvoiceList/invoice': {
      respCode: 200,
      data: invoices,
      pagination: { total: invoices.length, page: 1, limit: 50, totalPages: 1 },
    },
    'POST /api/payments/test-provider/simulate': {
      respCode: 200,
      respMessage: m.simulated,
      event: null,
      mandate: null,
      invoice: null,
    },
  });
}

function renderSimulator() {
  renderWithProviders(<TestModeSimulator brandId={brandId} invoiceScope={{ brandId, role: 'groupAdmin' }} />);
}

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('TestModeSimulator', () => {
  it("lists the brand's invoices being collected with their amounts and simulates a payment of one", async () => {
    const sent = stubSimulatorApi(mandate, [invoice]);
    renderSimulator();

    const row = (await screen.findByText('INV-000042')).closest('tr')!;
    expect(within(row).getByText('£1,234.56')).toBeTruthy();
    await userEvent.click(
      within(row).getByRole('button', { name: `${m.simulatePaymentConfirmed} INV-000042` }),
    );

    expect(await screen.findByText(m.simulated)).toBeTruthy();
    const simulated = sent.find((call) => call.method === 'POST');
    expect(simulated?.body).toEqual({ scenario: 'payment_confirmed', invoiceId: invoice._id });
    const listed = sent.find((call) => call.url.pathname.endsWith('/getInvoiceList/invoice'));
    expect(JSON.parse(listed!.url.searchParams.get('filters')!).dropDown).toEqual({
      key: 'status',
      value: 'Pending',
      type: 'eq',
    });
    expect(listed!.url.searchParams.get('brandId')).toBe(brandId);
  });

  it("sends the bank's answer for the chosen brand's mandate", async () => {
    const sent = stubSimulatorApi(mandate, []);
    renderSimulator();

    await userEvent.click(await screen.findByRole('button', { name: m.simulateMandateActivated }));

    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
        scenario: 'mandate_activated',
        brandId,
      }),
    );
    expect(await screen.findByText(m.noPendingInvoices)).toBeTruthy();
  });

  it('offers no mandate event until the brand has a mandate', async () => {
    stubSimulatorApi(null, []);
    renderSimulator();

    expect(await screen.findByText(m.simulatorNeedsMandate)).toBeTruthy();
    for (const name of [m.simulateMandateActivated, m.simulateMandateFailed, m.simulateMandateCancelled]) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
