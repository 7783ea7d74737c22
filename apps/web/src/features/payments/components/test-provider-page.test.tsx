import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPaths } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { TestProviderFlow } from '@krowd/domain/payment/payment-response.schema';
import { TestProviderPage } from './test-provider-page.tsx';

const m = messages.payment;

function stubApi(flow: TestProviderFlow | null) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init: RequestInit) => {
      const method = init.method ?? 'GET';
      sent.push({
        method,
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (method === 'GET' && flow) return Response.json({ respCode: 200, ...flow });
      if (method === 'GET') return Response.json({ errorMessage: m.flowUnavailable }, { status: 404 });
      return Response.json({
        respCode: 200,
        redirectUrl: 'http://localhost/user/campaigns/payments?redirect_flow_id=FLOW1234',
      });
    }),
  );
  return sent;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <MemoryRouter initialEntries={['/payments/test-provider/FLOW1234']}>
          <Routes>
            <Route path={publicPaths.testPaymentPage} element={<TestProviderPage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const openFlow: TestProviderFlow = {
  brandName: 'Green Fork',
  description: "Direct Debit for Green Fork's Krowd invoices",
  status: 'open',
  testMode: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the test provider hosted page', () => {
  it('says no money moves, refuses a bad sort code, and sends the payer back with the details confirmed', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const sent = stubApi(openFlow);
    renderPage();

    expect(await screen.findByText('Green Fork')).toBeTruthy();
    expect(screen.getByTestId('test-mode-banner').textContent).toBe(m.testPageBanner);
    await userEvent.type(screen.getByLabelText(m.accountHolderName), 'Green Fork Ltd');
    await userEvent.type(screen.getByLabelText(m.sortCode), '12-34-5');
    await userEvent.type(screen.getByLabelText(m.accountNumber), '12345678');
    await userEvent.click(screen.getByRole('button', { name: m.setUpDirectDebit }));
    expect(await screen.findByText(m.sortCodeInvalid)).toBeTruthy();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText(m.sortCode), '6');
    await userEvent.click(screen.getByRole('button', { name: m.setUpDirectDebit }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://localhost/user/campaigns/payments?redirect_flow_id=FLOW1234',
      ),
    );
    expect(sent.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/payments/test-provider/flows/FLOW1234/confirm',
      body: { accountHolderName: 'Green Fork Ltd', sortCode: '123456', accountNumber: '12345678' },
    });
  });

  it('says a used flow cannot take details again and links back to Payments', async () => {
    stubApi({ ...openFlow, status: 'completed' });
    renderPage();

    expect(await screen.findByText(m.detailsAlreadySubmitted)).toBeTruthy();
    expect(screen.queryByLabelText(m.sortCode)).toBeNull();
    expect(screen.getByRole('link', { name: m.backToPayments }).getAttribute('href')).toBe(
      '/user/campaigns/payments',
    );
  });

  it('says an unknown flow cannot be used', async () => {
    stubApi(null);
    renderPage();

    expect(await screen.findByText(m.startAgain)).toBeTruthy();
    expect(screen.getByText(m.flowUnavailable)).toBeTruthy();
  });
});
