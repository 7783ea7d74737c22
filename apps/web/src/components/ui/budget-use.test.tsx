import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CampaignListItem } from '@krowd/domain/campaign/campaign-response.schema';
import { BudgetUse } from './budget-use.tsx';

function renderCell(budgetUse: CampaignListItem['budgetUse']) {
  render(
    <MantineProvider>
      <BudgetUse name="June offer" budgetUse={budgetUse} />
    </MantineProvider>,
  );
}

describe('a campaign’s Budget used', () => {
  it('shows a bar named for the campaign, what was spent of the budget and when it runs out', () => {
    renderCell({
      spentPence: 8_000,
      budgetPence: 10_000,
      percentUsed: 80,
      projection: 'runsOut',
      runsOutOn: '2031-08-25',
    });
    const bar = screen.getByRole('progressbar', { name: 'Budget used by June offer' });
    expect(bar.getAttribute('aria-valuenow')).toBe('80');
    expect(screen.getByText('£80.00 of £100.00 (80%)')).toBeTruthy();
    expect(screen.getByText('Runs out on 25/08/2031 at this pace')).toBeTruthy();
  });

  it('says a used-up budget is used up, its bar full', () => {
    renderCell({
      spentPence: 10_000,
      budgetPence: 10_000,
      percentUsed: 100,
      projection: 'usedUp',
      runsOutOn: null,
    });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Used up: no more cashback is earned')).toBeTruthy();
  });

  it('shows only what was spent when the campaign has no budget', () => {
    renderCell({
      spentPence: 1_250,
      budgetPence: null,
      percentUsed: null,
      projection: 'noBudget',
      runsOutOn: null,
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('£12.50 spent, no budget limit')).toBeTruthy();
  });
});
