import { LineChart } from '@mantine/charts';
import { Center, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { axisMaximum, type ChartPoint } from '@krowd/domain/dashboard/chart.rules';
import { messages } from '@krowd/domain/messages/messages';
import { formatMoney } from '@/lib/format';
import classes from './reporting.module.css';
import { formatCount } from './report-values.ts';

const m = messages.report;

export type PerformanceMetric = 'conversions' | 'revenue';

export interface PerformanceLineChartProps {
  /** Weekly points labelled Year-Week; revenue in pence. */
  points: readonly ChartPoint[];
  metric: PerformanceMetric;
  height?: number;
  /** Off for print, so the lines are drawn before the print dialog opens. */
  animate?: boolean;
}

/** One weekly line: x Year-Week, y Customers or Revenue (GBP), the axis up to the largest + 10%. */
export function PerformanceLineChart({
  points,
  metric,
  height = 260,
  animate = true,
}: PerformanceLineChartProps) {
  if (points.length === 0) {
    return (
      <Center h={height}>
        <Text c="dimmed">{m.noChartData}</Text>
      </Center>
    );
  }
  const revenue = metric === 'revenue';
  // Revenue is drawn in pounds (the axis says GBP); the tooltip shows it as £ with pence.
  const data = points.map((point) => ({
    week: point.label,
    value: revenue ? point.value / 100 : point.value,
  }));
  const label = revenue ? m.revenueGbp : m.customers;
  return (
    <LineChart
      h={height}
      data={data}
      dataKey="week"
      series={[{ name: 'value', label, color: revenue ? 'teal.7' : 'blue.6' }]}
      curveType="monotone"
      xAxisLabel={m.yearWeek}
      yAxisLabel={label}
      yAxisProps={{ domain: [0, axisMaximum(data.map((point) => point.value))], width: 70 }}
      valueFormatter={(value) => (revenue ? formatMoney(Math.round(value * 100)) : formatCount(value))}
      lineProps={{ isAnimationActive: animate }}
      gridAxis="xy"
      withDots={data.length <= 20}
      aria-label={`${m.performance}: ${label}`}
    />
  );
}

export interface PerformanceCardProps {
  performance: { conversions: readonly ChartPoint[]; revenue: readonly ChartPoint[] } | undefined;
}

/** The 'Performance' card with its conversions and revenue tabs (spec 3 §2.4). */
export function PerformanceCard({ performance }: PerformanceCardProps) {
  const [metric, setMetric] = useState<PerformanceMetric>('conversions');
  return (
    <Paper withBorder p="md" radius="md" className={classes.chartCard}>
      <Stack gap="sm">
        <Title order={4}>{m.performance}</Title>
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(value) => setMetric(value as PerformanceMetric)}
          data={[
            { value: 'conversions', label: m.performanceTabs.conversions },
            { value: 'revenue', label: m.performanceTabs.revenue },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <PerformanceLineChart points={performance?.[metric] ?? []} metric={metric} />
      </Stack>
    </Paper>
  );
}
