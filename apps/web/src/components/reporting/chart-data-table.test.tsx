import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { PerformanceLineChart } from './performance-chart.tsx';

describe('a chart’s text alternative', () => {
  it('gives the performance line’s weeks and values as a table a screen reader reads', () => {
    render(
      <MantineProvider>
        <PerformanceLineChart
          metric="revenue"
          points={[
            { label: '2026-W01', value: 123_450 },
            { label: '2026-W02', value: 5_000 },
          ]}
        />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', {
      name: `${messages.report.performance}: ${messages.report.revenueGbp}`,
    });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${messages.report.yearWeek}${messages.report.revenueGbp}`,
      '2026-W01£1,234.50',
      '2026-W02£50.00',
    ]);
  });
});
