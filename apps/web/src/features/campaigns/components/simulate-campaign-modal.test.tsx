import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import type { SimulationResult } from '@krowd/domain/qualification/simulation-response.schema';
import { renderWithProviders } from '@/test/render-with-providers';
import { refusal, stubApi, type Answers } from '@/test/stub-api';
import { SimulateCampaignModal } from './simulate-campaign-modal.tsx';

const m = messages.simulation;
const campaign = { _id: 'c0c0c0c0-0000-4000-8000-000000000001', name: 'June offer', brandId: 'b0b0' };

const qualifies: SimulationResult = {
  outcome: 'qualified',
  reason: m.qualified,
  cashbackPence: 500,
  successFeePence: 250,
  customerType: 'new',
  offerType: 'dp',
  successFeeFree: false,
};

/** Renders the modal against the API, which answers the simulate call with `simulated`. */
function renderModal(simulated: Answers[string]) {
  const sent = stubApi({
    'GET /api/merchants/getMerchantByBrandId': { respCode: 200, merchants: [] },
    [`POST /api/campaigns/${campaign._id}/simulate`]: simulated,
  });
  renderWithProviders(
    <SimulateCampaignModal campaign={campaign} timeZone="America/New_York" onClose={() => undefined} />,
  );
  return {
    /** The bodies of what the modal sent (every call but a read). */
    get posted() {
      return sent.filter((call) => call.method !== 'GET').map((call) => call.body);
    },
  };
}

async function fill(values: {
  datetime?: string;
  amount?: string;
  mid?: string;
  averageSpend?: string;
  rewarded?: string;
  rewardedInInterval?: string;
  rewardedSpend?: string;
}) {
  const type = (label: RegExp, value: string | undefined) => {
    if (value !== undefined) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  };
  type(/^Date and time/, values.datetime);
  type(/^Amount \(£\)/, values.amount);
  type(/^or MID/, values.mid);
  type(/^Card's average spend/, values.averageSpend);
  type(/^Rewarded transactions of the card/, values.rewarded);
  type(/^of them in the cap interval/, values.rewardedInInterval);
  type(/^Rewarded spend of the card/, values.rewardedSpend);
  await userEvent.click(screen.getByRole('button', { name: 'Test' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Test a transaction', () => {
  it("sends the typed sample as the simulator's request (pence, instants in the timezone) and shows the outcome", async () => {
    const modal = renderModal({ respCode: 200, result: qualifies });

    await fill({ datetime: '11/06/2025 12:00', amount: '50', mid: ' MC-1 ', averageSpend: '23.62' });

    await waitFor(() =>
      expect(modal.posted).toEqual([
        {
          datetime: '2025-06-11T12:00:00.000-04:00',
          amountPence: 5_000,
          mid: 'MC-1',
          lastPurchaseAt: null,
          averageSpendPence: 2_362,
          rewardedTransactions: 0,
          rewardedTransactionsInInterval: 0,
          rewardedSpendInIntervalPence: 0,
        },
      ]),
    );
    const result = await screen.findByTestId('simulation-result');
    expect(result.textContent).toContain(m.qualified);
    expect(result.textContent).toContain('£5.00');
  });

  it("sends the card's rewards by the campaign for its caps and shows why a purchase earned less", async () => {
    const capped: SimulationResult = {
      ...qualifies,
      cashbackPence: 400,
      cappedReason: 'Capped: only the spend under £100.00 rewarded spend per card per week earned',
    };
    const modal = renderModal({ respCode: 200, result: capped });

    await fill({
      datetime: '11/06/2025 12:00',
      amount: '50',
      mid: 'MC-1',
      rewarded: '2',
      rewardedInInterval: '1',
      rewardedSpend: '60',
    });

    await waitFor(() =>
      expect(modal.posted).toEqual([
        expect.objectContaining({
          rewardedTransactions: 2,
          rewardedTransactionsInInterval: 1,
          rewardedSpendInIntervalPence: 6_000,
        }),
      ]),
    );
    const result = await screen.findByTestId('simulation-result');
    expect(result.textContent).toContain('£4.00');
    expect(result.textContent).toContain(capped.cappedReason);
  });

  it('names the campaign of the brand that pays the purchase instead, and its cashback (stacking)', async () => {
    const stacked: SimulationResult = {
      ...qualifies,
      outcome: 'notQualified',
      reason: messages.qualification.stackedWithBetterOffer,
      cashbackPence: 0,
      successFeePence: 0,
      customerType: null,
      offerType: null,
      paidBy: {
        campaignId: 'c0c0c0c0-0000-4000-8000-000000000002',
        campaignName: 'July £6 off',
        cashbackPence: 600,
      },
    };
    renderModal({ respCode: 200, result: stacked });

    await fill({ datetime: '11/06/2025 12:00', amount: '50', mid: 'MC-1' });

    const result = await screen.findByTestId('simulation-result');
    expect(result.textContent).toContain(messages.qualification.stackedWithBetterOffer);
    expect(result.textContent).toContain(m.paidInstead({ campaign: 'July £6 off', cashback: '£6.00' }));
  });

  it('refuses what the request schema refuses, with its messages, and sends nothing', async () => {
    const modal = renderModal({ respCode: 200, result: qualifies });

    await fill({ datetime: '', amount: '12.345', mid: '' });

    expect(await screen.findByText(m.amountInvalid)).toBeTruthy();
    expect(screen.getByText(m.datetimeInvalid)).toBeTruthy();
    expect(modal.posted).toEqual([]);
  });

  it("shows the server's refusal under the form and its field message under the field", async () => {
    renderModal(() => refusal(400, m.branchOrMid, { fieldErrors: { mid: m.branchOrMid } }));

    await fill({ datetime: '11/06/2025 12:00', amount: '50', mid: 'MC-1' });

    // Under the form and under the field, in the same words: no field name before it.
    expect(await screen.findAllByText(m.branchOrMid)).toHaveLength(2);
    expect(screen.queryByText(`mid: ${m.branchOrMid}`)).toBeNull();
    expect(screen.queryByTestId('simulation-result')).toBeNull();
  });
});
