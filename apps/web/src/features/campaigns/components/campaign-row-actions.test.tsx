import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Audience } from '@krowd/domain/access/access.rules';
import type { CampaignPhase } from '@krowd/domain/campaign/campaign-dates.rules';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { CampaignRowActions } from './campaign-row-actions.tsx';

const campaign: CampaignListItem = {
  _id: '0b5c5a1e-7c39-4a53-9a0e-2b2f3f1d9c11',
  name: 'June offer',
  status: 'Pending',
  statusLabel: 'Submitted',
  discountType: 'dp',
  discountPercent: 10,
  discountValue: null,
  discountSpreadValue: null,
  successFee: 10,
  openingTime: '2026-06-01T04:00:00.000Z',
  closingTime: '2026-07-01T03:59:59.999Z',
  start_date: '2026-06-01',
  period: '06/2026',
  merchantNames: [],
  brandId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  brandName: 'Green Fork',
  customerType: 'all',
  suggestions: '',
  recurring: true,
  is_primary_campaign: true,
  pausedDate: [],
  editable: true,
  hasQualifiedTransactions: false,
  seriesContinues: false,
  caps: 'No caps',
  holdoutShare: 1000,
  budgetUse: { spentPence: 0, budgetPence: null, percentUsed: null, projection: 'noBudget', runsOutOn: null },
};

function renderActions(phase: CampaignPhase, audience: Audience) {
  const onAction = vi.fn();
  render(
    <MantineProvider>
      <CampaignRowActions campaign={campaign} phase={phase} audience={audience} onAction={onAction} />
    </MantineProvider>,
  );
  return onAction;
}

const buttonNames = () => screen.queryAllByRole('button').map((button) => button.getAttribute('aria-label'));

describe('a campaign list row’s actions', () => {
  it('shows a brand admin the pause, edit and delete of a future series, in that order', () => {
    renderActions('future', 'brandAdmin');
    expect(buttonNames()).toEqual(['Pause June offer', 'Edit June offer', 'Delete June offer']);
  });

  it('shows a bank the confirm and reject of submitted templates', () => {
    renderActions('future', 'bank');
    expect(buttonNames()).toEqual(['Confirm templates of June offer', 'Reject templates of June offer']);
  });

  it('says N/A when the role has no action on the row', () => {
    renderActions('current', 'brandUser');
    expect(buttonNames()).toEqual([]);
    expect(screen.getByText('N/A')).toBeTruthy();
  });

  it('tells the list which action was chosen, for which campaign', async () => {
    const onAction = renderActions('future', 'brandAdmin');
    await userEvent.click(screen.getByRole('button', { name: 'Edit June offer' }));
    expect(onAction).toHaveBeenCalledWith('edit', campaign);
  });
});
