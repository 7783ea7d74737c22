import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { RewardStatusCard } from './reward-status-card.tsx';

const m = messages.report.rewards;
const rewards = {
  returnPeriodDays: 30,
  finalThrough: '2025-06-14',
  pendingCashbackPence: 80_000,
  finalCashbackPence: 1_300,
  pendingSuccessFeePence: 45,
  finalSuccessFeePence: -600,
};

function renderCard(invoiceView: boolean, shown: typeof rewards = rewards) {
  render(
    <MantineProvider>
      <RewardStatusCard rewards={shown} invoiceView={invoiceView} />
    </MantineProvider>,
  );
}

describe('the pending and final rewards card', () => {
  it('shows cashback and success fee pending and final apart, each under its column heading', () => {
    renderCard(false);
    const table = screen.getByTestId('reward-status');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual([m.kind, m.pending, m.final]);
    const cashback = within(table).getByRole('row', { name: new RegExp(m.cashback) });
    expect(
      within(cashback)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['£800.00', '£13.00']);
    const fee = within(table).getByRole('row', { name: new RegExp(m.successFee) });
    expect(
      within(fee)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['£0.45', '-£6.00']);
    expect(screen.getByRole('region', { name: m.title })).toBeTruthy();
  });

  it('says when a pending reward becomes final, with the latest final purchase date', () => {
    renderCard(false);
    expect(screen.getByTestId('reward-status-explanation').textContent).toBe(m.explanation(30, '14/06/2025'));
  });

  it('says a chosen invoice’s rewards are all final', () => {
    renderCard(true);
    expect(screen.getByTestId('reward-status-explanation').textContent).toBe(m.invoiceExplanation);
  });

  it('explains a final figure below zero as refunds of rewards already final', () => {
    renderCard(false);
    expect(screen.getByTestId('reward-status-negative-final').textContent).toBe(m.negativeFinal);
  });

  it('says nothing of refunds when no final figure is below zero', () => {
    renderCard(false, { ...rewards, finalSuccessFeePence: 0 });
    expect(screen.queryByTestId('reward-status-negative-final')).toBeNull();
  });
});
