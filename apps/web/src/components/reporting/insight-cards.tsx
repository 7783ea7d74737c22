import { SimpleGrid } from '@mantine/core';
import { insightNames } from '@krowd/domain/dashboard/dashboard.schema';
import { messages } from '@krowd/domain/messages/messages';
import { FigureCard } from './figure-card.tsx';
import { formatFigure, inOrder, type NamedValue } from './report-values.ts';

export interface InsightCardsProps {
  /** The answer's insights (spec 3 §3): spends in pence, repeat customers a count. */
  insights: readonly NamedValue[] | undefined;
  columns?: { base: number; sm?: number; md?: number };
}

/** The insight cards: Highest Spend, Lowest Spend, Average Spend, Repeat Customers. */
export function InsightCards({ insights, columns }: InsightCardsProps) {
  return (
    <SimpleGrid cols={columns ?? { base: 2, sm: 4 }} spacing="sm" aria-label={messages.report.insights}>
      {inOrder(insights, insightNames).map((insight) => (
        <FigureCard
          key={insight.name}
          label={messages.report.insightLabels[insight.name]}
          value={formatFigure(insight.name, insight.value)}
        />
      ))}
    </SimpleGrid>
  );
}
