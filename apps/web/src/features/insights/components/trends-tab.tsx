import { Paper, Select, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { InsightBranch } from '@krowd/domain/insights/insights-response.schema';
import { insightAspects, type InsightAspect } from '@krowd/domain/insights/insights.schema';
import { messages } from '@krowd/domain/messages/messages';
import reportingClasses from '@/components/reporting/reporting.module.css';
import { useLastAnswer } from '../hooks/use-last-answer.ts';
import { useTrends } from '../api/get-trends.ts';
import { type InsightsCaller, type InsightsSelection } from '../insights-request.ts';
import { LoadFailure } from './insights-controls.tsx';
import { SeriesLineChart } from './insights-charts.tsx';

const m = messages.insightsWeb;

export type CompetitorBranch = Pick<InsightBranch, 'kmid' | 'branchName' | 'brandName' | 'reviewCount'>;

export interface TrendsTabProps {
  caller: InsightsCaller;
  selection: InsightsSelection;
  competitors: readonly CompetitorBranch[];
}

/** A competitor branch as the select names it: its brand, then the branch unless it already says so. */
export function competitorLabel(branch: CompetitorBranch): string {
  return branch.branchName.toLowerCase().startsWith(branch.brandName.toLowerCase())
    ? branch.branchName
    : `${branch.brandName} – ${branch.branchName}`;
}

/**
 * Trends (spec 3 §2.7): 'Aggregate Score' by month, the brand against a chosen competitor branch
 * (the most reviewed one at first), and 'Net Positive Reviews' of the chosen type.
 */
export function TrendsTab({ caller, selection, competitors }: TrendsTabProps) {
  const byReviews = useMemo(
    () =>
      [...competitors].sort(
        (a, b) => b.reviewCount - a.reviewCount || competitorLabel(a).localeCompare(competitorLabel(b)),
      ),
    [competitors],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const entityId = chosen ?? byReviews[0]?.kmid ?? '';
  const [aspect, setAspect] = useState<InsightAspect>('Food');
  const trends = useTrends(caller, selection, aspect, entityId);
  const shown = useLastAnswer(trends.data);
  const placeholder = trends.isError ? null : <Skeleton h={300} />;

  return (
    <Stack gap="md">
      {trends.isError ? <LoadFailure error={trends.error} onRetry={() => void trends.refetch()} /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md" className={reportingClasses.chartCard}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {m.aggregateScoreTrend}
            </Title>
            <Select
              label={m.competitor}
              data={byReviews.map((branch) => ({ value: branch.kmid, label: competitorLabel(branch) }))}
              value={entityId || null}
              onChange={(next) => setChosen(next ?? '')}
              placeholder={m.noCompetitor}
              searchable
              clearable
              nothingFoundMessage={m.noData}
              maw={320}
            />
            {shown ? (
              <SeriesLineChart
                label={m.aggregateScoreTrend}
                series={shown.trendschartDetails.data}
                yTitle={m.aggregateScore}
                yRange={{ min: 0, max: 100 }}
              />
            ) : (
              placeholder
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" className={reportingClasses.chartCard}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {m.netPositiveReviews}
            </Title>
            <Select
              label={m.type}
              data={insightAspects.map((value) => ({ value, label: value }))}
              value={aspect}
              onChange={(next) => {
                if (next) setAspect(next as InsightAspect);
              }}
              allowDeselect={false}
              maw={200}
            />
            {shown ? (
              <SeriesLineChart
                label={`${m.netPositiveReviews}: ${shown.lineschartDetails.aspect}`}
                series={shown.lineschartDetails.data}
                yTitle={m.netPositiveReviews}
              />
            ) : (
              placeholder
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
