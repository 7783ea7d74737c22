import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceRow } from '@krowd/domain/invoice/invoice-response.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { Mandate } from '@krowd/domain/payment/payment-response.schema';
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

interface Sent {
  method: string;
  url: URL;
  body: unknown;
}

function stubApi(current: Mandate | null, invoices: InvoiceRow[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      const method = init.method ?? 'GET';
      sent.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/payments/mandate':
          return Response.json({ respCode: 200, mandate: current });
        case 'GET /api/distributors/getInvoiceList/invoice':
          return Response.json({
            respCode: 200,
            data: invoices,
            pagination: { total: invoices.length, page: 1, limit: 50, totalPages: 1 },
          });
        case 'POST /api/payments/test-provider/simulate':
          return Response.json({
            respCode: 200,
            respMessage: m.simulated,
            event: null,
            mandate: null,
            invoice: null,
          });
        default:
          return Response.json({ errorMessage: 'Not found.' }, { status: 404 });
      }
    }),
  );
  return sent;
}

function renderSimulator() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <Notifications />
        <TestModeSimulator brandId={brandId} invoiceScope={{ brandId, role: 'groupAdmin' }} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('TestModeSimulator', () => {
  it("lists the brand's invoices being collected with their amounts and simulates a payment of one", async () => {
    const sent = stubApi(mandate, [invoice]);
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
    const sent = stubApi(mandate, []);
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
    stubApi(null, []);
    renderSimulator();

    expect(await screen.findByText(m.simulatorNeedsMandate)).toBeTruthy();
    for (const name of [m.simulateMandateActivated, m.simulateMandateFailed, m.simulateMandateCancelled]) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
