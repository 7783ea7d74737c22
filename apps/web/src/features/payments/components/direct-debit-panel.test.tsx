import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { DirectDebitSettings, Mandate } from '@krowd/domain/payment/payment-response.schema';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi, type Answers } from '@/test/stub-api';
import { DirectDebitPanel, type DirectDebitPanelProps } from './direct-debit-panel.tsx';

const m = messages.payment;
const brandId = 'c0c0c0c0-0000-4000-8000-000000000003';

const testSettings: DirectDebitSettings = {
  provider: 'test',
  environment: 'test',
  testMode: true,
  autoDebit: 'true',
};

const pendingMandate: Mandate = {
  _id: 'd0d0d0d0-0000-4000-8000-000000000004',
  brandId,
  provider: 'test',
  status: 'pending',
  reference: 'MD-TEST-0001',
  accountHolderName: 'Green Fork Ltd',
  accountNumberEnding: '78',
  bankName: 'Test Bank',
  createdAt: '2026-11-26T03:00:00.000Z',
  updatedAt: '2026-11-26T03:00:00.000Z',
};

/** An answer to one call; `mandate` is what GET payments/mandate answers from then on. */
type Answer = { status?: number; body: unknown; mandate?: Mandate | null };

/** Answers the panel's calls as the API would, and keeps what was sent. */
function stubPanelApi({
  settings = testSettings,
  mandate = null,
  answers = {},
}: {
  /** Direct Debit's settings, or the settings call's answer (a refusal). */
  settings?: DirectDebitSettings | (() => Response);
  mandate?: Mandate | null;
  answers?: Record<string, Answer>;
}) {
  let current = mandate;
  const calls: Answers = Object.fromEntries(
    Object.entries(answers).map(([call, answer]) => [
      call,
      () => {
        if (answer.mandate !== undefined) current = answer.mandate;
        return Response.json(answer.body, { status: answer.status ?? 200 });
      },
    ]),
  );
  return stubApi({
    'GET /api/settings/getGoCardLessData':
      typeof settings === 'function' ? settings : { respCode: 200, details: settings },
    'GET /api/payments/mandate': () => ({ respCode: 200, mandate: current }),
    ...calls,
  });
}

/** The panel in StrictMode, as main.tsx renders the app: effects run twice, the completion once. */
function renderPanel(props: Partial<DirectDebitPanelProps> = {}, entry = '/user/campaigns/payments'): void {
  renderWithProviders(<DirectDebitPanel returnTo="payments" {...props} />, {
    path: entry,
    showAddress: true,
    strict: true,
  });
}

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DirectDebitPanel', () => {
  it('offers the GoCardless setup when there is no mandate, says test mode, and sends the browser to the provider', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const sent = stubPanelApi({
      answers: {
        'POST /api/payments/mandate': {
          body: { respCode: 200, flowId: 'FLOW1234', redirectUrl: '/payments/test-provider/FLOW1234' },
        },
      },
    });
    renderPanel({ brandId });

    await userEvent.click(await screen.findByRole('button', { name: m.setupButton }));

    expect(screen.getByText(m.testMode)).toBeTruthy();
    expect(screen.queryByText(m.validated)).toBeNull();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payments/test-provider/FLOW1234'));
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({ brandId, returnTo: 'payments' });
  });

  it('shows a validated mandate with its status and bank account, and cancels it after confirmation', async () => {
    const sent = stubPanelApi({
      mandate: pendingMandate,
      answers: {
        'DELETE /api/payments/mandate': {
          status: 206,
          body: { respCode: 206, respMessage: m.mandateCancelled },
          mandate: { ...pendingMandate, status: 'cancelled' },
        },
      },
    });
    renderPanel({ brandId });

    expect(await screen.findByText(m.validated)).toBeTruthy();
    expect(screen.getByTestId('mandate-status').textContent).toBe('Pending');
    expect(screen.getByText('Green Fork Ltd')).toBeTruthy();
    expect(screen.getByText('••••••78')).toBeTruthy();
    expect(screen.getByText('Test Bank')).toBeTruthy();
    expect(screen.getByRole('button', { name: m.replaceBankAccount })).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.setupButton })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: m.cancelMandate }));
    const dialog = await screen.findByRole('dialog', { name: m.cancelMandate });
    await userEvent.click(within(dialog).getByRole('button', { name: m.cancelMandate }));

    expect(await screen.findByText(m.mandateCancelled)).toBeTruthy();
    expect(await screen.findByRole('button', { name: m.setupButton })).toBeTruthy();
    expect(screen.getByTestId('mandate-status').textContent).toBe('Cancelled');
    const cancelled = sent.find((call) => call.method === 'DELETE');
    expect(cancelled?.url.searchParams.get('brandId')).toBe(brandId);
  });

  it('completes the mandate once when the payer comes back, says so, and clears the flow id from the address', async () => {
    const onStepDone = vi.fn();
    const sent = stubPanelApi({
      answers: {
        'POST /api/payments/mandate/complete': {
          body: { respCode: 200, respMessage: m.validated, mandate: pendingMandate },
          mandate: pendingMandate,
        },
      },
    });
    renderPanel({ onStepDone }, '/user/campaigns/payments?redirect_flow_id=FLOW1234&tab=1');

    expect(await screen.findByTestId('mandate-validated')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/user/campaigns/payments');
    expect(screen.getByTestId('address-search').textContent).toBe('?tab=1');
    const completions = sent.filter((call) => call.url.pathname === '/api/payments/mandate/complete');
    expect(completions.map((call) => call.body)).toEqual([{ redirect_flow_id: 'FLOW1234' }]);
    expect(onStepDone).toHaveBeenCalledTimes(1);
    expect(onStepDone).toHaveBeenCalledWith(pendingMandate);
  });

  it('tells a refused completion and still clears the flow id', async () => {
    stubPanelApi({
      answers: {
        'POST /api/payments/mandate/complete': {
          status: 409,
          body: { code: 'conflict', errorMessage: m.setupNotFinished },
        },
      },
    });
    renderPanel({}, '/user/campaigns/payments?redirect_flow_id=FLOW5678');

    expect(await screen.findByText(m.setupNotFinished)).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/user/campaigns/payments');
    expect(screen.getByTestId('address-search').textContent).toBe('');
    expect(await screen.findByRole('button', { name: m.setupButton })).toBeTruthy();
  });

  it('keeps Next disabled in the train until Skip is confirmed, whose dialog names the 1% charge', async () => {
    stubPanelApi({});
    const stepActions = { onBack: vi.fn(), onNext: vi.fn(), onSkip: vi.fn() };
    renderPanel({ returnTo: 'onboarding', stepActions });

    await screen.findByRole('button', { name: m.setupButton });
    const next = screen.getByRole('button', { name: m.next });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: m.back }));
    expect(stepActions.onBack).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: m.skipButton }));
    const dialog = await screen.findByRole('dialog', { name: m.skipTitle });
    expect(within(dialog).getByText(m.skipCharge)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: m.skipButton }));

    expect(stepActions.onSkip).toHaveBeenCalledTimes(1);
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
  });

  it('enables Next once a mandate exists', async () => {
    stubPanelApi({ mandate: pendingMandate });
    const stepActions = { onBack: vi.fn(), onNext: vi.fn(), onSkip: vi.fn() };
    renderPanel({ returnTo: 'onboarding', stepActions });

    await screen.findByText(m.validated);
    await userEvent.click(screen.getByRole('button', { name: m.next }));
    expect(stepActions.onNext).toHaveBeenCalled();
  });

  it('hides Skip when Direct Debit is mandatory', async () => {
    stubPanelApi({ settings: { ...testSettings, autoDebit: 'Mandatory' } });
    const stepActions = { onBack: vi.fn(), onNext: vi.fn(), onSkip: vi.fn() };
    renderPanel({ returnTo: 'onboarding', stepActions });
    await screen.findByRole('button', { name: m.setupButton });
    expect(screen.queryByRole('button', { name: m.skipButton })).toBeNull();
  });

  it('leaves the 1% charge out of the Skip dialog when auto-debit is off', async () => {
    stubPanelApi({
      settings: { ...testSettings, autoDebit: 'false', testMode: false, provider: 'gocardless' },
    });
    renderPanel({
      returnTo: 'onboarding',
      stepActions: { onBack: vi.fn(), onNext: vi.fn(), onSkip: vi.fn() },
    });

    await userEvent.click(await screen.findByRole('button', { name: m.skipButton }));
    const dialog = await screen.findByRole('dialog', { name: m.skipTitle });
    expect(within(dialog).queryByText(m.skipCharge)).toBeNull();
    expect(screen.queryByText(m.testMode)).toBeNull();
  });

  it('says when the payment details cannot be loaded', async () => {
    stubPanelApi({ settings: () => refusal(503, messages.common.somethingWentWrong) });
    renderPanel();

    expect(await screen.findByText(m.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: m.retry })).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.setupButton })).toBeNull();
  });
});
