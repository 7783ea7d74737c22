import { Box, Center, Group, Text } from '@mantine/core';
import { BarController, BarElement, Chart, RadarController, RadialLinearScale } from 'chart.js';
import { Bar, Line, Radar } from 'react-chartjs-2';
import { isIsoMonth, periodOf } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import { canDrawCharts } from '@/components/reporting/chart-setup';
import reportingClasses from '@/components/reporting/reporting.module.css';
import { formatCount } from '@/components/reporting/report-values';

// The reporting set-up registers lines and doughnuts; the insights pages also draw bars and radars.
Chart.register(BarController, BarElement, RadarController, RadialLinearScale);

const m = messages.insightsWeb;

/**
 * Series colours, in order: the brand first, then competitors or similar brands; each 3:1 on white
 * at least, as graphics need (WCAG 1.4.11; theme.test.ts). Mantine's orange.8 (2.3:1) is darkened.
 */
export const seriesColours = ['#0b7285', '#b44b05', '#7048e8', '#c2255c', '#1c7ed6', '#2f9e44'] as const;
const positiveColour = '#2f9e44';
const negativeColour = '#e03131';

/** The radars' measure: net positive share of mentions, −100..100 (insights.rules netPositiveShare). */
export const netPositiveRange = { min: -100, max: 100 } as const;

export function colourOf(index: number): string {
  return seriesColours[index % seriesColours.length]!;
}

/** 'No data available' (spec 3 §2.7, §8) in the chart's place. */
export function NoChartData({ height }: { height: number }) {
  return (
    <Center h={height} data-testid="no-chart-data">
      <Text c="dimmed">{m.noData}</Text>
    </Center>
  );
}

/** The charts' legend, in HTML like the reporting charts' (Chart.js's own legend is not registered). */
export function ChartLegend({ items }: { items: readonly { label: string; colour: string }[] }) {
  return (
    <Box className={reportingClasses.legend}>
      {items.map((item) => (
        <Group key={item.label} gap={0} wrap="nowrap">
          <span className={reportingClasses.swatch} style={{ background: item.colour }} />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Box>
  );
}

/** Where a canvas cannot be drawn (the unit tests' happy-dom), the chart's name stands in for it. */
function TextAlternative({ label }: { label: string }) {
  return (
    <Text c="dimmed" size="sm">
      {label}
    </Text>
  );
}

export interface SentimentBarChartProps {
  categories: readonly string[];
  positive: readonly number[];
  negative: readonly number[];
  height?: number;
}

/** Horizontal bars: Positive vs Negative mentions per aspect, the axis 'Mention Count in Reviews'. */
export function SentimentBarChart({ categories, positive, negative, height = 280 }: SentimentBarChartProps) {
  const total = [...positive, ...negative].reduce((sum, value) => sum + value, 0);
  if (categories.length === 0 || total === 0) return <NoChartData height={height} />;
  return (
    <Box>
      <Box h={height} pos="relative">
        {canDrawCharts ? (
          <Bar
            role="img"
            aria-label={m.sentimentTitle}
            data={{
              labels: [...categories],
              datasets: [
                { label: m.positive, data: [...positive], backgroundColor: positiveColour, barThickness: 15 },
                { label: m.negative, data: [...negative], backgroundColor: negativeColour, barThickness: 15 },
              ],
            }}
            options={{
              indexAxis: 'y',
              interaction: { mode: 'index', intersect: false },
              plugins: {
                tooltip: {
                  callbacks: { label: (item) => `${item.dataset.label}: ${formatCount(item.parsed.x ?? 0)}` },
                },
              },
              scales: {
                x: {
                  beginAtZero: true,
                  ticks: { precision: 0 },
                },
              },
            }}
          >
            {m.sentimentTitle}
          </Bar>
        ) : (
          <TextAlternative label={m.sentimentTitle} />
        )}
      </Box>
      <ChartLegend
        items={[
          { label: m.positive, colour: positiveColour },
          { label: m.negative, colour: negativeColour },
        ]}
      />
    </Box>
  );
}

export interface RadarDataset {
  label: string;
  data: readonly number[];
}

export interface RadarChartProps {
  /** The chart's name, for screen readers and where no canvas can be drawn. */
  label: string;
  labels: readonly string[];
  datasets: readonly RadarDataset[];
  /** A fixed scale, so radars of the same measure compare. */
  range?: { min: number; max: number };
  height?: number;
}

/** A radar of one or more datasets over the same labels (aspects, or brands). */
export function RadarChart({ label, labels, datasets, range, height = 300 }: RadarChartProps) {
  if (labels.length === 0 || datasets.length === 0) return <NoChartData height={height} />;
  return (
    <Box>
      <Box h={height} pos="relative">
        {canDrawCharts ? (
          <Radar
            role="img"
            aria-label={label}
            data={{
              labels: [...labels],
              datasets: datasets.map((dataset, index) => ({
                label: dataset.label,
                data: [...dataset.data],
                borderColor: colourOf(index),
                backgroundColor: `${colourOf(index)}22`,
                pointBackgroundColor: colourOf(index),
                borderWidth: index === 0 ? 2.5 : 1.5,
                // Only the first (the brand) is filled: several filled shapes hide each other.
                fill: index === 0,
              })),
            }}
            options={{
              plugins: {
                tooltip: {
                  callbacks: { label: (item) => `${item.dataset.label}: ${item.formattedValue}` },
                },
              },
              scales: {
                r: {
                  ...range,
                  ticks: {
                    backdropColor: 'transparent',
                    stepSize: range ? (range.max - range.min) / 4 : undefined,
                  },
                  pointLabels: { font: { size: 12 } },
                },
              },
            }}
          >
            {label}
          </Radar>
        ) : (
          <TextAlternative label={label} />
        )}
      </Box>
      <ChartLegend
        items={datasets.map((dataset, index) => ({ label: dataset.label, colour: colourOf(index) }))}
      />
    </Box>
  );
}

export interface LineSeries {
  name: string;
  data: readonly { label: string; value: number | null }[];
}

export interface SeriesLineChartProps {
  label: string;
  series: readonly LineSeries[];
  yTitle: string;
  /** Aggregate Score is 0–100; net positive counts have no fixed range. */
  yRange?: { min: number; max: number };
  height?: number;
}

/** Monthly lines (labels yyyy-MM shown as MM/YYYY); a month without reviews leaves a gap. */
export function SeriesLineChart({ label, series, yTitle, yRange, height = 300 }: SeriesLineChartProps) {
  const labels = series[0]?.data.map((point) => point.label) ?? [];
  const hasValues = series.some((line) => line.data.some((point) => point.value !== null));
  if (labels.length === 0 || !hasValues) return <NoChartData height={height} />;
  return (
    <Box>
      <Box h={height} pos="relative">
        {canDrawCharts ? (
          <Line
            role="img"
            aria-label={label}
            data={{
              labels: labels.map((month) => (isIsoMonth(month) ? periodOf(month) : month)),
              datasets: series.map((line, index) => ({
                label: line.name,
                data: line.data.map((point) => point.value),
                borderColor: colourOf(index),
                backgroundColor: colourOf(index),
                // Monotone: the line never swings past the months' own values.
                cubicInterpolationMode: 'monotone',
                pointRadius: 3,
                spanGaps: false,
              })),
            }}
            options={{
              interaction: { mode: 'index', intersect: false },
              scales: {
                y: { ...yRange, title: { display: true, text: yTitle } },
              },
            }}
          >
            {label}
          </Line>
        ) : (
          <TextAlternative label={label} />
        )}
      </Box>
      <ChartLegend items={series.map((line, index) => ({ label: line.name, colour: colourOf(index) }))} />
    </Box>
  );
}
