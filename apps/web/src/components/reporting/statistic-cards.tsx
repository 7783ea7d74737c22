import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { FigureCard } from './figure-card.tsx';
import { statisticNames, type ReachSource } from '@krowd/domain/dashboard/dashboard.schema';
import { formatFigure, inOrder, type NamedValue, type StatisticName } from './report-values.ts';

export interface StatisticCardsProps {
  /** The answer's statistics (spec 3 §3): money in pence. */
  statistics: readonly NamedValue[] | undefined;
  /** Why reach is 'N/A' when it is (the answer's reachSource). */
  reachSource?: ReachSource;
  /** A card shown first, e.g. the date card. */
  leading?: ReactNode;
  columns?: { base: number; sm?: number; md?: number; lg?: number };
}

/**
 * What a card says under its figure: reach and paying cards say what they count,
 * and a reach of 'N/A' says why.
 */
function hintOf(statistic: NamedValue<StatisticName>, reachSource: ReachSource | undefined) {
  if (statistic.name === 'paying_cards') return messages.report.payingCardsHint;
  if (statistic.name !== 'reach') return undefined;
  if (statistic.value === 'N/A' && reachSource && reachSource !== 'impressions') {
    return messages.report.reachUnavailable[reachSource];
  }
  return messages.report.reachHint;
}

/** The statistic cards: reach, paying cards, conversions, revenue, total cost, cashback, success fee, CPA. */
export function StatisticCards({ statistics, reachSource, leading, columns }: StatisticCardsProps) {
  return (
    <SimpleGrid cols={columns ?? { base: 2, sm: 4 }} spacing="sm" aria-label={messages.report.statistics}>
      {leading}
      {inOrder(statistics, statisticNames).map((statistic) => (
        <FigureCard
          key={statistic.name}
          label={messages.report.statisticLabels[statistic.name]}
          value={formatFigure(statistic.name, statistic.value)}
          hint={hintOf(statistic, reachSource)}
        />
      ))}
    </SimpleGrid>
  );
}
