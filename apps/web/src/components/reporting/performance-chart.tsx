import { Box, Center, Text } from '@mantine/core';
import { Line } from 'react-chartjs-2';
import { axisMaximum, type ChartPoint } from '@krowd/domain/dashboard/chart.rules';
import { messages } from '@krowd/domain/messages/messages';
import { formatMoney } from '@/lib/format';
import { canDrawCharts } from './chart-setup.ts';
import { formatCount } from './report-values.ts';
import { ChartDataTable } from './chart-data-table.tsx';
import { TabbedChartCard } from './tabbed-chart-card.tsx';

const m = messages.report;

export type PerformanceMetric = 'conversions' | 'revenue';

/** The lines' colours (3:1 on white at least, theme.test.ts). */
export const revenueColour = '#0c8599';
export const transactionsColour = '#1c7ed6';

export interface PerformanceLineChartProps {
  /** Weekly points labelled Year-Week; revenue in pence. */
  points: readonly ChartPoint[];
  metric: PerformanceMetric;
  height?: number;
}

/** One weekly line: x Year-Week, y Customers or Revenue (GBP), the axis up to the largest + 10%. */
export function PerformanceLineChart({ points, metric, height = 260 }: PerformanceLineChartProps) {
  if (points.length === 0) {
    return (
      <Center h={height}>
        <Text c="dimmed">{m.noChartData}</Text>
      </Center>
    );
  }
  const revenue = metric === 'revenue';
  // Revenue is drawn in pounds (the axis says GBP); the tooltip shows it as £ with pence.
  const values = points.map((point) => (revenue ? point.value / 100 : point.value));
  const label = revenue ? m.revenueGbp : m.customers;
  const colour = revenue ? revenueColour : transactionsColour;
  const format = (value: number) => (revenue ? formatMoney(Math.round(value * 100)) : formatCount(value));
  return (
    <Box h={height} pos="relative">
      {canDrawCharts ? (
        <Line
          role="img"
          aria-label={`${m.performance}: ${label}`}
          data={{
            labels: points.map((point) => point.label),
            datasets: [
              {
                label,
                data: values,
                borderColor: colour,
                backgroundColor: `${colour}22`,
                fill: true,
                tension: 0.3,
                pointRadius: values.length <= 20 ? 3 : 0,
              },
            ],
          }}
          options={{
            // Drawn once: an animation redraws the chart every frame for a second, long tasks on a
            // phone while the page is becoming usable; print needs it drawn at once.
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: {
              tooltip: { callbacks: { label: (item) => `${label}: ${format(item.parsed.y ?? 0)}` } },
            },
            scales: {
              x: { title: { display: true, text: m.yearWeek } },
              y: {
                min: 0,
                max: axisMaximum(values),
                title: { display: true, text: label },
                ticks: { callback: (value) => (revenue ? `£${formatCount(Number(value))}` : value) },
              },
            },
          }}
        >
          {`${m.performance}: ${label}`}
        </Line>
      ) : (
        <Text c="dimmed" size="sm">
          {`${m.performance}: ${label}`}
        </Text>
      )}
      <ChartDataTable
        caption={`${m.performance}: ${label}`}
        columns={[m.yearWeek, label]}
        rows={points.map((point, index) => ({ label: point.label, value: format(values[index]!) }))}
      />
    </Box>
  );
}

export interface PerformanceCardProps {
  performance: { conversions: readonly ChartPoint[]; revenue: readonly ChartPoint[] } | undefined;
}

/** The 'Performance' card with its conversions and revenue tabs (spec 3 §2.4). */
export function PerformanceCard({ performance }: PerformanceCardProps) {
  return (
    <TabbedChartCard<PerformanceMetric>
      title={m.performance}
      tabs={[
        { value: 'conversions', label: m.performanceTabs.conversions },
        { value: 'revenue', label: m.performanceTabs.revenue },
      ]}
    >
      {(metric) => <PerformanceLineChart points={performance?.[metric] ?? []} metric={metric} />}
    </TabbedChartCard>
  );
}
