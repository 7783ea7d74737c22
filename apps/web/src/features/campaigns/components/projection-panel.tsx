import { Badge, Button, Divider, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import {
  project,
  projectionDelayMs,
  type ProjectionFigures,
  type ProjectionInput,
} from '@krowd/domain/projection/projection.rules';
import { FormStatus } from '@/components/ui/form-status';
import { notify } from '@/lib/notify';
import classes from './projection-panel.module.css';

export interface ProjectionPanelProps {
  /** The brand's projection record (GET brands/{id} details.json). */
  record: unknown;
  input: ProjectionInput;
  /** Card-network users see blurred placeholders instead of figures (spec 1 §2). */
  comingSoon?: boolean;
  /** Fixed figures (the internal demo user) instead of the projection. */
  fixedFigures?: ProjectionFigures;
  onFigures?: (figures: ProjectionFigures | null) => void;
  nextDisabled: boolean;
  nextLabel: string;
  onNext: () => void;
  busy: boolean;
  /** Why Next did not go on, shown under it. */
  status?: string | null;
}

const animationMs = 700;
const m = messages.campaign;
const labels = m.projectionLabels;
const comingSoonLabels = Object.values(labels);
const wholeNumber = new Intl.NumberFormat('en-GB');

/** Counts from the previous figures to the new ones, so a change reads as a change. */
function useCountUp(target: ProjectionFigures | null): ProjectionFigures | null {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    if (!target) return;
    const start = performance.now();
    const origin = from.current ?? target;
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / animationMs);
      const eased = 1 - (1 - t) ** 3;
      const mix = (a: number, b: number) => Math.round(a + (b - a) * eased);
      setShown({
        total_cardholders: mix(origin.total_cardholders, target.total_cardholders),
        addressable_market: mix(origin.addressable_market, target.addressable_market),
        expected_reach: mix(origin.expected_reach, target.expected_reach),
        expected_conversion: mix(origin.expected_conversion, target.expected_conversion),
        expected_revenue: mix(origin.expected_revenue, target.expected_revenue),
        expected_cost: mix(origin.expected_cost, target.expected_cost),
        cpa: target.cpa === 'N/A' || origin.cpa === 'N/A' ? target.cpa : mix(origin.cpa, target.cpa),
      });
      if (t < 1) frame = requestAnimationFrame(step);
      else from.current = target;
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      from.current = target;
    };
  }, [target]);
  return target ? shown : null;
}

/**
 * The summary and projection panel (spec 1 §2): recalculated 1 s after the inputs change with the
 * domain's projection engine (the same function the tests check), figures counting up.
 */
export function ProjectionPanel(props: ProjectionPanelProps) {
  const { record, input, fixedFigures, onFigures, comingSoon } = props;
  const [figures, setFigures] = useState<ProjectionFigures | null>(fixedFigures ?? null);
  const key = JSON.stringify(input);

  useEffect(() => {
    if (fixedFigures) {
      onFigures?.(fixedFigures);
      return;
    }
    const timer = window.setTimeout(() => {
      const result = project(record, JSON.parse(key) as ProjectionInput);
      if (result.valid) {
        setFigures(result.figures);
        onFigures?.(result.figures);
      } else {
        setFigures(null);
        onFigures?.(null);
        // Card-network users see no figures, so a record without them is no news to them.
        if (!comingSoon) notify.error(messages.common.invalidData);
      }
    }, projectionDelayMs);
    return () => window.clearTimeout(timer);
  }, [record, key, fixedFigures, onFigures, comingSoon]);

  const shown = useCountUp(fixedFigures ?? figures);
  const rows: { label: string; value: string; testId: string }[] = shown
    ? [
        {
          label: labels.totalCardholders,
          value: wholeNumber.format(shown.total_cardholders),
          testId: 'total_cardholders',
        },
        {
          label: labels.addressableMarket,
          value: wholeNumber.format(shown.addressable_market),
          testId: 'addressable_market',
        },
        {
          label: labels.expectedReach,
          value: wholeNumber.format(shown.expected_reach),
          testId: 'expected_reach',
        },
        {
          label: labels.expectedConversion,
          value: wholeNumber.format(shown.expected_conversion),
          testId: 'expected_conversion',
        },
        {
          label: labels.expectedRevenue,
          value: formatPence(shown.expected_revenue),
          testId: 'expected_revenue',
        },
        { label: labels.expectedCost, value: formatPence(shown.expected_cost), testId: 'expected_cost' },
      ]
    : [];

  return (
    <Paper withBorder radius="md" p="lg" className={classes.panel}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {m.summaryTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {m.summaryIntro}
        </Text>
        <Divider />
        {props.comingSoon ? (
          <Stack gap={6} data-testid="projection-coming-soon">
            {comingSoonLabels.map((label) => (
              <Group key={label} justify="space-between" wrap="nowrap">
                <Text size="sm">{label}</Text>
                <Group gap={8} wrap="nowrap">
                  <Text fw={700} className={classes.blurred} aria-hidden>
                    00,000
                  </Text>
                  <Badge variant="light" color="gray" size="sm" className={classes.comingSoon}>
                    {messages.common.comingSoon}
                  </Badge>
                </Group>
              </Group>
            ))}
          </Stack>
        ) : shown ? (
          <Stack gap={6} aria-live="polite">
            {rows.map((row) => (
              <Group key={row.label} justify="space-between" wrap="nowrap">
                <Text size="sm">{row.label}</Text>
                <Text fw={700} data-testid={`projection-${row.testId}`}>
                  {row.value}
                </Text>
              </Group>
            ))}
            <Group justify="space-between" wrap="nowrap">
              <Tooltip label={m.cpaHint}>
                <Text size="xs" c="dimmed">
                  {m.cpa}
                </Text>
              </Tooltip>
              <Text size="xs" c="dimmed" data-testid="projection-cpa">
                {shown.cpa === 'N/A' ? messages.common.notAvailable : formatPence(shown.cpa)}
              </Text>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {m.projectionPending}
          </Text>
        )}
        <Divider />
        <Button onClick={props.onNext} disabled={props.nextDisabled} loading={props.busy}>
          {props.nextLabel}
        </Button>
        <FormStatus message={props.status} />
      </Stack>
    </Paper>
  );
}
