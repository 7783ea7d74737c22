import { Select } from '@mantine/core';
import { messages } from '@krowd/domain/messages/messages';
import {
  lastMonthsOptions,
  monthLabel,
  rangeOfValue,
  rangeValue,
  selectableMonths,
  type InsightsRange,
} from './date-range.ts';

const m = messages.insightsWeb;

export interface DateRangeSelectProps {
  value: InsightsRange;
  onChange: (range: InsightsRange) => void;
  now: Date;
  timeZone: string;
}

/** The insights date range (spec 3 §4): the last 3, 6, 12 or 24 months, or one month of the last two years. */
export function DateRangeSelect({ value, onChange, now, timeZone }: DateRangeSelectProps) {
  const data = [
    {
      group: m.dateRange,
      items: lastMonthsOptions.map((months) => ({ value: `last-${months}`, label: m.lastMonths(months) })),
    },
    {
      group: m.singleMonths,
      items: selectableMonths(now, timeZone).map((month) => ({
        value: `month-${month}`,
        label: monthLabel(month),
      })),
    },
  ];
  return (
    <Select
      label={m.dateRange}
      data={data}
      value={rangeValue(value)}
      onChange={(next) => {
        const range = next ? rangeOfValue(next) : null;
        if (range) onChange(range);
      }}
      allowDeselect={false}
      maxDropdownHeight={320}
      w={200}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
