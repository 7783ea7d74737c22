import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { StatisticCards, type StatisticCardsProps } from './statistic-cards.tsx';

const m = messages.report;

/** Each card's label, figure and note, as a reader sees them, by label. */
function renderCards(props: StatisticCardsProps) {
  render(
    <MantineProvider>
      <StatisticCards {...props} />
    </MantineProvider>,
  );
  return Object.fromEntries(
    screen.getAllByTestId('figure-card').map((card) => {
      const [label = '', value, hint] = [...card.querySelectorAll('p')].map((p) => p.textContent ?? '');
      return [label, { value, hint }];
    }),
  );
}

describe('the statistic cards, Reach and Paying cards', () => {
  it('shows a branch filter’s reach as not available, the paying cards under their own name', () => {
    // The Soho case: 27 conversions by 26 cards at one branch; impressions are not per branch.
    const cards = renderCards({
      statistics: [
        { name: 'reach', value: 'N/A' },
        { name: 'paying_cards', value: 26 },
        { name: 'conversions', value: 27 },
      ],
      reachSource: 'notByBranch',
    });

    expect(cards[m.statisticLabels.reach]).toEqual({ value: 'N/A', hint: m.reachUnavailable.notByBranch });
    expect(cards[m.statisticLabels.paying_cards]).toEqual({ value: '26', hint: m.payingCardsHint });
    expect(cards[m.statisticLabels.conversions]).toEqual({ value: '27', hint: undefined });
  });

  it('shows reach from impressions with what it counts', () => {
    const cards = renderCards({
      statistics: [
        { name: 'reach', value: 5_400 },
        { name: 'paying_cards', value: 26 },
      ],
      reachSource: 'impressions',
    });

    expect(cards[m.statisticLabels.reach]).toEqual({ value: '5,400', hint: m.reachHint });
  });
});
