import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { FigureCard } from './figure-card.tsx';
import { formatFigure, inOrder, statisticOrder, type NamedValue } from './report-values.ts';

export interface StatisticCardsProps {
  /** The answer's statistics (spec 3 §3): money in pence. */
  statistics: readonly NamedValue[] | undefined;
  /** A card shown first, e.g. the date card. */
  leading?: ReactNode;
  columns?: { base: number; sm?: number; md?: number; lg?: number };
}

/** The statistic cards: reach, conversions, revenue, total cost, cashback, success fee, CPA. */
export function StatisticCards({ statistics, leading, columns }: StatisticCardsProps) {
  return (
    <SimpleGrid cols={columns ?? { base: 2, sm: 4 }} spacing="sm" aria-label={messages.report.statistics}>
      {leading}
      {inOrder(statistics, statisticOrder).map((statistic) => (
        <FigureCard
          key={statistic.name}
          label={messages.report.statisticLabels[statistic.name]}
          value={formatFigure(statistic.name, statistic.value)}
        />
      ))}
    </SimpleGrid>
  );
}
