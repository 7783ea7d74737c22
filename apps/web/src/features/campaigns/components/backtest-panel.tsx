import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import type { BacktestRequestInput, BacktestResult } from '@krowd/domain/backtest/backtest.schema';
import { displayDate, periodOf } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import { useCampaignBacktest } from '../api/get-campaign-backtest.ts';

const m = messages.campaign.backtest;
const wholeNumber = new Intl.NumberFormat('en-GB');

export interface BacktestPanelProps {
  /** The draft's rule fields once the form would accept them (debounced); null while it would not. */
  draft: BacktestRequestInput | null;
}

/** The figures as lines of label and value, the budget's day in the spec's date format. */
function figureRows(result: BacktestResult) {
  return [
    {
      label: m.labels.qualified,
      value: wholeNumber.format(result.qualified),
      note: m.ofPurchases(wholeNumber.format(result.purchases)),
      testId: 'qualified',
    },
    { label: m.labels.cardholders, value: wholeNumber.format(result.cardholders), testId: 'cardholders' },
    { label: m.labels.revenue, value: formatPence(result.revenuePence), testId: 'revenue' },
    { label: m.labels.cashback, value: formatPence(result.cashbackPence), testId: 'cashback' },
    { label: m.labels.fee, value: formatPence(result.successFeePence), testId: 'fee' },
    {
      label: m.labels.budgetRunOut,
      value:
        result.budgetType === 'na'
          ? m.noBudget
          : result.budgetRunOutOn === null
            ? m.budgetNotReached
            : displayDate(result.budgetRunOutOn),
      testId: 'budget-run-out',
    },
  ];
}

/**
 * "Had this campaign run last month" (docs/decisions/0131), under the projection: the draft as it
 * stands replayed over the brand's own transactions of the last full month by the live engine (the
 * API). The figures sit in a labelled region; a change of them is announced once, politely, in a
 * live region of its own (not the figures themselves, which would be read out whole each time).
 */
export function BacktestPanel({ draft }: BacktestPanelProps) {
  const titleId = useId();
  const backtest = useCampaignBacktest(draft);
  const result = draft === null ? undefined : backtest.data;
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef<BacktestResult | undefined>(undefined);

  useEffect(() => {
    if (!result || backtest.isPlaceholderData || announced.current === result) return;
    announced.current = result;
    setAnnouncement(
      m.announce(
        wholeNumber.format(result.qualified),
        formatPence(result.revenuePence),
        formatPence(result.cashbackPence),
      ),
    );
  }, [result, backtest.isPlaceholderData]);

  let body;
  if (draft === null) {
    body = (
      <Text size="sm" c="dimmed">
        {m.pending}
      </Text>
    );
  } else if (backtest.isError) {
    body = (
      <Alert color="red" title={m.failed} data-testid="backtest-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{backtest.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void backtest.refetch()}>
            {m.retry}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!result) {
    body = (
      <Group gap="xs" data-testid="backtest-loading">
        <Loader size="xs" />
        <Text size="sm">{m.loading}</Text>
      </Group>
    );
  } else if (result.purchases === 0) {
    body = (
      <Text size="sm" c="dimmed" data-testid="backtest-empty">
        {m.empty(periodOf(result.month))}
      </Text>
    );
  } else {
    body = (
      <Stack gap={6} aria-busy={backtest.isFetching}>
        {figureRows(result).map((row) => (
          <Group key={row.testId} justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{row.label}</Text>
            <Stack gap={0} align="flex-end">
              <Text fw={700} data-testid={`backtest-${row.testId}`}>
                {row.value}
              </Text>
              {row.note ? (
                <Text size="xs" c="dimmed">
                  {row.note}
                </Text>
              ) : null}
            </Stack>
          </Group>
        ))}
        {backtest.isFetching ? (
          <Text size="xs" c="dimmed">
            {m.updating}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId} data-testid="backtest">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {m.title}
        </Title>
        {result ? (
          <Text size="sm" c="dimmed">
            {m.intro(periodOf(result.month))}
          </Text>
        ) : null}
        <Divider />
        {body}
      </Stack>
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="backtest-announcement">
        {announcement}
      </VisuallyHidden>
    </Paper>
  );
}
