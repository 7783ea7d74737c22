import { Box, Center, Group, Stack, Text } from '@mantine/core';
import { Doughnut } from 'react-chartjs-2';
import {
  doughnutSlices,
  isLegendHidden,
  withOthers,
  type ChartPoint,
} from '@krowd/domain/dashboard/chart.rules';
import { messages } from '@krowd/domain/messages/messages';
import { formatMoney } from '@/lib/format';
import { canDrawCharts } from './chart-setup.ts';
import classes from './reporting.module.css';
import { formatCount } from './report-values.ts';
import { ChartDataTable } from './chart-data-table.tsx';
import { TabbedChartCard } from './tabbed-chart-card.tsx';

const m = messages.report;

export interface DistributionDoughnutProps {
  points: readonly ChartPoint[];
  /** Money in pence (shown as £) or counts. */
  unit: 'money' | 'count';
  size?: number;
  label?: string;
}

/**
 * A doughnut (spec 3 §9): 11 fixed colours then pastels; the legend hides when there are more
 * than 3 slices and a label over 14 characters (the tooltip still names each slice).
 */
export function DistributionDoughnut({ points, unit, size = 200, label }: DistributionDoughnutProps) {
  const slices = doughnutSlices(points);
  if (slices.length === 0) {
    return (
      <Center h={size}>
        <Text c="dimmed">{m.noChartData}</Text>
      </Center>
    );
  }
  const format = (value: number) => (unit === 'money' ? formatMoney(value) : formatCount(value));
  const legendHidden = isLegendHidden(slices.map((slice) => slice.label));
  return (
    <Stack gap="sm" align="center" aria-label={label}>
      <Box w={size} h={size} pos="relative">
        {canDrawCharts ? (
          <Doughnut
            role="img"
            aria-label={label}
            data={{
              labels: slices.map((slice) => slice.label),
              datasets: [
                {
                  data: slices.map((slice) => slice.value),
                  backgroundColor: slices.map((slice) => slice.colour),
                  borderWidth: 1,
                },
              ],
            }}
            options={{
              // Drawn once, as the line charts are (performance-chart.tsx).
              animation: false,
              cutout: '62%',
              plugins: {
                tooltip: { callbacks: { label: (item) => `${item.label}: ${format(item.parsed)}` } },
              },
            }}
          >
            {label}
          </Doughnut>
        ) : (
          <Text c="dimmed" size="sm">
            {label}
          </Text>
        )}
      </Box>
      {label ? (
        <ChartDataTable
          caption={label}
          columns={[label, unit === 'money' ? m.revenueGbp : m.customers]}
          rows={slices.map((slice) => ({ label: slice.label, value: format(slice.value) }))}
        />
      ) : null}
      {legendHidden ? null : (
        <Box className={classes.legend} data-testid="doughnut-legend">
          {slices.map((slice) => (
            <Group key={slice.label} gap={0} wrap="nowrap">
              <span className={classes.swatch} style={{ background: slice.colour }} />
              <Text size="xs">
                {slice.label}: {format(slice.value)}
              </Text>
            </Group>
          ))}
        </Box>
      )}
    </Stack>
  );
}

export type DistributionTab = 'revenue' | 'publisher';

export interface DistributionCardProps {
  demographic: { branches: readonly ChartPoint[]; revenuePerPublisher: readonly ChartPoint[] } | undefined;
}

/**
 * The 'Distribution' card (spec 3 §2.4): Revenue by branch (the first 10 branches, then 'Others')
 * and by Publisher.
 */
export function DistributionCard({ demographic }: DistributionCardProps) {
  return (
    <TabbedChartCard<DistributionTab>
      title={m.distribution}
      tabs={[
        { value: 'revenue', label: m.distributionTabs.revenue },
        { value: 'publisher', label: m.distributionTabs.publisher },
      ]}
    >
      {(tab) =>
        tab === 'revenue' ? (
          <DistributionDoughnut
            points={withOthers(demographic?.branches ?? [])}
            unit="money"
            label={m.demographicCharts.branches}
          />
        ) : (
          <DistributionDoughnut
            points={demographic?.revenuePerPublisher ?? []}
            unit="money"
            label={m.demographicCharts.revenuePerPublisher}
          />
        )
      }
    </TabbedChartCard>
  );
}
