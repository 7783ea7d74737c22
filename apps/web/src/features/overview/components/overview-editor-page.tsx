import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useParams } from 'react-router';
import { can } from '@krowd/domain/access/access.rules';
import { shiftDate } from '@krowd/domain/calendar/calendar.rules';
import { messages } from '@krowd/domain/messages/messages';
import { formatPence } from '@krowd/domain/money/money.rules';
import type { OverviewRaw } from '@krowd/domain/overview/overview-response.schema';
import {
  overviewSchemaFor,
  type OverviewContentInput,
  type OverviewFigures,
} from '@krowd/domain/overview/overview.schema';
import { FormStatus } from '@/components/ui/form-status';
import { NumberField } from '@/components/ui/number-field';
import { serverErrorOf, useZodForm } from '@/components/ui/zod-form';
import { paths } from '@/config/paths';
import { audienceOfUser } from '@/lib/access';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSessionUser } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useOverviewRaw } from '../api/get-overview-raw.ts';
import { useSaveOverview } from '../api/save-overview.ts';
import { StatsTabs } from './conversion-stats-tabs.tsx';
import editableTable from '@/components/ui/editable-table.module.css';
import { PerformanceRowView, PerformanceTotals } from './performance-table.tsx';

const m = messages.overview;

const { statisticLabels, insightLabels } = messages.report;
const summaryFields = [
  { name: 'totalCost', label: statisticLabels.total_cost },
  { name: 'highestSpend', label: insightLabels.highest_spend },
  { name: 'lowestSpend', label: insightLabels.lowest_spend },
  { name: 'averageSpend', label: insightLabels.average_spend },
] as const;

/** The editable part of figures: the four amounts, the rows and the statistics. */
export function editableOf(figures: OverviewFigures): OverviewContentInput {
  return {
    co: {
      totalCost: figures.co.totalCost,
      highestSpend: figures.co.highestSpend,
      lowestSpend: figures.co.lowestSpend,
      averageSpend: figures.co.averageSpend,
    },
    performance: figures.performance.map((row) => ({ ...row })),
    stats: figures.stats.map((stat) => ({ ...stat })),
  };
}

/** Campaign Overview Edit (spec 2 §2.13): loads the overview, then the form. */
export function OverviewEditorPage() {
  const { id = '' } = useParams();
  const raw = useOverviewRaw(id);
  const user = useSessionUser();
  const canEdit = user ? can(audienceOfUser(user), 'overview.edit') : false;
  if (raw.isPending) return <Loader aria-label={messages.common.loading} />;
  if (raw.isError) return <Alert color="red">{raw.error.message}</Alert>;
  return <OverviewEditor key={`${id}-${raw.data.overriddenAt ?? ''}`} raw={raw.data} canEdit={canEdit} />;
}

export interface OverviewEditorProps {
  raw: OverviewRaw;
  canEdit: boolean;
}

/**
 * The editor's form (spec 2 §2.13, §4, §5): summary amounts in £ (stored as pence), the
 * performance table with totals, the four conversion-statistics tabs, each list non-empty before
 * saving. The computed value shows beside each edited one. Saving stores an override beside the
 * computed figures; Preview opens the saved overview in a new tab.
 */
export function OverviewEditor({ raw, canEdit }: OverviewEditorProps) {
  const { campaign, computed } = raw;
  const schema = useMemo(() => overviewSchemaFor(campaign), [campaign]);
  const form = useZodForm(schema, editableOf(raw.overview));
  const performance = useFieldArray({ control: form.control, name: 'performance' });
  const stats = useFieldArray({ control: form.control, name: 'stats' });
  const save = useSaveOverview(campaign.id);
  const [status, setStatus] = useState<string | null>(null);
  const { errors, isDirty } = form.formState;
  const timezone = useSettings().data?.timezone ?? 'UTC';

  const handleSubmit = form.handleSubmit(async (values) => {
    setStatus(null);
    try {
      const answer = await save.mutateAsync(values);
      notify.success(answer.respMessage);
    } catch (error) {
      const message = m.saveError(serverErrorOf(error, form.setError as never));
      setStatus(message);
      notify.error(message);
    }
  });

  const handlePreview = () => {
    window.open(paths.page('campaignsPreview', { id: campaign.id }), '_blank', 'noopener');
  };

  const handleAddRow = () => {
    const rows = form.getValues('performance');
    const last = rows.at(-1)?.date;
    const date =
      typeof last === 'string' && last >= campaign.startDate && last < campaign.endDate
        ? shiftDate(last, 1)
        : campaign.startDate;
    performance.append({ date, reach: '', conversions: '', revenue: '' });
  };

  const computedOf = new Map(computed.performance.map((row) => [row.date, row]));
  const performanceError = errors.performance?.root?.message ?? errors.performance?.message;
  const statsError = errors.stats?.root?.message ?? errors.stats?.message;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h3">
              {campaign.name}
            </Title>
            <Text c="dimmed" size="sm">
              {formatCalendarDate(campaign.startDate)} – {formatCalendarDate(campaign.endDate)}
            </Text>
          </div>
          <Group>
            <Button variant="default" leftSection={<IconExternalLink size={16} />} onClick={handlePreview}>
              {m.preview}
            </Button>
            {canEdit ? (
              <Button type="submit" loading={save.isPending}>
                {messages.common.submit}
              </Button>
            ) : null}
          </Group>
        </Group>
        {!canEdit ? <Alert color="blue">{m.readOnly}</Alert> : null}
        {raw.overridden && raw.overriddenAt ? (
          <Alert color="yellow" data-testid="overridden-note">
            {m.overriddenNote(formatDateTime(raw.overriddenAt, timezone), raw.overriddenBy ?? '')}
          </Alert>
        ) : null}
        {canEdit && isDirty ? (
          <Text size="sm" c="dimmed">
            {m.previewSavedOnly}
          </Text>
        ) : null}

        {/* min-width 0: a fieldset is as wide as its widest content by default (814 px at 390). */}
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="sm">
                {m.summary}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                {summaryFields.map((field) => (
                  <NumberField
                    key={field.name}
                    kind="pence"
                    control={form.control}
                    name={`co.${field.name}`}
                    label={field.label}
                    required
                    description={m.computedValue(formatPence(computed.co[field.name]))}
                  />
                ))}
              </SimpleGrid>
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Group justify="space-between" mb="sm">
                <Title order={3} size="h4">
                  {messages.report.performance}
                </Title>
                <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={handleAddRow}>
                  {m.addRow}
                </Button>
              </Group>
              <div className={editableTable.scroller}>
                <Table
                  verticalSpacing="xs"
                  aria-label={messages.report.performance}
                  className={editableTable.table}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{m.performanceColumns.date}</Table.Th>
                      <Table.Th>{m.performanceColumns.reach}</Table.Th>
                      <Table.Th>{m.performanceColumns.conversions}</Table.Th>
                      <Table.Th>{m.performanceColumns.revenue}</Table.Th>
                      <Table.Th>{m.performanceColumns.computed}</Table.Th>
                      <Table.Th aria-label={messages.common.actions} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {performance.fields.map((row, index) => (
                      <PerformanceRowView
                        key={row.id}
                        index={index}
                        control={form.control}
                        campaign={campaign}
                        computedOf={computedOf}
                        dateError={errors.performance?.[index]?.date?.message}
                        onRemove={() => performance.remove(index)}
                      />
                    ))}
                  </Table.Tbody>
                  <PerformanceTotals control={form.control} computed={computed} />
                </Table>
              </div>
              <FormStatus message={performanceError} />
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="sm">
                {m.conversionStatistics}
              </Title>
              <StatsTabs
                control={form.control}
                fields={stats.fields}
                computed={computed}
                errors={errors.stats}
                register={form.register}
                onAdd={(type) => stats.append({ type, label: '', value: '' })}
                onRemove={(index) => stats.remove(index)}
              />
              <FormStatus message={statsError} />
            </Paper>
          </Stack>
        </fieldset>
        <FormStatus message={status} />
      </Stack>
    </form>
  );
}
