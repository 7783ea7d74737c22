import { ActionIcon, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import {
  performanceTotals,
  type CampaignReference,
  type OverviewContentInput,
  type OverviewFigures,
} from '@krowd/domain/overview/overview.schema';
import { DateField } from '@/components/ui/date-fields';
import { NumberField } from '@/components/ui/number-field';
import classes from '@/components/ui/editable-table.module.css';

const m = messages.overview;

export interface PerformanceRowViewProps {
  index: number;
  control: Control<OverviewContentInput>;
  campaign: CampaignReference;
  computedOf: Map<string, OverviewFigures['performance'][number]>;
  dateError: string | undefined;
  onRemove: () => void;
}

/** One row of the Performance table: its date, reach, conversions and revenue, the computed row beside. */
export function PerformanceRowView({
  index,
  control,
  campaign,
  computedOf,
  dateError,
  onRemove,
}: PerformanceRowViewProps) {
  const date = useWatch({ control, name: `performance.${index}.date` });
  const computed = typeof date === 'string' ? computedOf.get(date) : undefined;
  return (
    <Table.Tr>
      <Table.Td className={classes.wide} data-label={m.performanceColumns.date}>
        <Controller
          control={control}
          name={`performance.${index}.date`}
          render={({ field }) => (
            // Typed as DD/MM/YYYY (spec 2 §9); a date outside the campaign is the schema's to refuse, saying so.
            <DateField
              aria-label={m.rowDate(index + 1)}
              defaultDate={campaign.startDate}
              error={dateError}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              popoverProps={{ withinPortal: true }}
            />
          )}
        />
      </Table.Td>
      <Table.Td data-label={m.performanceColumns.reach}>
        <NumberField
          control={control}
          name={`performance.${index}.reach`}
          aria-label={m.rowReach(index + 1)}
          min={0}
          allowDecimal={false}
        />
      </Table.Td>
      <Table.Td data-label={m.performanceColumns.conversions}>
        <NumberField
          control={control}
          name={`performance.${index}.conversions`}
          aria-label={m.rowConversions(index + 1)}
          min={0}
          allowDecimal={false}
        />
      </Table.Td>
      <Table.Td data-label={m.performanceColumns.revenue}>
        <NumberField
          kind="pence"
          control={control}
          name={`performance.${index}.revenue`}
          aria-label={m.rowRevenue(index + 1)}
        />
      </Table.Td>
      <Table.Td data-label={m.performanceColumns.computed}>
        <Text size="xs" c="dimmed">
          {computed
            ? `${computed.reach} · ${computed.conversions} · ${formatPence(computed.revenue)}`
            : m.noComputedRow}
        </Text>
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={messages.list.removeRow(index + 1)}
          onClick={onRemove}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export interface PerformanceTotalsProps {
  control: Control<OverviewContentInput>;
  computed: OverviewFigures;
}

/** The Performance table's totals as edited, with the computed totals beside. */
export function PerformanceTotals({ control, computed }: PerformanceTotalsProps) {
  const rows = useWatch({ control, name: 'performance' });
  const totals = performanceTotals(
    rows.map((row) => ({
      reach: asNumber(row.reach),
      conversions: asNumber(row.conversions),
      revenue: asNumber(row.revenue),
    })),
  );
  return (
    <Table.Tfoot>
      <Table.Tr data-testid="performance-totals">
        <Table.Th className={classes.wide}>{m.total}</Table.Th>
        <Table.Th data-label={m.performanceColumns.reach}>{totals.reach.toLocaleString('en-GB')}</Table.Th>
        <Table.Th data-label={m.performanceColumns.conversions}>
          {totals.conversions.toLocaleString('en-GB')}
        </Table.Th>
        <Table.Th data-label={m.performanceColumns.revenue}>{formatPence(totals.revenue)}</Table.Th>
        <Table.Th data-label={m.performanceColumns.computed}>
          <Text size="xs" c="dimmed">
            {`${computed.co.reach} · ${computed.co.conversions} · ${formatPence(computed.co.revenue)}`}
          </Text>
        </Table.Th>
        <Table.Th />
      </Table.Tr>
    </Table.Tfoot>
  );
}
