import { Alert, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChartDonut } from '@tabler/icons-react';
import { lazy, memo, startTransition, Suspense, useEffect, useState } from 'react';
import type { DateCard } from '@krowd/domain/dashboard/report.rules';
import { DateCard as DateCardTile } from '@/components/reporting/date-card';
import { messages } from '@krowd/domain/messages/messages';
import { afterNextPaint } from '@/lib/after-next-paint';
import type { DashboardResult } from '../api/get-dashboard.ts';
import { RewardStatusCard } from './reward-status-card.tsx';

const m = messages.report;

// The figures bring Chart.js: loaded with the first answer that has figures, so a dashboard with
// none (and every dashboard's first paint) never waits for it.
const OverviewFigures = lazy(async () => ({
  default: (await import('@/components/reporting/overview-figures')).OverviewFigures,
}));

/**
 * False until the browser has painted what the first render drew. The figures' answer is often
 * there before the page draws (the dashboard's preload); Chart.js is asked for after that paint,
 * so the page shows its filters and skeletons without waiting for the charts' download.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  // A transition: the figures are drawn in slices React can pause, not one long task.
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}

/** Whether an answer has figures to show: campaigns with results and at least one conversion. */
export function hasFigures(answer: DashboardResult | undefined): boolean {
  if (!answer || answer.count === 0) return false;
  const conversions = answer.statistics?.find((statistic) => statistic.name === 'conversions')?.value;
  return conversions === undefined || (typeof conversions === 'number' && conversions > 0);
}

/** The placeholders while the first answer loads. */
export function OverviewSkeleton() {
  return (
    <Stack gap="md" data-testid="overview-loading" aria-busy="true">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} h={86} radius="md" />
        ))}
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton h={340} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton h={340} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * 'No campaign overview data found.' (+ ' Please select other brand' for client admins). For one
 * campaign its date card stands above (days to start, days left or its month, spec 3 §2.5, §2.6),
 * figures or not; the count of several campaigns says nothing without figures.
 */
export function OverviewEmpty({
  suggestOtherBrand,
  dateCard,
}: {
  suggestOtherBrand: boolean;
  dateCard?: DateCard;
}) {
  const empty = (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs">
        <IconChartDonut size={40} stroke={1.4} color="var(--mantine-color-gray-5)" />
        <Text c="dimmed" ta="center" data-testid="overview-empty">
          {m.noOverviewData}
          {suggestOtherBrand ? m.selectOtherBrand : ''}
        </Text>
      </Stack>
    </Paper>
  );
  if (!dateCard || dateCard.kind === 'campaigns') return empty;
  return (
    <Stack gap="md">
      <Group>
        <DateCardTile card={dateCard} />
      </Group>
      {empty}
    </Stack>
  );
}

export interface OverviewBodyProps {
  answer: DashboardResult | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  dateCard: DateCard;
  suggestOtherBrand: boolean;
}

/**
 * The figures area: skeletons while the first answer loads, the retry alert when it failed (the
 * spec only logs; a silent blank screen is worse), the empty state, or the figures. Drawn again
 * only when a prop changes: the filters' lists answering leave it alone.
 */
export const OverviewBody = memo(function OverviewBody({
  answer,
  loading,
  error,
  onRetry,
  dateCard,
  suggestOtherBrand,
}: OverviewBodyProps) {
  const painted = usePainted();
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={m.loadFailed}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {m.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!answer)
    return loading ? <OverviewSkeleton /> : <OverviewEmpty suggestOtherBrand={suggestOtherBrand} />;
  if (!hasFigures(answer)) return <OverviewEmpty suggestOtherBrand={suggestOtherBrand} dateCard={dateCard} />;
  if (!painted) return <OverviewSkeleton />;
  return (
    <Stack gap="md">
      <Suspense fallback={<OverviewSkeleton />}>
        <OverviewFigures data={answer} dateCard={dateCard} />
      </Suspense>
      {answer.rewards ? (
        <RewardStatusCard
          rewards={answer.rewards}
          invoiceView={answer.currentFilter.is_invoice_data === true}
        />
      ) : null}
    </Stack>
  );
});
