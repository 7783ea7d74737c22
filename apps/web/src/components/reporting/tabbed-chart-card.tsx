import { Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import classes from './reporting.module.css';

interface ChartTab<Tab extends string> {
  value: Tab;
  label: string;
}

export interface TabbedChartCardProps<Tab extends string> {
  title: string;
  /** The tabs in order; the first is shown first. */
  tabs: readonly [ChartTab<Tab>, ...ChartTab<Tab>[]];
  /** The chart of the chosen tab. */
  children: (tab: Tab) => ReactNode;
}

/** A chart card whose chart switches between tabs, chosen in the control under its title. */
export function TabbedChartCard<Tab extends string>({ title, tabs, children }: TabbedChartCardProps<Tab>) {
  const [tab, setTab] = useState<Tab>(tabs[0].value);
  return (
    <Paper withBorder p="md" radius="md" className={classes.chartCard}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <SegmentedControl
          size="xs"
          value={tab}
          onChange={(value) => setTab(value as Tab)}
          data={[...tabs]}
          style={{ alignSelf: 'flex-start' }}
        />
        {children(tab)}
      </Stack>
    </Paper>
  );
}
