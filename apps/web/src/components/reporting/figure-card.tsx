import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './reporting.module.css';

export interface FigureCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** One labelled figure: the statistic, insight and date cards all look like this. */
export function FigureCard({ label, value, hint }: FigureCardProps) {
  return (
    <Paper withBorder p="md" radius="md" className={classes.card} data-testid="figure-card">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4} className={classes.figure}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}
