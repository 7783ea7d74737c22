import { ActionIcon, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import {
  performanceTotals,
  type CampaignReference,
  type OverviewContentInput,
  type OverviewFigures,
} from '@krowd/domain/overview/overview.schema';
import { NumberField } from '@/components/ui/number-field';

const m = messages.overview;

export interface PerformanceRowViewProps {
  index: number;
  control: Control<OverviewContentInput>;
  campaign: CampaignReference;
  computedOf: Map<string, OverviewFigures['performance'][number]>;
  dateError: string | undefined;
  register: UseFormRegister<OverviewContentInput>;
  onRemove: () => void;
}

/** One row of the Performance table: its date, reach, conversions and revenue, the computed row beside. */
export function PerformanceRowView({
  index,
  control,
  campaign,
  computedOf,
  dateError,
  register,
  onRemove,
}: PerformanceRowViewProps) {
  const date = useWatch({ control, name: `performance.${index}.date` });
  const computed = typeof date === 'string' ? computedOf.get(date) : undefined;
  return (
    <Table.Tr>
      <Table.Td>
        <TextInput
          type="date"
          aria-label={m.rowDate(index + 1)}
          min={campaign.startDate}
          max={campaign.endDate}
          error={dateError}
          {...register(`performance.${index}.date`)}
        />
      </Table.Td>
      <Table.Td>
        <NumberField
          control={control}
          name={`performance.${index}.reach`}
          aria-label={m.rowReach(index + 1)}
          min={0}
          allowDecimal={false}
        />
      </Table.Td>
      <Table.Td>
        <NumberField
          control={control}
          name={`performance.${index}.conversions`}
          aria-label={m.rowConversions(index + 1)}
          min={0}
          allowDecimal={false}
        />
      </Table.Td>
      <Table.Td>
        <NumberField
          kind="pence"
          control={control}
          name={`performance.${index}.revenue`}
          aria-label={m.rowRevenue(index + 1)}
        />
      </Table.Td>
      <Table.Td>
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
        <Table.Th>{m.total}</Table.Th>
        <Table.Th>{totals.reach.toLocaleString('en-GB')}</Table.Th>
        <Table.Th>{totals.conversions.toLocaleString('en-GB')}</Table.Th>
        <Table.Th>{formatPence(totals.revenue)}</Table.Th>
        <Table.Th>
          <Text size="xs" c="dimmed">
            {`${computed.co.reach} · ${computed.co.conversions} · ${formatPence(computed.co.revenue)}`}
          </Text>
        </Table.Th>
        <Table.Th />
      </Table.Tr>
    </Table.Tfoot>
  );
}
