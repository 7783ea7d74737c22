import { Grid, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { withOthers, type ChartPoint } from '@krowd/domain/dashboard/chart.rules';
import type { ReachSource } from '@krowd/domain/dashboard/dashboard.schema';
import type { DateCard as DateCardRule } from '@krowd/domain/dashboard/report.rules';
import { messages } from '@krowd/domain/messages/messages';
import { DateCard } from './date-card.tsx';
import { DistributionCard, DistributionDoughnut } from './distribution-chart.tsx';
import { InsightCards } from './insight-cards.tsx';
import { PerformanceCard, PerformanceLineChart } from './performance-chart.tsx';
import type { NamedValue } from './report-values.ts';
import { StatisticCards } from './statistic-cards.tsx';
import classes from './reporting.module.css';

const m = messages.report;

/** The figures of a campaign overview answer (spec 3 §3): money in pence. */
export interface OverviewFiguresData {
  statistics?: readonly NamedValue[];
  /** Why reach is 'N/A' when it is. */
  reachSource?: ReachSource;
  insights?: readonly NamedValue[];
  performance?: {
    reach?: readonly ChartPoint[];
    conversions: readonly ChartPoint[];
    revenue: readonly ChartPoint[];
  };
  demographic?: {
    age: readonly ChartPoint[];
    gender: readonly ChartPoint[];
    nationality: readonly ChartPoint[];
    branches: readonly ChartPoint[];
    revenuePerPublisher: readonly ChartPoint[];
  };
}

export interface OverviewFiguresProps {
  data: OverviewFiguresData;
  dateCard: DateCardRule;
}

/**
 * The campaign overview's figures on screen (dashboard, overview, report, the editor's preview):
 * the date and statistic cards, the Performance and Distribution charts, the insight cards.
 */
export function OverviewFigures({ data, dateCard }: OverviewFiguresProps) {
  return (
    <Stack gap="md">
      <StatisticCards
        statistics={data.statistics}
        reachSource={data.reachSource}
        leading={<DateCard card={dateCard} />}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PerformanceCard performance={data.performance} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DistributionCard demographic={data.demographic} />
        </Grid.Col>
      </Grid>
      <Title order={2} size="h4">
        {m.insights}
      </Title>
      <InsightCards insights={data.insights} />
    </Stack>
  );
}

/**
 * The same figures laid out for paper (the print report, spec 3 §2.6): Statistics, Insights,
 * Performance (both line charts) and Demographic (doughnuts), no tabs, a fixed
 * width that fits A4.
 */
export function PrintFigures({ data, dateCard, width }: OverviewFiguresProps & { width: number }) {
  const demographic = data.demographic;
  const charts: { key: keyof NonNullable<OverviewFiguresData['demographic']>; unit: 'money' | 'count' }[] = [
    { key: 'branches', unit: 'money' },
    { key: 'revenuePerPublisher', unit: 'money' },
    { key: 'age', unit: 'count' },
    { key: 'gender', unit: 'count' },
    { key: 'nationality', unit: 'count' },
  ];
  const shown = charts.filter(
    (chart) =>
      chart.key === 'branches' ||
      chart.key === 'revenuePerPublisher' ||
      (demographic?.[chart.key].length ?? 0) > 0,
  );
  return (
    <Stack gap="lg" w={width}>
      <section>
        <Title order={2} size="h3" mb="sm">
          {m.statistics}
        </Title>
        <StatisticCards
          statistics={data.statistics}
          reachSource={data.reachSource}
          leading={<DateCard card={dateCard} />}
          columns={{ base: 4 }}
        />
      </section>
      <section>
        <Title order={2} size="h3" mb="sm">
          {m.insights}
        </Title>
        <InsightCards insights={data.insights} columns={{ base: 4 }} />
      </section>
      <section>
        <Title order={2} size="h3" mb="sm">
          {m.performance}
        </Title>
        <Stack gap="md">
          {(['conversions', 'revenue'] as const).map((metric) => (
            <Paper key={metric} withBorder p="sm" radius="md" className={classes.chartCard}>
              <Title order={3} size="h5" mb="xs">
                {m.performanceTabs[metric]}
              </Title>
              <PerformanceLineChart points={data.performance?.[metric] ?? []} metric={metric} height={220} />
            </Paper>
          ))}
        </Stack>
      </section>
      <section>
        <Title order={2} size="h3" mb="sm">
          {m.demographic}
        </Title>
        <SimpleGrid cols={2} spacing="md">
          {shown.map((chart) => (
            <Paper key={chart.key} withBorder p="sm" radius="md" className={classes.chartCard}>
              <Title order={3} size="h5" mb="xs">
                {m.demographicCharts[chart.key]}
              </Title>
              <DistributionDoughnut
                points={
                  chart.key === 'branches'
                    ? withOthers(demographic?.branches ?? [])
                    : (demographic?.[chart.key] ?? [])
                }
                unit={chart.unit}
                size={170}
                label={m.demographicCharts[chart.key]}
              />
            </Paper>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
