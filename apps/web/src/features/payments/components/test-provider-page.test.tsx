import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPaths } from '@krowd/domain/access/access.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { TestProviderFlow } from '@krowd/domain/payment/payment-response.schema';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi } from '@/test/stub-api';
import { TestProviderPage } from './test-provider-page.tsx';

const m = messages.payment;

const flowPath = '/api/payments/test-provider/flows/FLOW1234';

/** The hosted page's two calls: the flow (unknown when null), and confirming the details. */
function stubFlow(flow: TestProviderFlow | null) {
  const sent = stubApi({
    [`GET ${flowPath}`]: () => (flow ? { respCode: 200, ...flow } : refusal(404, m.flowUnavailable)),
    [`POST ${flowPath}/confirm`]: {
      respCode: 200,
      redirectUrl: 'http://localhost/user/campaigns/payments?redirect_flow_id=FLOW1234',
    },
  });
  return {
    /** What the page sent the server (every call but a read): method, path and body. */
    get writes() {
      return sent
        .filter((call) => call.method !== 'GET')
        .map((call) => ({ method: call.method, path: call.url.pathname, body: call.body }));
    },
  };
}

function renderPage() {
  renderWithProviders(null, {
    path: '/payments/test-provider/FLOW1234',
    routes: { [publicPaths.testPaymentPage]: <TestProviderPage /> },
  });
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
    const sent = stubFlow(openFlow);
    renderPage();

    expect(await screen.findByText('Green Fork')).toBeTruthy();
    expect(screen.getByTestId('test-mode-banner').textContent).toBe(m.testPageBanner);
    await userEvent.type(screen.getByLabelText(m.accountHolderName), 'Green Fork Ltd');
    await userEvent.type(screen.getByLabelText(m.sortCode), '12-34-5');
    await userEvent.type(screen.getByLabelText(m.accountNumber), '12345678');
    await userEvent.click(screen.getByRole('button', { name: m.setUpDirectDebit }));
    expect(await screen.findByText(m.sortCodeInvalid)).toBeTruthy();
    expect(sent.writes).toEqual([]);

    await userEvent.type(screen.getByLabelText(m.sortCode), '6');
    await userEvent.click(screen.getByRole('button', { name: m.setUpDirectDebit }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://localhost/user/campaigns/payments?redirect_flow_id=FLOW1234',
      ),
    );
    expect(sent.writes).toEqual([
      {
        method: 'POST',
        path: '/api/payments/test-provider/flows/FLOW1234/confirm',
        body: { accountHolderName: 'Green Fork Ltd', sortCode: '123456', accountNumber: '12345678' },
      },
    ]);
  });

  it('says a used flow cannot take details again and links back to Payments', async () => {
    stubFlow({ ...openFlow, status: 'completed' });
    renderPage();

    expect(await screen.findByText(m.detailsAlreadySubmitted)).toBeTruthy();
    expect(screen.queryByLabelText(m.sortCode)).toBeNull();
    expect(screen.getByRole('link', { name: m.backToPayments }).getAttribute('href')).toBe(
      '/user/campaigns/payments',
    );
  });

  it('says an unknown flow cannot be used', async () => {
    stubFlow(null);
    renderPage();

    expect(await screen.findByText(m.startAgain)).toBeTruthy();
    expect(screen.getByText(m.flowUnavailable)).toBeTruthy();
  });
});
