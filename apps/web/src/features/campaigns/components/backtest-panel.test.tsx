import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BacktestRequestInput, BacktestResult } from '@krowd/domain/backtest/backtest.schema';
import { messages } from '@krowd/domain/messages/messages';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi, type Answers } from '@/test/stub-api';
import { BacktestPanel } from './backtest-panel.tsx';

const m = messages.campaign.backtest;

const draft: BacktestRequestInput = {
  brandId: 'b0b0b0b0-0000-4000-8000-000000000001',
  type: 'All',
  customerType: 'all',
  lastTransaction: 'NULL',
  discountType: 'dp',
  discountPercent: 10,
  successFee: 10,
  budgetType: 'budget',
  budget: 500,
};

const november: BacktestResult = {
  month: '2026-11',
  purchases: 1_204,
  qualified: 431,
  cardholders: 212,
  revenuePence: 2_150_075,
  cashbackPence: 215_010,
  successFeePence: 215_010,
  budgetType: 'budget',
  budgetRunOutOn: '2026-11-19',
};

function renderPanel(answer: Answers[string], value: BacktestRequestInput | null = draft) {
  const sent = stubApi({ 'POST /api/campaigns/backtest': answer });
  const view = renderWithProviders(<BacktestPanel draft={value} />);
  return {
    ...view,
    get posted() {
      return sent.filter((call) => call.method === 'POST').map((call) => call.body);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Had this campaign run last month', () => {
  it("sends the draft and shows last month's figures in a region named by its title", async () => {
    const panel = renderPanel({ respCode: 200, result: november });

    const region = await screen.findByRole('region', { name: m.title });
    await within(region).findByTestId('backtest-qualified');
    expect(panel.posted).toEqual([draft]);
    const figure = (id: string) => within(region).getByTestId(`backtest-${id}`).textContent;
    expect(figure('qualified')).toBe('431');
    expect(within(region).getByText(m.ofPurchases('1,204'))).toBeTruthy();
    expect(figure('cardholders')).toBe('212');
    expect(figure('revenue')).toBe('£21,500.75');
    expect(figure('cashback')).toBe('£2,150.10');
    expect(figure('fee')).toBe('£2,150.10');
    expect(figure('budget-run-out')).toBe('19/11/2026');
    expect(within(region).getByText(m.intro('11/2026'))).toBeTruthy();
  });

  it('announces new figures once, in a polite live region of its own', async () => {
    renderPanel({ respCode: 200, result: november });

    const live = await screen.findByTestId('backtest-announcement');
    expect(live.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(live.textContent).toBe(m.announce('431', '£21,500.75', '£2,150.10')));
  });

  it('says the budget was not reached, or that there is none', async () => {
    renderPanel({ respCode: 200, result: { ...november, budgetRunOutOn: null } });
    expect((await screen.findByTestId('backtest-budget-run-out')).textContent).toBe(m.budgetNotReached);
  });

  it('says there is nothing to replay when the brand had no transactions last month', async () => {
    renderPanel({
      respCode: 200,
      result: {
        ...november,
        purchases: 0,
        qualified: 0,
        cardholders: 0,
        revenuePence: 0,
        cashbackPence: 0,
        successFeePence: 0,
        budgetRunOutOn: null,
      },
    });
    expect((await screen.findByTestId('backtest-empty')).textContent).toBe(m.empty('11/2026'));
    expect(screen.queryByTestId('backtest-qualified')).toBeNull();
  });

  it('waits for a draft the form would take, asking nothing meanwhile', async () => {
    const panel = renderPanel({ respCode: 200, result: november }, null);
    expect(await screen.findByText(m.pending)).toBeTruthy();
    expect(panel.posted).toEqual([]);
  });

  it('says while it replays, and says why it failed with a way to try again', async () => {
    let calls = 0;
    renderPanel(() => {
      calls += 1;
      return calls === 1
        ? refusal(503, 'The service is busy')
        : Response.json({ respCode: 200, result: november });
    });
    expect(screen.getByTestId('backtest-loading').textContent).toContain(m.loading);
    const error = await screen.findByTestId('backtest-error');
    expect(error.textContent).toContain(m.failed);
    await userEvent.click(within(error).getByRole('button', { name: m.retry }));
    expect((await screen.findByTestId('backtest-qualified')).textContent).toBe('431');
  });
});
