import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { dateCardOf } from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import { statTypes, weeklyPerformance, type OverviewFigures } from '@krowd/domain/overview/overview.schema';
import { DateCard } from '@/components/reporting/date-card';
import { DistributionDoughnut } from '@/components/reporting/distribution-chart';
import { InsightCards } from '@/components/reporting/insight-cards';
import { PerformanceCard } from '@/components/reporting/performance-chart';
import { StatisticCards } from '@/components/reporting/statistic-cards';
import { formatDateTime } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { useOverviewRaw } from '../api/get-overview-raw.ts';

/** The overview's figures as the reporting components take them (money in pence). */
export function previewFiguresOf(figures: OverviewFigures) {
  const { co, performance } = figures;
  return {
    statistics: [
      { name: 'reach', value: co.reach },
      { name: 'conversions', value: co.conversions },
      { name: 'revenue', value: co.revenue },
      { name: 'total_cost', value: co.totalCost },
      { name: 'cpa', value: co.cpa },
    ],
    insights: [
      { name: 'highest_spend', value: co.highestSpend },
      { name: 'lowest_spend', value: co.lowestSpend },
      { name: 'average_spend', value: co.averageSpend },
    ],
    performance: {
      reach: weeklyPerformance(performance, 'reach'),
      conversions: weeklyPerformance(performance, 'conversions'),
      revenue: weeklyPerformance(performance, 'revenue'),
    },
  };
}

/**
 * The campaign overview preview (spec 2 §2.13, /user/campaigns/preview/{id}, opened in a new tab
 * from the editor): the saved figures (edited ones when there are, else computed) as the campaign
 * overview shows them, CPA = total cost ÷ total conversions or N/A, with the four conversion
 * statistics.
 */
export function OverviewPreviewPage() {
  const { id = '' } = useParams();
  const raw = useOverviewRaw(id);
  const timezone = useSettings().data?.timezone ?? 'UTC';
  const name = raw.data?.campaign.name;
  useEffect(() => {
    if (name) document.title = messages.common.documentTitle(messages.report.overviewTitle(name));
  }, [name]);
  if (raw.isPending) return <Loader aria-label={messages.common.loading} />;
  if (raw.isError) return <Alert color="red">{raw.error.message}</Alert>;
  const { campaign, overview } = raw.data;
  const figures = previewFiguresOf(overview);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {messages.report.overviewTitle(campaign.name)}
      </Title>
      {raw.data.overridden && raw.data.overriddenAt ? (
        <Text size="sm" c="dimmed" data-testid="preview-edited">
          {messages.overview.overriddenNote(
            formatDateTime(raw.data.overriddenAt, timezone),
            raw.data.overriddenBy ?? '',
          )}
        </Text>
      ) : null}
      <StatisticCards
        statistics={figures.statistics}
        leading={<DateCard card={dateCardOf({ start_date: campaign.startDate }, 1, new Date(), timezone)} />}
      />
      <PerformanceCard performance={figures.performance} />
      <Title order={2} size="h4">
        {messages.report.insights}
      </Title>
      <InsightCards insights={figures.insights} />
      <Title order={2} size="h4">
        {messages.overview.conversionStatistics}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {statTypes.map((type) => (
          <Paper key={type} withBorder p="md" radius="md">
            <Title order={3} size="h5" mb="xs">
              {messages.overview.statTypes[type]}
            </Title>
            <DistributionDoughnut
              points={overview.stats
                .filter((stat) => stat.type === type)
                .map(({ label, value }) => ({ label, value }))}
              unit="count"
              size={180}
              label={messages.overview.statTypes[type]}
            />
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
